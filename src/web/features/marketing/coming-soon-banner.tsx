import { ArrowRight, Layers, MapPin, Plug, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '../../components/ui/container';
import { localised, t } from '../../lib/i18n';
import { LOOKS } from './icon-list-looks';
import { IconList } from '../../components/ui/icon-list';
import { inWords, type MessageItem } from './section-heading';

/** Not announcements: every account has these today, whatever its plan. */
const AVAILABLE: readonly MessageItem[] = [
  { icon: Layers, title: 'marketing.comingSoon.portfolioTitle', text: 'marketing.comingSoon.portfolioText' },
  { icon: MapPin, title: 'marketing.comingSoon.multiLocationTitle', text: 'marketing.comingSoon.multiLocationText' },
  { icon: Plug, title: 'marketing.comingSoon.apiTitle', text: 'marketing.comingSoon.apiText' },
];

/** The Premium and Enterprise plans are coming soon; what they once announced is available to every account. */
export function ComingSoonBanner() {
  return (
    <section aria-labelledby="coming-soon-title" className="bg-white pb-20 sm:pb-24">
      <Container>
        <div className="rounded-3xl border border-brand-200 bg-gradient-to-br from-brand-50 via-white to-accent-400/10 p-6 sm:p-10">
          <div className="flex flex-col gap-6 lg:flex-row lg:items-center lg:justify-between">
            <div className="max-w-xl">
              <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset">
                <Sparkles className="size-3.5" aria-hidden="true" /> {t('marketing.comingSoon.badge')}
              </p>
              <h2 id="coming-soon-title" className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
                {t('marketing.comingSoon.title')}
              </h2>
              <p className="mt-3 text-slate-600">{t('marketing.comingSoon.text')}</p>
            </div>
            <Link
              to={localised('/products')}
              className="inline-flex items-center gap-1.5 self-start rounded-md text-sm font-semibold text-brand-700 hover:text-brand-900 lg:self-center"
            >
              {t('marketing.comingSoon.comparePlans')} <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
          <h3 className="mt-8 text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('marketing.comingSoon.availableTitle')}</h3>
          <IconList items={inWords(AVAILABLE)} look={LOOKS.available} />
        </div>
      </Container>
    </section>
  );
}
