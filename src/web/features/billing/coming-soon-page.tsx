import { ArrowLeft, Building2, Layers, MapPinned, PlugZap, Rocket, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { LinkButton } from '../../components/ui/link-button';
import { localised, t } from '../../lib/i18n';
import { usePageMeta } from '../../lib/seo';

export interface ComingSoonScreenProps {
  /** Plan name shown on the screen (one screen for both tools; default Premium). */
  planName?: string;
}

/** Once announced for these plans; every account has them today. `title`, `text`, `link`: message ids. */
const AVAILABLE: { icon: ReactNode; title: string; text: string; to: string; link: string }[] = [
  {
    icon: <Layers className="size-5" aria-hidden />,
    title: 'billing.comingSoon.portfolioTitle',
    text: 'billing.comingSoon.portfolioText',
    to: '/portfolio',
    link: 'billing.comingSoon.portfolioLink',
  },
  {
    icon: <MapPinned className="size-5" aria-hidden />,
    title: 'billing.comingSoon.multiLocationTitle',
    text: 'billing.comingSoon.multiLocationText',
    to: '/portfolio',
    link: 'billing.comingSoon.multiLocationLink',
  },
  {
    icon: <PlugZap className="size-5" aria-hidden />,
    title: 'billing.comingSoon.apiTitle',
    text: 'billing.comingSoon.apiText',
    to: '/profile?tab=api-keys',
    link: 'billing.comingSoon.apiLink',
  },
];

/** The coming-soon screen of the Premium and Enterprise tools. */
export function ComingSoonScreen({ planName = 'Premium' }: ComingSoonScreenProps) {
  usePageMeta({ title: t('billing.comingSoon.metaTitle', { plan: planName }), noindex: true });
  return (
    <main className="bg-gradient-to-b from-brand-50 to-white py-14 sm:py-20">
      <Container className="max-w-4xl">
        <div className="flex flex-col items-center text-center">
          <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-lg shadow-brand-900/20">
            {planName === 'Enterprise' ? <Building2 className="size-8" aria-hidden /> : <Rocket className="size-8" aria-hidden />}
          </span>
          <Badge tone="warning" className="mt-6">
            {t('billing.comingSoon.badge')}
          </Badge>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-brand-950 sm:text-4xl">
            {t('billing.comingSoon.heading', { plan: planName })}
          </h1>
          <p className="mt-4 max-w-2xl text-base text-slate-600 sm:text-lg">{t('billing.comingSoon.intro', { plan: planName })}</p>
        </div>

        <ul className="mt-10 grid gap-4 sm:grid-cols-3">
          {AVAILABLE.map((item) => (
            <li key={item.title}>
              <Card className="h-full">
                <CardContent className="flex flex-col gap-3">
                  <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    {item.icon}
                  </span>
                  <h2 className="font-semibold text-slate-900">{t(item.title)}</h2>
                  <p className="text-sm text-slate-600">{t(item.text)}</p>
                  <Link to={item.to} className="mt-auto text-sm font-semibold text-brand-700 hover:underline">
                    {t(item.link)}
                  </Link>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>

        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <LinkButton to={localised('/products')} variant="outline" size="lg">
            <ArrowLeft className="size-4" aria-hidden />
            {t('billing.comingSoon.viewPlans')}
          </LinkButton>
          <LinkButton to="/products/risk-assessment" size="lg">
            <ShieldCheck className="size-4" aria-hidden />
            {t('billing.comingSoon.useBasic')}
          </LinkButton>
        </div>
      </Container>
    </main>
  );
}

export function PremiumComingSoonPage() {
  return <ComingSoonScreen planName="Premium" />;
}

export function EnterpriseComingSoonPage() {
  return <ComingSoonScreen planName="Enterprise" />;
}
