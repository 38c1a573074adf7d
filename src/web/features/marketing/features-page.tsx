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
import { IconList, withIcons } from '../../components/ui/icon-list';
import { LinkButton } from '../../components/ui/link-button';
import { usePageMeta } from '../../lib/seo';
import { ComingSoonBanner } from './coming-soon-banner';
import { HowItWorks } from './how-it-works';
import { MetricsBand, PLATFORM_METRICS } from './metrics-band';
import { DarkOutlineLink, HeroPrimaryLink, SessionText } from './hero-parts';
import { PageHero } from './page-hero';
import { RiskCoverage } from './risk-coverage';
import { LOOKS } from './icon-list-looks';
import { FeatureGrid, MarketingSection } from './section-heading';
import { heldClass, heldWhile, useSessionPending, useSignedIn } from './use-signed-in';
import featuresCopy from './copy/features.json';

const CAPABILITIES = withIcons(featuresCopy.capabilities, { BrainCircuit, Database, MapPin, Gauge, FileDown, LayoutDashboard });

const BENEFITS = withIcons(featuresCopy.benefits, { Zap, ChartColumn, Eye, Clock, ShieldCheck, Euro });

/** Marketing page (/features). */
export function FeaturesPage() {
  usePageMeta(featuresCopy.meta);
  const signedIn = useSignedIn();
  const pending = useSessionPending();
  return (
    <>
      <PageHero {...featuresCopy.hero}>
        <HeroPrimaryLink to="/dashboard">Go to Dashboard</HeroPrimaryLink>
        <DarkOutlineLink to="/products">
          View Pricing
        </DarkOutlineLink>
      </PageHero>

      <MarketingSection heading={featuresCopy.headings.capabilities} tone="white">
        <FeatureGrid items={CAPABILITIES} className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
      </MarketingSection>

      <RiskCoverage />

      <MarketingSection heading={featuresCopy.headings.benefits} tone="white">
        <IconList items={BENEFITS} look={LOOKS.benefit} />
      </MarketingSection>

      <section aria-labelledby="metrics-title" className="bg-brand-900 py-16 sm:py-20">
        <Container>
          <h2 id="metrics-title" className="text-center text-2xl font-bold tracking-tight text-white sm:text-3xl">
            Numbers that speak for themselves
          </h2>
          <MetricsBand metrics={PLATFORM_METRICS} label="Platform metrics" tone="dark" className="mt-12" />
        </Container>
      </section>

      <HowItWorks />
      <ComingSoonBanner />

      <section aria-labelledby="features-cta-title" className="bg-slate-50 py-20 sm:py-24">
        <Container className="text-center">
          <SessionText as="h2" id="features-cta-title" {...featuresCopy.cta.title} className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl" />
          <SessionText as="p" {...featuresCopy.cta.text} className="mx-auto mt-4 max-w-xl text-lg text-slate-600" />
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            {signedIn ? (
              <LinkButton to="/dashboard" size="lg">
                Go to Dashboard <ArrowRight className="size-4" aria-hidden="true" />
              </LinkButton>
            ) : (
              <LinkButton to="/auth/signup" size="lg" className={heldClass(pending)} {...heldWhile(pending)}>
                Start Free Trial <ArrowRight className="size-4" aria-hidden="true" />
              </LinkButton>
            )}
            <LinkButton to="/products" size="lg" variant="outline">
              View Pricing
            </LinkButton>
          </div>
        </Container>
      </section>
    </>
  );
}
