import { AlertTriangle, CalendarClock, CheckCircle2, CircleDashed, Coins, CreditCard, RefreshCw, RotateCcw, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { runBusy, useErrorToast } from '../../lib/busy-action';
import { toast } from '../../lib/toast';
import type { Subscription } from '../../../shared/contracts/billing';
import { planLabel } from '../../../shared/plans';
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
import { formatCount, formatDate } from '../../lib/format';

export const CANCEL_CONFIRMATION =
  'Are you sure you want to cancel your subscription? It will remain active until the end of your billing period.';

interface StatusLook {
  label: string;
  icon: ReactNode;
  /** Text and background colours of the status pill. */
  className: string;
}

/** Icon and colour per subscription status: active green, canceled red, past_due amber, other slate. */
export function statusLook(status: Subscription['status']): StatusLook {
  switch (status) {
    case 'active':
    case 'trialing':
      return {
        label: status === 'active' ? 'Active' : 'Trialing',
        icon: <CheckCircle2 className="size-4" aria-hidden />,
        className: 'bg-green-50 text-green-700 ring-green-200',
      };
    case 'canceled':
      return { label: 'Canceled', icon: <XCircle className="size-4" aria-hidden />, className: 'bg-red-50 text-red-700 ring-red-200' };
    case 'past_due':
      return {
        label: 'Past due',
        icon: <AlertTriangle className="size-4" aria-hidden />,
        className: 'bg-amber-50 text-amber-800 ring-amber-200',
      };
    default:
      return {
        label: status === 'none' ? 'No subscription' : status.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
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
        <span className="sr-only">Status: </span>
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

/** Said word for word on receipts and here when a business in another member state accounts for the VAT. */
const REVERSE_CHARGE = 'Reverse charge: VAT to be accounted for by the recipient, Art. 196 Directive 2006/112/EC';

/** The company, address and VAT ID given at checkout, with the VAT treatment. */
function BilledTo({ details }: { details: NonNullable<Subscription['billing_details']> }) {
  return (
    <section aria-label="Billing details" className="rounded-xl border border-slate-200 p-4 text-sm text-slate-700">
      <h4 className="font-semibold text-slate-900">Billing details</h4>
      <p className="mt-1">{details.company_name}</p>
      <p>{details.address}</p>
      {details.vat_id && (
        <p>
          VAT ID: {details.vat_id}
          {details.vat_status === 'invalid' && <span className="text-red-700"> (not valid: {details.vat_problem})</span>}
        </p>
      )}
      <p className="mt-2 text-slate-600">{details.reverse_charge ? REVERSE_CHARGE : 'Prices are excl. VAT; VAT is added at the rate that applies to you.'}</p>
    </section>
  );
}

type Action = 'portal' | 'cancel' | 'reactivate';

/** The Plan & Billing tab of /profile: status, plan, credits and the cancel, reactivate and portal actions. */
const subscriptionErrorText = (err: unknown) => (err instanceof ApiError ? 'Failed to fetch subscription details' : 'Error fetching subscription details');

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
    run('portal', 'Failed to access billing portal', 'Error accessing billing portal', async () => {
      const { url } = await fetchBillingPortal();
      browserNavigation.assign(url);
    });

  const handleCancel = async () => {
    if (!window.confirm(CANCEL_CONFIRMATION)) return;
    await run('cancel', 'Failed to cancel subscription', 'Error canceling subscription', async () => {
      await cancelSubscription();
      toast.success('Subscription scheduled for cancellation');
      await reload();
    });
  };

  const handleReactivate = () =>
    run('reactivate', 'Failed to reactivate subscription', 'Error reactivating subscription', async () => {
      await reactivateSubscription();
      toast.success('Subscription reactivated successfully');
      await reload();
    });

  const manageBilling = (
    <Button variant="outline" onClick={handlePortal} {...busyProps('portal', 'Opening...')}>
      <CreditCard className="size-4" aria-hidden />
      Manage Billing
    </Button>
  );

  if (!subscription.data) {
    return (
      <QueryState
        query={subscription}
        loading={
          <div role="status" aria-label="Loading subscription details" className="flex animate-pulse flex-col gap-4">
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
            <h3 className="text-lg font-semibold text-slate-900">Subscription</h3>
            <p className="text-sm text-slate-600">
              {err instanceof ApiError ? 'Failed to fetch subscription details' : 'Error fetching subscription details'}
            </p>
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
        <h3 className="text-lg font-semibold text-slate-900">No Active Subscription</h3>
        {sub.status !== 'none' && <StatusPill status={sub.status} />}
        <p className="max-w-md text-sm text-slate-600">
          {sub.status === 'past_due'
            ? 'Your last payment did not go through. Update your payment method to keep using your plan.'
            : 'Choose a plan to get yearly assessment credits and keep assessing companies after your free trial.'}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <LinkButton to="/products">View Plans</LinkButton>
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
            <h3 className="text-lg font-semibold text-slate-900">Subscription</h3>
            <p className="text-sm text-slate-600">Your plan, credits and billing.</p>
          </div>
          <StatusPill status={sub.status} />
        </div>

        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail icon={<CreditCard className="size-4" aria-hidden />} label="Plan" value={planLabel(sub.plan)} />
          <Detail icon={<Coins className="size-4" aria-hidden />} label="Credits remaining" value={formatCount(sub.credits)} />
          <Detail icon={<RefreshCw className="size-4" aria-hidden />} label="Credit reset date" value={formatDate(sub.limit_date)} />
          <Detail
            icon={<CalendarClock className="size-4" aria-hidden />}
            label={willCancel ? 'Access ends' : 'Current period ends'}
            value={formatDate(sub.end_date)}
          />
        </dl>

        {sub.billing_details && <BilledTo details={sub.billing_details} />}

        {willCancel && (
          <div role="status" className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
            <p className="flex items-center gap-2 font-semibold">
              <AlertTriangle className="size-4 shrink-0" aria-hidden />
              Will cancel at period end
            </p>
            <p className="text-sm">
              Your subscription stays active until {formatDate(sub.end_date)}. You can reactivate it any time before then
              and keep your plan and credits.
            </p>
          </div>
        )}
      </div>

      <div className="mt-6 flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:flex-wrap sm:items-center">
        {manageBilling}
        {willCancel ? (
          <Button variant="accent" onClick={handleReactivate} {...busyProps('reactivate', 'Reactivating...')}>
            <RotateCcw className="size-4" aria-hidden />
            Reactivate Subscription
          </Button>
        ) : (
          <Button
            variant="ghost"
            className="text-red-700! hover:bg-red-50! hover:text-red-800! sm:ml-auto"
            onClick={handleCancel}
            {...busyProps('cancel', 'Canceling...')}
          >
            <XCircle className="size-4" aria-hidden />
            Cancel Subscription
          </Button>
        )}
      </div>
    </div>
  );
}
