import { CalendarClock, CircleCheck } from 'lucide-react';
import { Container } from '../../components/ui/container';
import { localised, t, T } from '../../lib/i18n';
import { HEADLINE_METRICS, MetricsBand } from './metrics-band';
import { DarkOutlineLink, HeroBackdrop, HeroPrimaryLink } from './hero-parts';
import { ReportPreview } from './report-preview';

const REASSURANCES = ['home.hero.reassuranceTrial', 'home.hero.reassuranceNoCard', 'home.hero.reassuranceGdpr'];

export function HomeHero() {
  return (
    <section aria-labelledby="home-hero-title" className="relative isolate overflow-hidden bg-brand-950 text-white">
      <HeroBackdrop glow="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(47,98,166,0.55),transparent_60%),radial-gradient(ellipse_at_bottom_left,rgba(34,197,94,0.14),transparent_55%)]" />
      <Container className="grid items-center gap-14 pt-16 pb-20 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:pt-28 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-xs font-semibold text-brand-100 sm:text-sm">
            <span className="size-2 rounded-full bg-accent-400" aria-hidden="true" />
            {t('home.hero.badge')}
          </p>
          <h1
            id="home-hero-title"
            className="mt-6 text-4xl leading-[1.1] font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            <T id="home.hero.title" components={{ 0: <span className="text-accent-400" /> }} />
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-brand-100">
            {t('home.hero.lead')}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <HeroPrimaryLink to={localised('/products')}>{t('home.hero.startAssessment')}</HeroPrimaryLink>
            <DarkOutlineLink to={localised('/contact')}>
              <CalendarClock className="size-4" aria-hidden="true" /> {t('home.actions.scheduleDemo')}
            </DarkOutlineLink>
          </div>
          <ul className="mt-8 flex flex-col gap-x-6 gap-y-2 text-sm text-brand-100 sm:flex-row sm:flex-wrap">
            {REASSURANCES.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <CircleCheck className="size-4 text-accent-400" aria-hidden="true" />
                {t(item)}
              </li>
            ))}
          </ul>
        </div>
        <ReportPreview className="mx-auto w-full max-w-lg lg:max-w-none" />
      </Container>
      <div className="border-t border-white/10 bg-brand-950/60">
        <Container className="py-10">
          <MetricsBand metrics={HEADLINE_METRICS} label={t('home.hero.metricsLabel')} tone="dark" />
        </Container>
      </div>
    </section>
  );
}
