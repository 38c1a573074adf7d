import { AlertTriangle, CalendarClock, CheckCircle2, CircleDashed, Coins, CreditCard, RefreshCw, RotateCcw, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { runBusy, useErrorToast } from '../../lib/busy-action';
import { toast } from '../../lib/toast';
import type { Subscription } from '../../../shared/contracts/billing';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { LinkButton } from '../../components/ui/link-button';
import { ApiError } from '../../lib/api-client';
import {
  billingErrorMessage,
  browserNavigation,
  cancelSubscription,
  fetchBillingPortal,
  reactivateSubscription,
  refreshPlanStatus,
  useInvalidateBilling,
  useSubscriptionQuery,
} from '../../entities/billing/billing-api';
import { planStatusLabel } from '../../entities/billing/plan-status';
import { formatCount, formatDate } from '../../lib/format';
import { localised, t } from '../../lib/i18n';
import { fieldError } from '../../lib/field-error';

/** The question before cancelling (a message id: `t(CANCEL_CONFIRMATION)`). */
export const CANCEL_CONFIRMATION = 'profile.billing.cancelConfirmation';

/** Each subscription status's words (message ids). */
const STATUS_LABELS: Record<Subscription['status'], string> = {
  active: 'profile.billing.status.active',
  trialing: 'profile.billing.status.trialing',
  past_due: 'profile.billing.status.pastDue',
  canceled: 'profile.billing.status.canceled',
  incomplete: 'profile.billing.status.incomplete',
  incomplete_expired: 'profile.billing.status.incompleteExpired',
  unpaid: 'profile.billing.status.unpaid',
  paused: 'profile.billing.status.paused',
  none: 'profile.billing.status.none',
};

interface StatusLook {
  label: string;
  icon: ReactNode;
  /** Text and background colours of the status pill. */
  className: string;
}

/** Icon and colour per subscription status: active green, canceled red, past_due amber, other slate. */
export function statusLook(status: Subscription['status']): StatusLook {
  const label = t(STATUS_LABELS[status]);
  switch (status) {
    case 'active':
    case 'trialing':
      return {
        label,
        icon: <CheckCircle2 className="size-4" aria-hidden />,
        className: 'bg-green-50 text-green-700 ring-green-200',
      };
    case 'canceled':
      return { label, icon: <XCircle className="size-4" aria-hidden />, className: 'bg-red-50 text-red-700 ring-red-200' };
    case 'past_due':
      return {
        label,
        icon: <AlertTriangle className="size-4" aria-hidden />,
        className: 'bg-amber-50 text-amber-800 ring-amber-200',
      };
    default:
      return {
        label,
        icon: <CircleDashed className="size-4" aria-hidden />,
        className: 'bg-slate-100 text-slate-700 ring-slate-200',
      };
  }
}

function StatusPill({ status }: { status: Subscription['status'] }) {
  const look = statusLook(status);
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset', look.className)}
      data-status={status}
    >
      {look.icon}
      <span>
        <span className="sr-only">{t('profile.billing.statusPrefix')} </span>
        {look.label}
      </span>
    </span>
  );
}

function Detail({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-slate-200 p-4">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">{icon}</span>
      <div>
        <dt className="text-xs font-medium text-slate-500">{label}</dt>
        <dd className="mt-0.5 font-semibold text-slate-900">{value}</dd>
      </div>
    </div>
  );
}

/** Said word for word on receipts and here when a business in another member state accounts for the VAT (message id). */
const REVERSE_CHARGE = 'profile.billing.reverseCharge';

/** The company, address and VAT ID given at checkout, with the VAT treatment. */
function BilledTo({ details }: { details: NonNullable<Subscription['billing_details']> }) {
  return (
    <section aria-label={t('profile.billing.details')} className="rounded-xl border border-slate-200 p-4 text-sm text-slate-700">
      <h4 className="font-semibold text-slate-900">{t('profile.billing.details')}</h4>
      <p className="mt-1">{details.company_name}</p>
      <p>{details.address}</p>
      {details.vat_id && (
        <p>
          {t('profile.billing.vatId', { vatId: details.vat_id })}
          {details.vat_status === 'invalid' && <span className="text-red-700"> {t('profile.billing.vatInvalid', { problem: details.vat_problem_text ? fieldError(details.vat_problem_text) : (details.vat_problem ?? '') })}</span>}
        </p>
      )}
      <p className="mt-2 text-slate-600">{details.reverse_charge ? t(REVERSE_CHARGE) : t('profile.billing.pricesExclVat')}</p>
    </section>
  );
}

type Action = 'portal' | 'cancel' | 'reactivate';

/** The Plan & Billing tab of /profile: status, plan, credits and the cancel, reactivate and portal actions. */
const subscriptionErrorText = (err: unknown) => (err instanceof ApiError ? t('profile.billing.fetchFailed') : t('profile.billing.fetchError'));

export function PlanBillingTab() {
  const subscription = useSubscriptionQuery();
  const invalidate = useInvalidateBilling();
  const [busy, setBusy] = useState<Action | null>(null);
  // One action at a time: its button spins, the others wait.
  const busyProps = (action: Action, loadingText: string) => ({ loading: busy === action, loadingText, disabled: busy !== null });

  useErrorToast(subscription.error, subscriptionErrorText);

  const reload = async () => {
    await invalidate();
    // The stored plan_status (plan label elsewhere) follows the change too.
    await refreshPlanStatus().catch(() => undefined);
  };

  /** Runs one action with its button busy; a failure is toasted as the server words it. */
  const run = (action: Action, failed: string, title: string, work: () => Promise<void>) =>
    runBusy((on) => setBusy(on ? action : null), (err) => billingErrorMessage(err, failed, title), work);

  const handlePortal = () =>
    run('portal', t('profile.billing.portalFailed'), t('profile.billing.portalError'), async () => {
      const { url } = await fetchBillingPortal();
      browserNavigation.assign(url);
    });

  const handleCancel = async () => {
    if (!window.confirm(t(CANCEL_CONFIRMATION))) return;
    await run('cancel', t('profile.billing.cancelFailed'), t('profile.billing.cancelError'), async () => {
      await cancelSubscription();
      toast.success(t('profile.billing.cancelScheduled'));
      await reload();
    });
  };

  const handleReactivate = () =>
    run('reactivate', t('profile.billing.reactivateFailed'), t('profile.billing.reactivateError'), async () => {
      await reactivateSubscription();
      toast.success(t('profile.billing.reactivated'));
      await reload();
    });

  const manageBilling = (
    <Button variant="outline" onClick={handlePortal} {...busyProps('portal', t('profile.billing.opening'))}>
      <CreditCard className="size-4" aria-hidden />
      {t('profile.billing.manage')}
    </Button>
  );

  if (!subscription.data) {
    return (
      <QueryState
        query={subscription}
        loading={
          <div role="status" aria-label={t('profile.billing.loading')} className="flex animate-pulse flex-col gap-4">
            <div className="h-6 w-40 rounded bg-slate-200" />
            <div className="grid gap-3 sm:grid-cols-2">
              {[0, 1, 2, 3].map((i) => (
                <div key={i} className="h-20 rounded-xl bg-slate-100" />
              ))}
            </div>
          </div>
        }
        failed={(err) => (
          <>
            <h3 className="text-lg font-semibold text-slate-900">{t('profile.billing.heading')}</h3>
            <p className="text-sm text-slate-600">{subscriptionErrorText(err)}</p>
          </>
        )}
      />
    );
  }

  const sub = subscription.data;
  if (!sub.active) {
    return (
      <div className="flex flex-col items-center gap-4 px-2 py-8 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
          <CreditCard className="size-7" aria-hidden />
        </span>
        <h3 className="text-lg font-semibold text-slate-900">{t('profile.billing.noActive')}</h3>
        {sub.status !== 'none' && <StatusPill status={sub.status} />}
        <p className="max-w-md text-sm text-slate-600">
          {sub.status === 'past_due' ? t('profile.billing.pastDueText') : t('profile.billing.choosePlanText')}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <LinkButton to={localised('/products')}>{t('profile.billing.viewPlans')}</LinkButton>
          {sub.status !== 'none' && manageBilling}
        </div>
      </div>
    );
  }

  const willCancel = sub.cancel_at_period_end;
  return (
    <div className="flex flex-col">
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h3 className="text-lg font-semibold text-slate-900">{t('profile.billing.heading')}</h3>
            <p className="text-sm text-slate-600">{t('profile.billing.intro')}</p>
          </div>
          <StatusPill status={sub.status} />
        </div>

        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail icon={<CreditCard className="size-4" aria-hidden />} label={t('profile.billing.plan')} value={planStatusLabel(sub.plan)} />
          <Detail icon={<Coins className="size-4" aria-hidden />} label={t('profile.billing.creditsRemaining')} value={formatCount(sub.credits)} />
          <Detail icon={<RefreshCw className="size-4" aria-hidden />} label={t('profile.billing.creditResetDate')} value={formatDate(sub.limit_date)} />
          <Detail
            icon={<CalendarClock className="size-4" aria-hidden />}
            label={willCancel ? t('profile.billing.accessEnds') : t('profile.billing.periodEnds')}
            value={formatDate(sub.end_date)}
          />
        </dl>

        {sub.billing_details && <BilledTo details={sub.billing_details} />}

        {willCancel && (
          <div role="status" className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
            <p className="flex items-center gap-2 font-semibold">
              <AlertTriangle className="size-4 shrink-0" aria-hidden />
              {t('profile.billing.willCancel')}
            </p>
            <p className="text-sm">{t('profile.billing.willCancelText', { date: formatDate(sub.end_date) })}</p>
          </div>
        )}
      </div>

      <div className="mt-6 flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:flex-wrap sm:items-center">
        {manageBilling}
        {willCancel ? (
          <Button variant="accent" onClick={handleReactivate} {...busyProps('reactivate', t('profile.billing.reactivating'))}>
            <RotateCcw className="size-4" aria-hidden />
            {t('profile.billing.reactivate')}
          </Button>
        ) : (
          <Button
            variant="ghost"
            className="text-red-700! hover:bg-red-50! hover:text-red-800! sm:ml-auto"
            onClick={handleCancel}
            {...busyProps('cancel', t('profile.billing.canceling'))}
          >
            <XCircle className="size-4" aria-hidden />
            {t('profile.billing.cancel')}
          </Button>
        )}
      </div>
    </div>
  );
}
