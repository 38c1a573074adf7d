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
import { accentOnDark, DarkOutlineLink, SessionText } from './hero-parts';
import { FeatureGrid, MarketingSection } from './section-heading';
import { heldClass, heldWhile, useSessionPending, useSignedIn } from './use-signed-in';
import { withIcons } from '../../components/ui/icon-list';
import homeCopy from './copy/home.json';

const REASONS = withIcons(homeCopy.reasons, { Zap, Target, Globe, ShieldCheck });

export function WhyChooseUs() {
  return (
    <MarketingSection heading={homeCopy.headings.why} tone="white">
      <FeatureGrid items={REASONS} className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" />
    </MarketingSection>
  );
}

const FEATURES = withIcons(homeCopy.features, { Search, MapPin, CloudLightning, Factory, Gauge, FileDown });

export function HomeFeatures() {
  return (
    <MarketingSection heading={homeCopy.headings.features} tone="slate">
      <FeatureGrid items={FEATURES} className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
      <div className="mt-10 text-center">
        <Link
          to="/features"
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-900"
        >
          Explore all features <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </MarketingSection>
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
          <SessionText as="h2" id="home-cta-title" {...homeCopy.cta.title} className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl" />
          <SessionText as="p" {...homeCopy.cta.text} className="mx-auto mt-4 max-w-xl text-base leading-relaxed text-brand-100 sm:text-lg" />
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
