import {
  ArrowRight,
  BrainCircuit,
  ChartColumn,
  Clock,
  Database,
  Euro,
  Eye,
  FileDown,
  Gauge,
  LayoutDashboard,
  MapPin,
  ShieldCheck,
  Zap,
} from 'lucide-react';
import { Container } from '../../components/ui/container';
import { IconList } from '../../components/ui/icon-list';
import { LinkButton } from '../../components/ui/link-button';
import { localised, t } from '../../lib/i18n';
import { usePageMeta } from '../../lib/seo';
import { ComingSoonBanner } from './coming-soon-banner';
import { HowItWorks } from './how-it-works';
import { MetricsBand, PLATFORM_METRICS } from './metrics-band';
import { DarkOutlineLink, HeroPrimaryLink, SessionText } from './hero-parts';
import { PageHero } from './page-hero';
import { RiskCoverage } from './risk-coverage';
import { LOOKS } from './icon-list-looks';
import { FeatureGrid, inWords, MarketingSection, type MessageItem } from './section-heading';
import { heldClass, heldWhile, useSessionPending, useSignedIn } from './use-signed-in';

const CAPABILITIES: readonly MessageItem[] = [
  { icon: BrainCircuit, title: 'marketing.features.rulesTitle', text: 'marketing.features.rulesText' },
  { icon: Database, title: 'marketing.features.dataTitle', text: 'marketing.features.dataText' },
  { icon: MapPin, title: 'marketing.features.mappingTitle', text: 'marketing.features.mappingText' },
  { icon: Gauge, title: 'marketing.features.scoresTitle', text: 'marketing.features.scoresText' },
  { icon: FileDown, title: 'marketing.features.pdfTitle', text: 'marketing.features.pdfText' },
  { icon: LayoutDashboard, title: 'marketing.features.dashboardTitle', text: 'marketing.features.dashboardText' },
];

const BENEFITS: readonly MessageItem[] = [
  { icon: Zap, title: 'marketing.features.fasterTitle', text: 'marketing.features.fasterText' },
  { icon: ChartColumn, title: 'marketing.features.consistentTitle', text: 'marketing.features.consistentText' },
  { icon: Eye, title: 'marketing.features.transparentTitle', text: 'marketing.features.transparentText' },
  { icon: Clock, title: 'marketing.features.availableTitle', text: 'marketing.features.availableText' },
  { icon: ShieldCheck, title: 'marketing.features.privateTitle', text: 'marketing.features.privateText' },
  { icon: Euro, title: 'marketing.features.pricingTitle', text: 'marketing.features.pricingText' },
];

/** Marketing page (/features). */
export function FeaturesPage() {
  usePageMeta({ title: t('marketing.features.metaTitle'), description: t('marketing.features.metaDescription') });
  const signedIn = useSignedIn();
  const pending = useSessionPending();
  return (
    <>
      <PageHero
        id="features-title"
        eyebrow={t('marketing.features.heroEyebrow')}
        title={t('marketing.features.heroTitle')}
        description={t('marketing.features.heroDescription')}
      >
        <HeroPrimaryLink to="/dashboard">{t('marketing.features.goToDashboard')}</HeroPrimaryLink>
        <DarkOutlineLink to={localised('/products')}>{t('marketing.features.viewPricing')}</DarkOutlineLink>
      </PageHero>

      <MarketingSection
        heading={{
          id: 'capabilities-title',
          eyebrow: t('marketing.features.capabilitiesEyebrow'),
          title: t('marketing.features.capabilitiesTitle'),
          description: t('marketing.features.capabilitiesDescription'),
        }}
        tone="white"
      >
        <FeatureGrid items={inWords(CAPABILITIES)} className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
      </MarketingSection>

      <RiskCoverage />

      <MarketingSection
        heading={{ id: 'benefits-title', eyebrow: t('marketing.features.benefitsEyebrow'), title: t('marketing.features.benefitsTitle') }}
        tone="white"
      >
        <IconList items={inWords(BENEFITS)} look={LOOKS.benefit} />
      </MarketingSection>

      <section aria-labelledby="metrics-title" className="bg-brand-900 py-16 sm:py-20">
        <Container>
          <h2 id="metrics-title" className="text-center text-2xl font-bold tracking-tight text-white sm:text-3xl">
            {t('marketing.features.metricsTitle')}
          </h2>
          <MetricsBand metrics={PLATFORM_METRICS} label={t('marketing.features.metricsLabel')} tone="dark" className="mt-12" />
        </Container>
      </section>

      <HowItWorks />
      <ComingSoonBanner />

      <section aria-labelledby="features-cta-title" className="bg-slate-50 py-20 sm:py-24">
        <Container className="text-center">
          <SessionText
            as="h2"
            id="features-cta-title"
            signedIn={t('marketing.features.ctaTitleSignedIn')}
            signedOut={t('marketing.features.ctaTitleSignedOut')}
            className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          />
          <SessionText
            as="p"
            signedIn={t('marketing.features.ctaTextSignedIn')}
            signedOut={t('marketing.features.ctaTextSignedOut')}
            className="mx-auto mt-4 max-w-xl text-lg text-slate-600"
          />
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            {signedIn ? (
              <LinkButton to="/dashboard" size="lg">
                {t('marketing.features.goToDashboard')} <ArrowRight className="size-4" aria-hidden="true" />
              </LinkButton>
            ) : (
              <LinkButton to="/auth/signup" size="lg" className={heldClass(pending)} {...heldWhile(pending)}>
                {t('marketing.features.startTrial')} <ArrowRight className="size-4" aria-hidden="true" />
              </LinkButton>
            )}
            <LinkButton to={localised('/products')} size="lg" variant="outline">
              {t('marketing.features.viewPricing')}
            </LinkButton>
          </div>
        </Container>
      </section>
    </>
  );
}
