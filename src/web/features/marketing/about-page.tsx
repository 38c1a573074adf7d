import {
  ArrowRight,
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
import { LinkButton } from '../../components/ui/link-button';
import { usePageMeta } from '../../lib/seo';
import { PageHero } from './page-hero';
import { FeatureCard, SectionHeading } from './section-heading';

const FACTS = [
  { value: '27', label: 'EU member states covered' },
  { value: '15+', label: 'Risk factors per company' },
  { value: '10,000+', label: 'Users' },
  { value: 'A–F', label: 'One grade, one scale' },
] as const;

const AUDIENCES = [
  { icon: Briefcase, title: 'Brokers', text: 'Qualify prospects and prepare stronger submissions for carriers.' },
  { icon: Scale, title: 'Underwriters', text: 'Triage new business and document the risk view behind each decision.' },
  { icon: ShieldCheck, title: 'Risk managers', text: 'Benchmark sites and suppliers and prioritise risk-control work.' },
  { icon: Building, title: 'Businesses', text: 'Understand your own exposure before you talk to your insurer.' },
] as const;

const VALUES = [
  { icon: Target, title: 'Accuracy', text: 'Sound data and a documented method, checked against underwriting practice.' },
  { icon: Eye, title: 'Transparency', text: 'Every score explains itself; no black boxes behind a grade.' },
  { icon: Timer, title: 'Speed', text: 'Minutes, not weeks — so the answer arrives while the client is still on the line.' },
  { icon: Lock, title: 'Privacy', text: 'European data protection is a design rule, not an afterthought.' },
] as const;

const SECURITY = [
  {
    icon: ShieldCheck,
    title: 'GDPR compliance',
    text: 'We process personal data lawfully, for stated purposes and only as long as needed. You can access, correct, export or delete your data.',
  },
  {
    icon: Globe,
    title: 'EU hosting',
    text: 'The application and its database run in data centres in the European Union.',
  },
  {
    icon: Lock,
    title: 'Encryption',
    text: 'All traffic is encrypted with TLS, and stored data is encrypted at rest.',
  },
  {
    icon: KeyRound,
    title: 'Password protection',
    text: 'Passwords are hashed with argon2id, a memory-hard algorithm; nobody, including us, can read them.',
  },
  {
    icon: UserCheck,
    title: 'Secure sessions',
    text: 'Short-lived access tokens with rotating refresh tokens; inactive sessions end automatically after 30 minutes.',
  },
  {
    icon: CreditCard,
    title: 'Secure payments',
    text: 'Payments are processed by Stripe, certified PCI DSS Level 1. Card details never reach our servers.',
  },
  {
    icon: Server,
    title: 'Hardened platform',
    text: 'A strict Content Security Policy, security headers and rate limiting protect every request.',
  },
  {
    icon: Users,
    title: 'Data minimisation',
    text: 'We collect only what the service needs. Analytics run only if you accept cookies.',
  },
] as const;

/** Static company page (/about-us). */
export function AboutPage() {
  usePageMeta({
    title: 'About Us',
    description:
      'Corisk builds risk assessment for European insurance professionals. Our company, our mission and how we keep your data secure and GDPR-compliant.',
  });
  return (
    <>
      <PageHero
        id="about-title"
        eyebrow="About Us"
        title="Making company risk clear for European insurance"
        description="Corisk gives insurance professionals a fast, consistent and transparent view of the risks behind every company they insure."
      />

      <section aria-labelledby="company-title" className="bg-white py-20 sm:py-24">
        <Container className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
          <div>
            <SectionHeading id="company-title" align="left" eyebrow="Our company" title="Insurance know-how meets data and AI" />
            <div className="mt-6 space-y-4 text-base leading-relaxed text-slate-600">
              <p>
                Corisk is a European insurance-technology company. We build a risk assessment platform for insurance
                brokers, underwriters, risk managers and the businesses they protect. Its analysis is a published,
                reproducible rule set — the same company gives the same report — with an optional AI analyst that the
                operator of a deployment can switch on.
              </p>
              <p>
                Assessing a commercial risk has long meant hours of desk research: finding the company, checking its
                activity, looking up flood maps and crime statistics, and writing it all down. Corisk does that work in
                under 2 minutes. Enter a fiscal number and a country, and you get company data, a location map, scored
                location and industry risks, an overall grade from A to F and key takeaways for insurers — as a report
                you can download as PDF.
              </p>
              <p>
                We focus on companies in the European Union, with data and methods that follow European hazards,
                regulations and insurance practice.
              </p>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4">
            {FACTS.map((fact) => (
              <div key={fact.label} className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-slate-50 p-6">
                <dt className="mt-1 text-sm text-slate-600">{fact.label}</dt>
                <dd className="text-3xl font-bold tracking-tight text-brand-800">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </Container>
      </section>

      <section aria-labelledby="audience-title" className="bg-slate-50 py-20 sm:py-24">
        <Container>
          <SectionHeading id="audience-title" eyebrow="Who we serve" title="Made for the people who price and manage risk" />
          <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {AUDIENCES.map(({ icon: Icon, title, text }) => (
              <FeatureCard key={title} icon={<Icon className="size-5" aria-hidden="true" />} title={title}>
                {text}
              </FeatureCard>
            ))}
          </div>
        </Container>
      </section>

      <section aria-labelledby="mission-title" className="bg-brand-900 py-20 text-white sm:py-24">
        <Container>
          <div className="mx-auto max-w-3xl text-center">
            <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">Our mission</p>
            <h2 id="mission-title" className="mt-3 text-2xl leading-snug font-bold tracking-tight text-balance sm:text-3xl">
              Give every insurance professional in Europe fast, transparent and consistent insight into the risks they
              insure.
            </h2>
          </div>
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
                <Icon className="size-6 text-accent-400" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-brand-100">{text}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="security-title" className="bg-white py-20 sm:py-24">
        <Container>
          <SectionHeading
            id="security-title"
            eyebrow="Security and compliance"
            title="Your data is safe with us"
            description={
              <>
                Insurance runs on trust, and so do we. Read the details in our{' '}
                <Link to="/support/privacy-policy" className="font-medium text-brand-700 underline hover:text-brand-900">
                  Privacy Policy
                </Link>
                .
              </>
            }
          />
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {SECURITY.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-slate-200 p-6">
                <Icon className="size-6 text-brand-600" aria-hidden="true" />
                <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="about-cta-title" className="bg-slate-50 py-20 sm:py-24">
        <Container className="text-center">
          <h2 id="about-cta-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Work with Corisk
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-slate-600">
            Choose a plan and run your first assessment, or talk to us about your team’s needs.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <LinkButton to="/products" size="lg">
              View Plans <ArrowRight className="size-4" aria-hidden="true" />
            </LinkButton>
            <LinkButton to="/contact" size="lg" variant="outline">
              <Mail className="size-4" aria-hidden="true" /> Contact Us
            </LinkButton>
          </div>
        </Container>
      </section>
    </>
  );
}
