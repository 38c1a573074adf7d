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
import { LinkButton } from '../../components/ui/link-button';
import { usePageMeta } from '../../lib/seo';
import { ComingSoonBanner } from './coming-soon-banner';
import { HowItWorks } from './how-it-works';
import { MetricsBand, PLATFORM_METRICS } from './metrics-band';
import { accentOnDark, DarkOutlineLink, PageHero } from './page-hero';
import { RiskCoverage } from './risk-coverage';
import { FeatureCard, SectionHeading } from './section-heading';
import { cn } from '../../components/ui/cn';
import { heldClass, heldWhile, useSessionPending, useSignedIn } from './use-signed-in';

const CAPABILITIES = [
  {
    icon: BrainCircuit,
    title: 'A published rule set, an optional AI analyst',
    text: 'Every risk is rated by a published, reproducible rule set — the same company gives the same report, and the Methodology page shows how. An AI analyst can be switched on by the operator; our code still computes every score and grade.',
  },
  {
    icon: Database,
    title: 'Automatic company data',
    text: 'Name, address, postal code and coordinates are gathered for you from the fiscal number — no manual research.',
  },
  {
    icon: MapPin,
    title: 'Location mapping',
    text: 'Each report includes a map of the company’s site, the starting point of every location-based risk.',
  },
  {
    icon: Gauge,
    title: 'Scores and grades',
    text: 'Scores from 0 to 100 per risk, averages for location and industry, and an overall grade from A to F.',
  },
  {
    icon: FileDown,
    title: 'PDF reports',
    text: 'Download the full report as a PDF to share with colleagues, clients or carriers.',
  },
  {
    icon: LayoutDashboard,
    title: 'Dashboard and credits',
    text: 'See your plan, remaining credits and reset date at a glance. Each assessment uses 1 credit.',
  },
] as const;

const BENEFITS = [
  { icon: Zap, title: 'Faster decisions', text: '90% faster than traditional methods: quote, decline or refer in minutes.' },
  {
    icon: ChartColumn,
    title: 'Consistent and comparable',
    text: 'The same method for every company, so a B in Lisbon means the same as a B in Hamburg.',
  },
  { icon: Eye, title: 'Transparent reasoning', text: 'Each score names the data behind it; key takeaways are written for insurers.' },
  { icon: Clock, title: 'Available 24/7', text: 'Run assessments whenever your clients need an answer, from any browser.' },
  { icon: ShieldCheck, title: 'Private by design', text: 'EU hosting, encryption and GDPR-compliant processing of your data.' },
  { icon: Euro, title: 'Simple pricing', text: 'Monthly or yearly billing in euros, with an annual credit allowance.' },
] as const;

/** Marketing page (/features). */
export function FeaturesPage() {
  usePageMeta({
    title: 'Features',
    description:
      'Risk assessment features for insurers: company lookup by fiscal number, location mapping, 15+ location and industry risks, grades A–F, PDF reports, portfolios and an API.',
  });
  const signedIn = useSignedIn();
  const pending = useSessionPending();
  const primary = signedIn ? (
    <LinkButton to="/dashboard" variant="accent" size="lg" className={accentOnDark}>
      Go to Dashboard <ArrowRight className="size-4" aria-hidden="true" />
    </LinkButton>
  ) : (
    <LinkButton to="/auth/signup" variant="accent" size="lg" className={cn(accentOnDark, heldClass(pending))} {...heldWhile(pending)}>
      Start Free Trial <ArrowRight className="size-4" aria-hidden="true" />
    </LinkButton>
  );

  return (
    <>
      <PageHero
        id="features-title"
        eyebrow="Features"
        title="Everything you need to understand a company’s risk"
        description="Corisk turns a fiscal number into a complete, graded risk assessment: company data, a location map, 15+ location and industry risks, an overall score and key takeaways for insurers."
      >
        {primary}
        <DarkOutlineLink to="/products">
          View Pricing
        </DarkOutlineLink>
      </PageHero>

      <section aria-labelledby="capabilities-title" className="bg-white py-20 sm:py-24">
        <Container>
          <SectionHeading
            id="capabilities-title"
            eyebrow="Core capabilities"
            title="One platform from lookup to report"
            description="Every step an underwriter would take by hand, done for you and documented in one report."
          />
          <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {CAPABILITIES.map(({ icon: Icon, title, text }) => (
              <FeatureCard key={title} icon={<Icon className="size-5" aria-hidden="true" />} title={title}>
                {text}
              </FeatureCard>
            ))}
          </div>
        </Container>
      </section>

      <RiskCoverage />

      <section aria-labelledby="benefits-title" className="bg-white py-20 sm:py-24">
        <Container>
          <SectionHeading
            id="benefits-title"
            eyebrow="Platform benefits"
            title="Built around how insurance professionals work"
          />
          <ul className="mt-14 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-500/10 text-accent-600">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </Container>
      </section>

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
          <h2
            id="features-cta-title"
            className={cn('mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl', heldClass(pending))}
            {...heldWhile(pending)}
          >
            {signedIn ? 'Your next assessment is one fiscal number away' : 'See it on your own companies'}
          </h2>
          <p className={cn('mx-auto mt-4 max-w-xl text-lg text-slate-600', heldClass(pending))} {...heldWhile(pending)}>
            {signedIn
              ? 'Open your dashboard to launch the risk assessment tool, or compare plans for more credits.'
              : 'Create an account and get free assessment credits — no card required.'}
          </p>
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
