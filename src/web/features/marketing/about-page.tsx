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
import { IconList, withIcons } from '../../components/ui/icon-list';
import { LinkButton } from '../../components/ui/link-button';
import { usePageMeta } from '../../lib/seo';
import { PageHero } from './page-hero';
import { CtaSection } from './cta-section';
import { LOOKS } from './icon-list-looks';
import { FeatureGrid, MarketingSection, SectionHeading } from './section-heading';
import aboutCopy from './copy/about.json';

const AUDIENCES = withIcons(aboutCopy.audiences, { Briefcase, Scale, ShieldCheck, Building });

const VALUES = withIcons(aboutCopy.values, { Target, Eye, Timer, Lock });

const SECURITY = withIcons(aboutCopy.security, { ShieldCheck, Globe, Lock, KeyRound, UserCheck, CreditCard, Server, Users });

const SECURITY_HEADING = {
  id: 'security-title',
  eyebrow: 'Security and compliance',
  title: 'Your data is safe with us',
  description: (
    <>
      Insurance runs on trust, and so do we. Read the details in our{' '}
      <Link to="/support/privacy-policy" className="font-medium text-brand-700 underline hover:text-brand-900">
        Privacy Policy
      </Link>
      .
    </>
  ),
};

/** Static company page (/about-us). */
export function AboutPage() {
  usePageMeta(aboutCopy.meta);
  return (
    <>
      <PageHero {...aboutCopy.hero} />

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
          <TermList
            items={aboutCopy.facts}
            className="grid grid-cols-2 gap-4"
            pair="flex flex-col-reverse rounded-2xl border border-slate-200 bg-slate-50 p-6"
            term="mt-1 text-sm text-slate-600"
            value="text-3xl font-bold tracking-tight text-brand-800"
          />
        </Container>
      </section>

      <MarketingSection heading={aboutCopy.headings.audiences} tone="slate">
        <FeatureGrid items={AUDIENCES} className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" />
      </MarketingSection>

      <section aria-labelledby="mission-title" className="bg-brand-900 py-20 text-white sm:py-24">
        <Container>
          <div className="mx-auto max-w-3xl text-center">
            <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">Our mission</p>
            <h2 id="mission-title" className="mt-3 text-2xl leading-snug font-bold tracking-tight text-balance sm:text-3xl">
              Give every insurance professional in Europe fast, transparent and consistent insight into the risks they
              insure.
            </h2>
          </div>
          <IconList items={VALUES} look={LOOKS.value} />
        </Container>
      </section>

      <MarketingSection heading={SECURITY_HEADING} tone="white">
        <IconList items={SECURITY} look={LOOKS.security} />
      </MarketingSection>

      <CtaSection id="about-cta-title" {...aboutCopy.cta}>
        <LinkButton to="/contact" size="lg" variant="outline">
          <Mail className="size-4" aria-hidden="true" /> Contact Us
        </LinkButton>
      </CtaSection>
    </>
  );
}
