import {
  Briefcase,
  Building,
  CreditCard,
  Eye,
  Globe,
  KeyRound,
  Lock,
  Mail,
  Scale,
  Server,
  ShieldCheck,
  Target,
  Timer,
  UserCheck,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '../../components/ui/container';
import { TermList } from '../../components/ui/term-list';
import { IconList } from '../../components/ui/icon-list';
import { LinkButton } from '../../components/ui/link-button';
import { localised, t, T } from '../../lib/i18n';
import { usePageMeta } from '../../lib/seo';
import { PageHero } from './page-hero';
import { CtaSection } from './cta-section';
import { LOOKS } from './icon-list-looks';
import { FeatureGrid, inWords, MarketingSection, SectionHeading, type MessageItem } from './section-heading';

const AUDIENCES: readonly MessageItem[] = [
  { icon: Briefcase, title: 'marketing.about.brokersTitle', text: 'marketing.about.brokersText' },
  { icon: Scale, title: 'marketing.about.underwritersTitle', text: 'marketing.about.underwritersText' },
  { icon: ShieldCheck, title: 'marketing.about.riskManagersTitle', text: 'marketing.about.riskManagersText' },
  { icon: Building, title: 'marketing.about.businessesTitle', text: 'marketing.about.businessesText' },
];

const VALUES: readonly MessageItem[] = [
  { icon: Target, title: 'marketing.about.accuracyTitle', text: 'marketing.about.accuracyText' },
  { icon: Eye, title: 'marketing.about.transparencyTitle', text: 'marketing.about.transparencyText' },
  { icon: Timer, title: 'marketing.about.speedTitle', text: 'marketing.about.speedText' },
  { icon: Lock, title: 'marketing.about.privacyTitle', text: 'marketing.about.privacyText' },
];

const SECURITY: readonly MessageItem[] = [
  { icon: ShieldCheck, title: 'marketing.about.gdprTitle', text: 'marketing.about.gdprText' },
  { icon: Globe, title: 'marketing.about.hostingTitle', text: 'marketing.about.hostingText' },
  { icon: Lock, title: 'marketing.about.encryptionTitle', text: 'marketing.about.encryptionText' },
  { icon: KeyRound, title: 'marketing.about.passwordsTitle', text: 'marketing.about.passwordsText' },
  { icon: UserCheck, title: 'marketing.about.sessionsTitle', text: 'marketing.about.sessionsText' },
  { icon: CreditCard, title: 'marketing.about.paymentsTitle', text: 'marketing.about.paymentsText' },
  { icon: Server, title: 'marketing.about.platformTitle', text: 'marketing.about.platformText' },
  { icon: Users, title: 'marketing.about.minimisationTitle', text: 'marketing.about.minimisationText' },
];

/** The company facts: a figure and what it counts, both message ids. */
const FACTS = [
  { value: 'marketing.about.statesValue', term: 'marketing.about.states' },
  { value: 'marketing.about.riskFactorsValue', term: 'marketing.about.riskFactors' },
  { value: 'marketing.about.usersValue', term: 'marketing.about.users' },
  { value: 'marketing.about.gradeValue', term: 'marketing.about.grade' },
] as const;

/** Static company page (/about-us). */
export function AboutPage() {
  usePageMeta({ title: t('marketing.about.metaTitle'), description: t('marketing.about.metaDescription') });
  const securityHeading = {
    id: 'security-title',
    eyebrow: t('marketing.about.securityEyebrow'),
    title: t('marketing.about.securityTitle'),
    description: (
      <T
        id="marketing.about.securityDescription"
        components={{ 0: <Link to={localised('/support/privacy-policy')} className="font-medium text-brand-700 underline hover:text-brand-900" /> }}
      />
    ),
  };
  return (
    <>
      <PageHero
        id="about-title"
        eyebrow={t('marketing.about.heroEyebrow')}
        title={t('marketing.about.heroTitle')}
        description={t('marketing.about.heroDescription')}
      />

      <section aria-labelledby="company-title" className="bg-white py-20 sm:py-24">
        <Container className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
          <div>
            <SectionHeading id="company-title" align="left" eyebrow={t('marketing.about.companyEyebrow')} title={t('marketing.about.companyTitle')} />
            <div className="mt-6 space-y-4 text-base leading-relaxed text-slate-600">
              <p>{t('marketing.about.companyText1')}</p>
              <p>{t('marketing.about.companyText2')}</p>
              <p>{t('marketing.about.companyText3')}</p>
            </div>
          </div>
          <TermList
            items={FACTS.map((f) => ({ term: t(f.term), value: t(f.value) }))}
            className="grid grid-cols-2 gap-4"
            pair="flex flex-col-reverse rounded-2xl border border-slate-200 bg-slate-50 p-6"
            term="mt-1 text-sm text-slate-600"
            value="text-3xl font-bold tracking-tight text-brand-800"
          />
        </Container>
      </section>

      <MarketingSection
        heading={{ id: 'audience-title', eyebrow: t('marketing.about.audiencesEyebrow'), title: t('marketing.about.audiencesTitle') }}
        tone="slate"
      >
        <FeatureGrid items={inWords(AUDIENCES)} className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" />
      </MarketingSection>

      <section aria-labelledby="mission-title" className="bg-brand-900 py-20 text-white sm:py-24">
        <Container>
          <div className="mx-auto max-w-3xl text-center">
            <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">{t('marketing.about.missionEyebrow')}</p>
            <h2 id="mission-title" className="mt-3 text-2xl leading-snug font-bold tracking-tight text-balance sm:text-3xl">
              {t('marketing.about.mission')}
            </h2>
          </div>
          <IconList items={inWords(VALUES)} look={LOOKS.value} />
        </Container>
      </section>

      <MarketingSection heading={securityHeading} tone="white">
        <IconList items={inWords(SECURITY)} look={LOOKS.security} />
      </MarketingSection>

      <CtaSection id="about-cta-title" title={t('marketing.about.ctaTitle')} text={t('marketing.about.ctaText')} plans={t('marketing.about.viewPlans')}>
        <LinkButton to={localised('/contact')} size="lg" variant="outline">
          <Mail className="size-4" aria-hidden="true" /> {t('marketing.about.contactUs')}
        </LinkButton>
      </CtaSection>
    </>
  );
}
