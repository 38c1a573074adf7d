import {
  ArrowRight,
  CalendarClock,
  CloudLightning,
  Factory,
  FileDown,
  Gauge,
  Globe,
  LogIn,
  MapPin,
  Search,
  ShieldCheck,
  Target,
  Zap,
} from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../components/ui/cn';
import { Container } from '../../components/ui/container';
import { LinkButton } from '../../components/ui/link-button';
import { accentOnDark, DarkOutlineLink } from './page-hero';
import { FeatureCard, SectionHeading } from './section-heading';
import { heldClass, heldWhile, useSessionPending, useSignedIn } from './use-signed-in';

const REASONS = [
  {
    icon: Zap,
    title: '90% faster than traditional methods',
    text: 'Replace days of desk research with a structured report in under 2 minutes per assessment, available 24/7.',
  },
  {
    icon: Target,
    title: 'Built for underwriting decisions',
    text: 'Every risk is scored on likelihood and impact, graded from A to F and summed up in key takeaways written for insurers.',
  },
  {
    icon: Globe,
    title: 'Focused on European companies',
    text: 'Look up companies in all 27 EU member states by fiscal number, with country-level hazard and stability data.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure and GDPR-compliant',
    text: 'EU hosting, encryption in transit and at rest, argon2 password hashing and payments handled by Stripe.',
  },
] as const;

export function WhyChooseUs() {
  return (
    <section aria-labelledby="why-title" className="bg-white py-20 sm:py-24">
      <Container>
        <SectionHeading
          id="why-title"
          eyebrow="Why choose us"
          title="The risk desk your team has been missing"
          description="Brokers, underwriters and risk managers use Corisk to qualify new business faster and to put a consistent, documented view of risk behind every quote — with 99.9% accuracy."
        />
        <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map(({ icon: Icon, title, text }) => (
            <FeatureCard key={title} icon={<Icon className="size-5" aria-hidden="true" />} title={title}>
              {text}
            </FeatureCard>
          ))}
        </div>
      </Container>
    </section>
  );
}

const FEATURES = [
  {
    icon: Search,
    title: 'Company lookup by fiscal number',
    text: 'Enter a VAT or fiscal number and a country; Corisk searches for the company and gathers its registered data.',
  },
  {
    icon: MapPin,
    title: 'Location mapping',
    text: 'The company’s address is geocoded and drawn on a map, so you see the site behind the risk.',
  },
  {
    icon: CloudLightning,
    title: 'Location-based risks',
    text: 'Flood, earthquake, wildfire, windstorm, heat, drought, landslide, crime and political stability.',
  },
  {
    icon: Factory,
    title: 'Industry-specific risks',
    text: 'Property and fire, liability, business interruption, cyber, environmental, regulatory, supply chain and workforce.',
  },
  {
    icon: Gauge,
    title: 'Overall score and grade A–F',
    text: 'One comparable score per company, with averages for location and industry risks — 15+ risk factors in all.',
  },
  {
    icon: FileDown,
    title: 'PDF reports',
    text: 'Download the full report as a PDF to attach to a submission, a file note or a client presentation.',
  },
] as const;

export function HomeFeatures() {
  return (
    <section aria-labelledby="home-features-title" className="bg-slate-50 py-20 sm:py-24">
      <Container>
        <SectionHeading
          id="home-features-title"
          eyebrow="Features"
          title="From fiscal number to finished risk report"
          description="Everything an insurance professional needs to understand a company’s exposure — results in under 3 seconds once the company’s data is in."
        />
        <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <FeatureCard key={title} icon={<Icon className="size-5" aria-hidden="true" />} title={title}>
              {text}
            </FeatureCard>
          ))}
        </div>
        <div className="mt-10 text-center">
          <Link
            to="/features"
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-900"
          >
            Explore all features <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </Container>
    </section>
  );
}

/** Call to action: /products when signed in, /auth/signup plus Sign In when signed out; Schedule Demo → /contact. */
export function HomeCallToAction() {
  const signedIn = useSignedIn();
  const pending = useSessionPending();
  return (
    <section aria-labelledby="home-cta-title" className="bg-white py-20 sm:py-24">
      <Container>
        <div className="relative isolate overflow-hidden rounded-3xl bg-brand-900 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-16">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgba(79,128,191,0.45),transparent_65%)]"
          />
          <h2
            id="home-cta-title"
            className={cn('mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl', heldClass(pending))}
            {...heldWhile(pending)}
          >
            {signedIn ? 'Ready for your next assessment?' : 'Run your first assessment today'}
          </h2>
          <p className={cn('mx-auto mt-4 max-w-xl text-base leading-relaxed text-brand-100 sm:text-lg', heldClass(pending))} {...heldWhile(pending)}>
            {signedIn
              ? 'Pick the plan that fits your volume and turn fiscal numbers into graded risk reports.'
              : 'Create an account and receive free assessment credits — no card required. Join 10,000+ users assessing risk the fast way.'}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            {signedIn ? (
              <LinkButton to="/products" variant="accent" size="lg" className={accentOnDark}>
                View Plans <ArrowRight className="size-4" aria-hidden="true" />
              </LinkButton>
            ) : (
              <>
                <LinkButton to="/auth/signup" variant="accent" size="lg" className={cn(accentOnDark, heldClass(pending))} {...heldWhile(pending)}>
                  Get Started Free <ArrowRight className="size-4" aria-hidden="true" />
                </LinkButton>
                <LinkButton to="/auth/signin" size="lg" variant="outline" className={heldClass(pending)} {...heldWhile(pending)}>
                  <LogIn className="size-4" aria-hidden="true" /> Sign In
                </LinkButton>
              </>
            )}
            <DarkOutlineLink to="/contact">
              <CalendarClock className="size-4" aria-hidden="true" /> Schedule Demo
            </DarkOutlineLink>
          </div>
        </div>
      </Container>
    </section>
  );
}
