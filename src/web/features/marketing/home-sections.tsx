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
import { localised, t } from '../../lib/i18n';
import { accentOnDark, DarkOutlineLink, SessionText } from './hero-parts';
import { FeatureGrid, inWords, MarketingSection, type MessageItem } from './section-heading';
import { heldClass, heldWhile, useSessionPending, useSignedIn } from './use-signed-in';

const REASONS: readonly MessageItem[] = [
  { icon: Zap, title: 'home.why.fasterTitle', text: 'home.why.fasterText' },
  { icon: Target, title: 'home.why.underwritingTitle', text: 'home.why.underwritingText' },
  { icon: Globe, title: 'home.why.europeTitle', text: 'home.why.europeText' },
  { icon: ShieldCheck, title: 'home.why.secureTitle', text: 'home.why.secureText' },
];

export function WhyChooseUs() {
  const heading = { id: 'why-title', eyebrow: t('home.why.eyebrow'), title: t('home.why.title'), description: t('home.why.description') };
  return (
    <MarketingSection heading={heading} tone="white">
      <FeatureGrid items={inWords(REASONS)} className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" />
    </MarketingSection>
  );
}

const FEATURES: readonly MessageItem[] = [
  { icon: Search, title: 'home.features.lookupTitle', text: 'home.features.lookupText' },
  { icon: MapPin, title: 'home.features.mappingTitle', text: 'home.features.mappingText' },
  { icon: CloudLightning, title: 'home.features.locationTitle', text: 'home.features.locationText' },
  { icon: Factory, title: 'home.features.industryTitle', text: 'home.features.industryText' },
  { icon: Gauge, title: 'home.features.gradeTitle', text: 'home.features.gradeText' },
  { icon: FileDown, title: 'home.features.pdfTitle', text: 'home.features.pdfText' },
];

export function HomeFeatures() {
  const heading = {
    id: 'home-features-title',
    eyebrow: t('home.features.eyebrow'),
    title: t('home.features.title'),
    description: t('home.features.description'),
  };
  return (
    <MarketingSection heading={heading} tone="slate">
      <FeatureGrid items={inWords(FEATURES)} className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
      <div className="mt-10 text-center">
        <Link
          to={localised('/features')}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-900"
        >
          {t('home.features.exploreAll')} <ArrowRight className="size-4" aria-hidden="true" />
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
          <SessionText
            as="h2"
            id="home-cta-title"
            signedIn={t('home.cta.titleSignedIn')}
            signedOut={t('home.cta.titleSignedOut')}
            className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
          />
          <SessionText
            as="p"
            signedIn={t('home.cta.textSignedIn')}
            signedOut={t('home.cta.textSignedOut')}
            className="mx-auto mt-4 max-w-xl text-base leading-relaxed text-brand-100 sm:text-lg"
          />
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            {signedIn ? (
              <LinkButton to={localised('/products')} variant="accent" size="lg" className={accentOnDark}>
                {t('home.cta.viewPlans')} <ArrowRight className="size-4" aria-hidden="true" />
              </LinkButton>
            ) : (
              <>
                <LinkButton to="/auth/signup" variant="accent" size="lg" className={cn(accentOnDark, heldClass(pending))} {...heldWhile(pending)}>
                  {t('home.cta.getStarted')} <ArrowRight className="size-4" aria-hidden="true" />
                </LinkButton>
                <LinkButton to="/auth/signin" size="lg" variant="outline" className={heldClass(pending)} {...heldWhile(pending)}>
                  <LogIn className="size-4" aria-hidden="true" /> {t('home.cta.signIn')}
                </LinkButton>
              </>
            )}
            <DarkOutlineLink to={localised('/contact')}>
              <CalendarClock className="size-4" aria-hidden="true" /> {t('home.actions.scheduleDemo')}
            </DarkOutlineLink>
          </div>
        </div>
      </Container>
    </section>
  );
}
