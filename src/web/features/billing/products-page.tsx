import { AlertTriangle, DatabaseZap, Gift, PackageOpen, RefreshCw, ShieldCheck, UserPlus } from 'lucide-react';
import { useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { planCardAction, type BillingPeriod, type PlanTier } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { Container } from '../../components/ui/container';
import { LinkButton } from '../../components/ui/link-button';
import { errorDetail } from '../../lib/api-client';
import { isSessionEnded } from '../../lib/auth-fetch';
import { useAuth } from '../../lib/auth/auth-state';
import { INVALID_PRICING_DATA, refreshPriceCache, usePlanStatusQuery } from '../../entities/billing/billing-api';
import { formatDateTime } from '../../lib/format';
import { T, t } from '../../lib/i18n';
import { usePlanStatus } from '../../entities/billing/plan-status';
import { usePageMeta } from '../../lib/seo';
import { BillingPeriodToggle } from './billing-period-toggle';
import { PlanCard } from './plan-card';
import { useCheckout } from './use-checkout';
import { planEntries, usePrices, type PlanEntry } from './use-prices';

/** 'Save 17%' from the first plan that has both prices; null when yearly is not cheaper. */
export function yearlySavingsNote(entries: PlanEntry[]): string | null {
  for (const { plan } of entries) {
    const { month, year } = plan.prices;
    if (month > 0 && year > 0) {
      const pct = Math.round((1 - year / (month * 12)) * 100);
      return pct > 0 ? t('billing.products.yearlySavings', { percent: pct }) : null;
    }
  }
  return null;
}

function PlanSkeletons() {
  return (
    <div role="status" aria-label={t('billing.products.loadingPlans')} className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex animate-pulse flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-7">
          <div className="h-5 w-24 rounded-full bg-slate-200" />
          <div className="h-7 w-32 rounded bg-slate-200" />
          <div className="h-4 w-full rounded bg-slate-100" />
          <div className="h-4 w-4/5 rounded bg-slate-100" />
          <div className="h-10 w-40 rounded bg-slate-200" />
          <div className="flex flex-col gap-3">
            {[0, 1, 2, 3, 4].map((j) => (
              <div key={j} className="h-3.5 w-full rounded bg-slate-100" />
            ))}
          </div>
          <div className="mt-4 h-12 w-full rounded-lg bg-slate-200" />
        </div>
      ))}
      <span className="sr-only">{t('billing.products.loadingPlansText')}</span>
    </div>
  );
}

function StatePanel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-600">{icon}</span>
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {children}
    </Card>
  );
}

/** `reserved`: invisible, holding its place while the session is read, so the plans below do not move when it shows. */
function SignedOutPrompt({ reserved = false }: { reserved?: boolean }) {
  return (
    <Card
      aria-hidden={reserved || undefined}
      inert={reserved || undefined}
      className={cn('flex flex-col items-start gap-4 border-brand-100 bg-white/95 p-5 sm:flex-row sm:items-center sm:justify-between', reserved && 'invisible')}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <UserPlus className="size-5" aria-hidden />
        </span>
        <div>
          <p className="font-semibold text-slate-900">{t('billing.products.signInToSubscribe')}</p>
          <p className="text-sm text-slate-600">{t('billing.products.signInPrompt')}</p>
        </div>
      </div>
      <div className="flex w-full gap-3 sm:w-auto">
        <LinkButton to="/auth/signup" className="flex-1 sm:flex-none">
          {t('billing.products.createAccount')}
        </LinkButton>
        <LinkButton to="/auth/signin" variant="outline" className="flex-1 sm:flex-none">
          {t('billing.products.signIn')}
        </LinkButton>
      </div>
    </Card>
  );
}

function AdminCacheNotice({ cachedAt, loadedAt, onRefreshed }: { cachedAt: string | null; loadedAt: number | null; onRefreshed: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const handleRefresh = async () => {
    setBusy(true);
    try {
      await refreshPriceCache();
      await onRefreshed();
      toast.success(t('billing.admin.cacheRefreshed'));
    } catch (err) {
      if (!isSessionEnded(err)) toast.error(errorDetail(err, t('billing.admin.cacheRefreshFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      role="note"
      aria-label={t('billing.admin.cachedPrices')}
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <DatabaseZap className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <T
            id="billing.admin.cacheNotice"
            values={{ serverBuilt: formatDateTime(cachedAt, new Date(), t('billing.admin.never')), browserCopy: formatDateTime(loadedAt) }}
            components={{ 0: <strong className="font-semibold" /> }}
          />
        </span>
      </p>
      <Button size="sm" variant="outline" onClick={handleRefresh} loading={busy} loadingText={t('billing.admin.refreshing')}>
        <RefreshCw className="size-4" aria-hidden />
        {t('billing.admin.refreshCache')}
      </Button>
    </div>
  );
}

/** /products: plans and pricing. */
export function ProductsPage() {
  usePageMeta({
    title: t('billing.products.metaTitle'),
    description: t('billing.products.metaDescription'),
  });
  const { status, user } = useAuth();
  const signedIn = status === 'authenticated';
  const [period, setPeriod] = useState<BillingPeriod>('year');
  const prices = usePrices();
  const stored = usePlanStatus();
  usePlanStatusQuery(signedIn);
  const checkout = useCheckout();

  // The plans replace the skeletons in a background render that yields to the browser: in one
  // piece it is a long task on a slow phone, just after the page starts.
  const shown = useDeferredValue(prices.data);
  const entries = planEntries(shown?.data);
  // The server's or the network's words; a price list that fails the contract in the catalogue's.
  const loadError =
    prices.error instanceof Error
      ? prices.error.message === INVALID_PRICING_DATA
        ? t('billing.products.invalidPricingData')
        : prices.error.message
      : null;
  const shownError = useRef<unknown>(null);
  useEffect(() => {
    if (prices.error && shownError.current !== prices.error) {
      shownError.current = prices.error;
      toast.error(loadError ?? t('billing.products.unavailableTitle'));
    }
  }, [prices.error, loadError]);

  const currentPlan = signedIn ? (stored.status?.plan ?? null) : null;

  const handlePurchase = (tier: PlanTier) => {
    const entry = entries.find((e) => e.tier === tier);
    if (entry) void checkout.start(tier, entry.plan, period);
  };

  let body: ReactNode;
  if (prices.isPending || (entries.length === 0 && (prices.isFetching || shown !== prices.data))) {
    body = <PlanSkeletons />;
  } else if (entries.length === 0 && prices.isError) {
    body = (
      <StatePanel icon={<AlertTriangle className="size-7 text-amber-600" aria-hidden />} title={t('billing.products.unavailableTitle')}>
        <p className="text-sm text-slate-600">
          {t('billing.products.unavailableText', { reason: loadError ?? t('billing.products.couldNotLoad') })}
        </p>
        <Button onClick={() => void prices.reload()}>
          <RefreshCw className="size-4" aria-hidden />
          {t('billing.products.retry')}
        </Button>
      </StatePanel>
    );
  } else if (entries.length === 0) {
    body = (
      <StatePanel icon={<PackageOpen className="size-7" aria-hidden />} title={t('billing.products.noPlansTitle')}>
        <p className="text-sm text-slate-600">{t('billing.products.noPlansText')}</p>
      </StatePanel>
    );
  } else {
    body = (
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {entries.map(({ tier, plan }) => {
          const busy = checkout.state?.tier === tier ? checkout.state.busy : null;
          const action = planCardAction({
            signedIn,
            currentPlan,
            tier,
            period,
            comingSoon: plan.coming_soon,
            priceId: plan.price_ids[period],
            busy,
            locked: checkout.state !== null && checkout.state.tier !== tier,
          });
          return (
            <PlanCard key={tier} tier={tier} plan={plan} period={period} action={action} busy={busy} onPurchase={handlePurchase} />
          );
        })}
      </div>
    );
  }

  return (
    <main className="bg-slate-50 pb-20">
      <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 pt-14 pb-28 text-white sm:pt-20">
        <Container className="flex flex-col items-center text-center">
          <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">{t('billing.products.eyebrow')}</p>
          <h1 className="mt-3 max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">{t('billing.products.heading')}</h1>
          <p className="mt-4 max-w-2xl text-base text-brand-100 sm:text-lg">{t('billing.products.intro')}</p>
        </Container>
      </section>

      <Container className="-mt-20 flex flex-col gap-6">
        {!signedIn && <SignedOutPrompt reserved={status === 'loading'} />}

        <div className="flex items-center gap-3 rounded-xl border border-accent-500/30 bg-green-50 px-4 py-3 text-sm text-green-900 shadow-sm">
          <Gift className="size-5 shrink-0 text-accent-600" aria-hidden />
          <p>
            <T id="billing.products.freeCredits" components={{ 0: <strong className="font-semibold" /> }} />
          </p>
        </div>

        {user?.isAdmin && signedIn && (
          <AdminCacheNotice
            cachedAt={prices.data?.data.cached_at ?? null}
            loadedAt={prices.data?.timestamp ?? null}
            onRefreshed={() => prices.reload()}
          />
        )}

        <div className="flex justify-center py-2">
          <BillingPeriodToggle value={period} onChange={setPeriod} yearlyNote={yearlySavingsNote(entries)} />
        </div>

        <section aria-label={t('billing.products.plansLabel')} aria-busy={prices.isFetching || undefined}>
          {body}
        </section>

        <p className="flex items-center justify-center gap-2 text-center text-sm text-slate-500">
          <ShieldCheck className="size-4 shrink-0" aria-hidden />
          {t('billing.products.secureCheckout')}
        </p>
      </Container>
    </main>
  );
}
