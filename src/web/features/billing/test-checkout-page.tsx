import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Check, Coins, CreditCard, FlaskConical, Lock } from 'lucide-react';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import type { BillingPeriod } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { FullScreenLoader } from '../../components/ui/full-screen-loader';
import { LinkButton } from '../../components/ui/link-button';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorDetail } from '../../lib/api-client';
import { isSessionEnded } from '../../lib/auth-fetch';
import { useAuth } from '../../lib/auth/auth-state';
import { billingKeys, browserNavigation, completeTestCheckout, fetchTestCheckout } from '../../entities/billing/billing-api';
import { planTitle } from '../../entities/billing/plan-text';
import { formatCount, formatEuro } from '../../lib/format';
import { localised, t } from '../../lib/i18n';
import { usePageMeta } from '../../lib/seo';
import { BillingDetailsForm, type BillingDetailsValues } from './billing-details-form';

/** 'Monthly' / 'Yearly'. */
const PERIOD_LABELS: Record<BillingPeriod, string> = { month: 'billing.period.monthly', year: 'billing.period.yearly' };
/** ' / year excl. VAT' after the price: the amounts are net. */
const PER_PERIOD: Record<BillingPeriod, string> = { month: 'billing.checkout.perMonthExclVat', year: 'billing.checkout.perYearExclVat' };

function Unavailable({ message }: { message: string }) {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{t('billing.checkout.unavailableTitle')}</h1>
      <p className="text-sm text-slate-600">{message}</p>
      <LinkButton to={localised('/products')} variant="outline">
        <ArrowLeft className="size-4" aria-hidden />
        {t('billing.checkout.backToPlans')}
      </LinkButton>
    </Card>
  );
}

/** A refused VAT ID (`vat_*` codes): shown under the field rather than as a toast. */
const isVatProblem = (err: unknown): err is ApiError => err instanceof ApiError && /^vat_/.test(err.code ?? '');

function TestCheckout({ sessionId }: { sessionId: string }) {
  const { user } = useAuth();
  const session = useQuery({
    queryKey: billingKeys.testCheckout(sessionId),
    queryFn: () => fetchTestCheckout(sessionId),
    retry: false,
  });
  const complete = useMutation({
    mutationFn: (details: BillingDetailsValues) => completeTestCheckout(sessionId, details),
    onSuccess: ({ redirect_url }) => browserNavigation.assign(redirect_url),
    onError: (err) => {
      if (!isSessionEnded(err) && !isVatProblem(err)) toast.error(errorDetail(err, t('billing.checkout.testPaymentFailed')));
    },
  });

  if (session.isPending) {
    return (
      <Card className="flex items-center justify-center gap-3 px-6 py-16 text-slate-600">
        <Spinner label={t('billing.checkout.loadingLabel')} />
        {t('billing.checkout.loading')}
      </Card>
    );
  }
  if (session.isError) {
    const err = session.error;
    if (isSessionEnded(err)) return <Navigate to="/auth/signin" replace />;
    const notFound = err instanceof ApiError && (err.status === 404 || err.status === 410);
    return (
      <Unavailable
        message={notFound ? t('billing.checkout.expired') : errorDetail(err, t('billing.checkout.loadFailed'))}
      />
    );
  }

  const s = session.data;
  const busy = complete.isPending || complete.isSuccess;
  const completed = s.status === 'completed';
  return (
    <Card className="overflow-hidden">
      <div className="flex items-center gap-3 border-b border-amber-200 bg-amber-50 px-6 py-3 text-sm font-semibold text-amber-900">
        <FlaskConical className="size-4 shrink-0" aria-hidden />
        <p>{t('billing.checkout.testMode')}</p>
      </div>
      <div className="flex flex-col gap-6 p-6 sm:p-8">
        <header className="flex flex-col gap-1">
          <p className="text-sm font-medium text-slate-500">{t('billing.checkout.eyebrow')}</p>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">
            {t('billing.checkout.heading', { plan: planTitle(s.tier), period: t(PERIOD_LABELS[s.period]) })}
          </h1>
        </header>

        <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <dt className="text-sm text-slate-600">{t('billing.checkout.plan')}</dt>
            <dd className="font-semibold text-slate-900">{planTitle(s.tier)}</dd>
          </div>
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <dt className="text-sm text-slate-600">{t('billing.checkout.billingPeriod')}</dt>
            <dd className="font-semibold text-slate-900">{t(PERIOD_LABELS[s.period])}</dd>
          </div>
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <dt className="flex items-center gap-2 text-sm text-slate-600">
              <Coins className="size-4" aria-hidden /> {t('billing.checkout.credits')}
            </dt>
            <dd className="font-semibold text-slate-900">{t('billing.checkout.creditsPerYear', { credits: formatCount(s.credits) })}</dd>
          </div>
          <div className="flex items-center justify-between gap-4 bg-slate-50 px-4 py-4">
            <dt className="font-semibold text-slate-900">{t('billing.checkout.price')}</dt>
            <dd className="text-right">
              <span className="text-2xl font-bold text-slate-900">{formatEuro(s.price)}</span>
              <span className="text-sm text-slate-500"> {t(PER_PERIOD[s.period])}</span>
            </dd>
          </div>
        </dl>

        {completed ? (
          <div className="flex flex-col gap-3">
            <p className="flex items-center gap-2 text-sm font-medium text-green-700">
              <Check className="size-4" aria-hidden /> {t('billing.checkout.alreadyComplete')}
            </p>
            <a
              href={s.success_url}
              className="inline-flex h-12 items-center justify-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
            >
              {t('billing.checkout.continue')}
            </a>
          </div>
        ) : (
          <BillingDetailsForm
            id="billing-details"
            defaultCompany={user?.companyName ?? ''}
            serverError={isVatProblem(complete.error) ? (complete.error.detail ?? complete.error.message) : null}
            onSubmit={(details) => complete.mutate(details)}
          />
        )}
        {completed ? null : (
          <Button
            type="submit"
            form="billing-details"
            size="lg"
            fullWidth
            loading={busy}
            loadingText={complete.isSuccess ? t('billing.plan.redirecting') : t('billing.plan.processing')}
          >
            <CreditCard className="size-5" aria-hidden />
            {t('billing.checkout.completeTestPayment')}
          </Button>
        )}

        <div className="flex flex-col items-center gap-3 text-sm text-slate-500">
          <p className="flex items-center gap-1.5">
            <Lock className="size-3.5" aria-hidden /> {t('billing.checkout.noCardDetails')}
          </p>
          <a href={s.cancel_url} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            {t('billing.checkout.cancelAndReturn')}
          </a>
        </div>
      </div>
    </Card>
  );
}

/** /checkout/test?session=… — the built-in checkout used when Stripe is not configured. */
export function TestCheckoutPage() {
  usePageMeta({ title: t('billing.checkout.metaTitle'), noindex: true });
  const { status } = useAuth();
  const [params] = useSearchParams();
  const sessionId = params.get('session');

  if (status === 'loading') return <FullScreenLoader />;
  if (status === 'unauthenticated') return <Navigate to="/auth/signin" replace />;

  return (
    <main className="min-h-[70vh] bg-slate-50 py-12 sm:py-16">
      <Container className="max-w-lg">
        {sessionId ? (
          <TestCheckout sessionId={sessionId} />
        ) : (
          <Unavailable message={t('billing.checkout.incompleteLink')} />
        )}
      </Container>
    </main>
  );
}
