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
import { refreshPriceCache, usePlanStatusQuery } from '../../entities/billing/billing-api';
import { formatDateTime } from '../../lib/format';
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
      return pct > 0 ? `Save ${pct}%` : null;
    }
  }
  return null;
}

function PlanSkeletons() {
  return (
    <div role="status" aria-label="Loading plans" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
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
      <span className="sr-only">Loading plans...</span>
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
          <p className="font-semibold text-slate-900">Sign in to subscribe</p>
          <p className="text-sm text-slate-600">Create an account or sign in to choose a plan and start assessing companies.</p>
        </div>
      </div>
      <div className="flex w-full gap-3 sm:w-auto">
        <LinkButton to="/auth/signup" className="flex-1 sm:flex-none">
          Create Account
        </LinkButton>
        <LinkButton to="/auth/signin" variant="outline" className="flex-1 sm:flex-none">
          Sign In
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
      toast.success('Price cache refreshed for all users');
    } catch (err) {
      if (!isSessionEnded(err)) toast.error(errorDetail(err, 'Failed to refresh price cache'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      role="note"
      aria-label="Cached prices"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <DatabaseZap className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <strong className="font-semibold">Admin:</strong> prices are served from a cache. Server cache built{' '}
          {formatDateTime(cachedAt, new Date(), 'never')}; this browser&apos;s copy from {formatDateTime(loadedAt)}.
        </span>
      </p>
      <Button size="sm" variant="outline" onClick={handleRefresh} loading={busy} loadingText="Refreshing...">
        <RefreshCw className="size-4" aria-hidden />
        Refresh Price Cache
      </Button>
    </div>
  );
}

/** /products: plans and pricing. */
export function ProductsPage() {
  usePageMeta({
    title: 'Plans & Pricing',
    description: 'Corisk plans for insurance professionals: monthly or yearly billing in euros, annual assessment credits.',
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
  const loadError = prices.error instanceof Error ? prices.error.message : null;
  const shownError = useRef<unknown>(null);
  useEffect(() => {
    if (prices.error && shownError.current !== prices.error) {
      shownError.current = prices.error;
      toast.error(loadError ?? 'Pricing Unavailable');
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
      <StatePanel icon={<AlertTriangle className="size-7 text-amber-600" aria-hidden />} title="Pricing Unavailable">
        <p className="text-sm text-slate-600">
          {loadError ?? 'We could not load our plans.'} Please try again in a moment.
        </p>
        <Button onClick={() => void prices.reload()}>
          <RefreshCw className="size-4" aria-hidden />
          Retry
        </Button>
      </StatePanel>
    );
  } else if (entries.length === 0) {
    body = (
      <StatePanel icon={<PackageOpen className="size-7" aria-hidden />} title="No Plans Available">
        <p className="text-sm text-slate-600">There are no plans to subscribe to right now. Please check back soon.</p>
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
          <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">Plans & pricing</p>
          <h1 className="mt-3 max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">
            Choose the plan that fits your book of business
          </h1>
          <p className="mt-4 max-w-2xl text-base text-brand-100 sm:text-lg">
            Every risk assessment uses one credit. Credits are annual and refresh every year with your subscription.
            Prices in euros.
          </p>
        </Container>
      </section>

      <Container className="-mt-20 flex flex-col gap-6">
        {!signedIn && <SignedOutPrompt reserved={status === 'loading'} />}

        <div className="flex items-center gap-3 rounded-xl border border-accent-500/30 bg-green-50 px-4 py-3 text-sm text-green-900 shadow-sm">
          <Gift className="size-5 shrink-0 text-accent-600" aria-hidden />
          <p>
            <strong className="font-semibold">New to Corisk?</strong> Every new account gets free assessment credits — try
            the risk assessment with no card required.
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

        <section aria-label="Plans" aria-busy={prices.isFetching || undefined}>
          {body}
        </section>

        <p className="flex items-center justify-center gap-2 text-center text-sm text-slate-500">
          <ShieldCheck className="size-4 shrink-0" aria-hidden />
          Secure checkout. Cancel any time — your plan stays active until the end of the billing period.
        </p>
      </Container>
    </main>
  );
}
