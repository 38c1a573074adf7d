import { CalendarClock, Coins, CreditCard, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { parsePlan } from '../../../shared/plans';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LinkButton } from '../../components/ui/link-button';
import { formatCount, formatDate } from '../../lib/format';
import { localised, t } from '../../lib/i18n';
import { planStatusLabel, type StoredPlanStatus } from '../../entities/billing/plan-status';

export interface PlanSummaryCardProps {
  status: StoredPlanStatus | null;
  loading: boolean;
  /** The plan status could not be loaded and nothing is stored. */
  failed: boolean;
  onRetry: () => void;
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    // dt and dd sit directly in the group (a <dl> allows nothing else); the icon hangs in the padding.
    <div className="relative min-w-0 rounded-xl bg-slate-50 p-4 pl-16">
      <dt className="text-xs font-medium text-slate-500">
        <span className="absolute top-4 left-4 flex size-9 items-center justify-center rounded-lg bg-white text-brand-700 shadow-sm ring-1 ring-slate-200">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function SummarySkeleton() {
  return (
    <div role="status" aria-label={t('dashboard.plan.loading')} className="flex animate-pulse flex-col gap-4">
      <div className="h-4 w-28 rounded bg-slate-200" />
      <div className="h-7 w-48 rounded bg-slate-200" />
      <div className="grid gap-3 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-20 rounded-xl bg-slate-100" />
        ))}
      </div>
    </div>
  );
}

const statusTone = (status: string | null | undefined) =>
  status === 'active' || status === 'trialing' ? 'success' : status === 'past_due' ? 'warning' : status === 'canceled' ? 'danger' : 'neutral';

/** The subscription statuses as message ids. */
const STATUS_TEXT: Record<string, string> = {
  active: 'dashboard.plan.status.active',
  trialing: 'dashboard.plan.status.trialing',
  past_due: 'dashboard.plan.status.pastDue',
  canceled: 'dashboard.plan.status.canceled',
  incomplete: 'dashboard.plan.status.incomplete',
  incomplete_expired: 'dashboard.plan.status.incompleteExpired',
  unpaid: 'dashboard.plan.status.unpaid',
  paused: 'dashboard.plan.status.paused',
};

/** A status the app does not know yet is shown as the server names it ('some_state' → 'Some state'). */
const statusText = (status: string) => {
  const id = STATUS_TEXT[status];
  return id ? t(id) : status.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
};

/** The plan card's text links to the account and the plans (labels are message ids). */
const ACCOUNT_LINKS = [
  { to: '/profile', label: 'dashboard.plan.accountSettings' },
  { to: '/products', label: 'dashboard.plan.viewAllPlans' },
  { to: '/profile?tab=api-keys', label: 'dashboard.plan.apiKeys' },
];

/** The dashboard's plan summary: plan holder or free-trial variant. */
export function PlanSummaryCard({ status, loading, failed, onRetry }: PlanSummaryCardProps) {
  const plan = parsePlan(status?.plan);
  let content: ReactNode;
  if (loading && !status) {
    content = <SummarySkeleton />;
  } else if (failed && !status) {
    content = (
      <div className="flex flex-col items-start gap-3">
        <p className="font-semibold text-slate-900">{t('dashboard.plan.loadFailed')}</p>
        <Button size="sm" variant="outline" onClick={onRetry}>
          <RefreshCw className="size-4" aria-hidden />
          {t('dashboard.plan.retry')}
        </Button>
      </div>
    );
  } else if (plan) {
    content = (
      <>
        <div className="flex flex-wrap items-center gap-3">
          <div>
            <p className="text-sm font-medium text-slate-500">{t('dashboard.plan.currentPlan')}</p>
            <p className="text-2xl font-bold tracking-tight text-slate-900">{planStatusLabel(status?.plan)}</p>
          </div>
          {status?.status && status.status !== 'none' && <Badge tone={statusTone(status.status)}>{statusText(status.status)}</Badge>}
        </div>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Stat icon={<Coins className="size-4" aria-hidden />} label={t('dashboard.plan.creditsRemaining')} value={formatCount(status?.credits ?? 0)} />
          <Stat icon={<RefreshCw className="size-4" aria-hidden />} label={t('dashboard.plan.nextReset')} value={formatDate(status?.limit_date)} />
          <Stat icon={<CalendarClock className="size-4" aria-hidden />} label={t('dashboard.plan.renewalDate')} value={formatDate(status?.end_date)} />
        </dl>
      </>
    );
  } else {
    content = (
      <>
        <div>
          <p className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">{t('dashboard.plan.freeTrialTitle')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('dashboard.plan.freeTrialText')}</p>
        </div>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Stat
            icon={<Coins className="size-4" aria-hidden />}
            label={t('dashboard.plan.freeCreditsRemaining')}
            value={formatCount(status?.signup_credits ?? 0)}
          />
          <Stat icon={<CreditCard className="size-4" aria-hidden />} label={t('dashboard.plan.subscription')} value={t('dashboard.plan.noSubscription')} />
        </dl>
      </>
    );
  }

  return (
    <Card className="flex flex-col">
      <div className="flex flex-col gap-5 p-6">
        <h2 className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('dashboard.plan.title')}</h2>
        {content}
      </div>
      <div className="mt-auto flex flex-col gap-3 border-t border-slate-100 px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap gap-3">
          <LinkButton to="/profile" variant="outline" size="sm">
            {t('dashboard.plan.manage')}
          </LinkButton>
          <LinkButton to={localised('/products')} size="sm">
            {t('dashboard.plan.upgrade')}
          </LinkButton>
        </div>
        <div className="flex flex-wrap gap-4 text-sm font-semibold">
          {ACCOUNT_LINKS.map(({ to, label }) => (
            <Link key={to} to={localised(to)} className="text-brand-700 underline-offset-4 hover:underline">
              {t(label)}
            </Link>
          ))}
        </div>
      </div>
    </Card>
  );
}
