import { BarChart3 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useErrorToast } from '../../lib/busy-action';
import { dashboardTools } from '../../../shared/plans';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { useAuth } from '../../lib/auth/auth-state';
import { usePlanStatusQuery } from '../../entities/billing/billing-api';
import { usePlanStatus } from '../../entities/billing/plan-status';
import { t } from '../../lib/i18n';
import { usePageMeta } from '../../lib/seo';
import { greeting } from './greeting';
import { PlanSummaryCard } from './plan-summary-card';
import { PortfoliosSection } from './portfolios-section';
import { RecentReports } from './recent-reports';
import { ToolsList } from './tools-list';
import { usePaymentReturn } from './use-payment-return';

/** Re-renders at the next full hour so the greeting follows the time of day. */
function useHourlyNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const next = new Date(now);
    next.setHours(now.getHours() + 1, 0, 0, 0);
    const id = window.setTimeout(() => setNow(new Date()), next.getTime() - now.getTime());
    return () => window.clearTimeout(id);
  }, [now]);
  return now;
}

function UsageAnalyticsTile() {
  return (
    <Card className="flex flex-col gap-4 p-6">
      <div className="flex items-start justify-between gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-violet-50 text-violet-700">
          <BarChart3 className="size-5" aria-hidden />
        </span>
        <Badge tone="warning">{t('dashboard.analytics.comingSoon')}</Badge>
      </div>
      <div>
        <h2 className="font-semibold text-slate-900">{t('dashboard.analytics.title')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('dashboard.analytics.text')}</p>
      </div>
      <div className="mt-auto flex h-16 items-end gap-1.5" aria-hidden>
        {[40, 65, 35, 80, 55, 90, 60, 75].map((h, i) => (
          <span key={i} className="flex-1 rounded-t bg-slate-100" style={{ height: `${h}%` }} />
        ))}
      </div>
    </Card>
  );
}

/** /dashboard — My Dashboard. */
export function DashboardPage() {
  usePageMeta({ title: t('dashboard.page.title'), noindex: true });
  const { user } = useAuth();
  const now = useHourlyNow();
  const stored = usePlanStatus();
  const planStatus = usePlanStatusQuery();
  const { refetch } = planStatus;

  // Stripe may confirm a purchase a moment after the browser returns: poll briefly for the plan.
  const [awaitPlanUntil, setAwaitPlanUntil] = useState(0);
  const handleReturn = useCallback(() => {
    setAwaitPlanUntil(Date.now() + 20_000);
    void refetch();
  }, [refetch]);
  usePaymentReturn(handleReturn);
  const hasPlan = Boolean(planStatus.data?.plan);
  useEffect(() => {
    if (hasPlan || awaitPlanUntil <= Date.now()) return;
    const id = window.setTimeout(() => void refetch(), 2000);
    return () => window.clearTimeout(id);
  }, [hasPlan, awaitPlanUntil, refetch, planStatus.dataUpdatedAt]);

  useErrorToast(planStatus.error, t('dashboard.plan.loadFailed'));

  // The fresh answer when there is one, else the stored copy (e.g. when the call failed).
  const status = planStatus.data ?? (planStatus.isPending ? null : stored.status);
  const tools = dashboardTools(status?.plan, status?.signup_credits ?? 0);

  return (
    <main className="min-h-[70vh] bg-slate-50 pb-16">
      <section className="border-b border-slate-200 bg-white">
        <Container className="py-8 sm:py-10">
          <h1 className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('dashboard.page.title')}</h1>
          <p className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{greeting(user?.firstName, now)}</p>
          <p className="mt-1 text-slate-600">{t('dashboard.page.subtitle')}</p>
        </Container>
      </section>

      <Container className="flex flex-col gap-10 pt-8">
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <PlanSummaryCard
              status={status}
              loading={planStatus.isPending}
              failed={planStatus.isError}
              onRetry={() => void refetch()}
            />
          </div>
          <UsageAnalyticsTile />
        </div>

        <section aria-labelledby="tools-heading" className="flex flex-col gap-4">
          <h2 id="tools-heading" className="text-xl font-semibold text-slate-900">
            {t('dashboard.tools.title')}
          </h2>
          {planStatus.isPending && !status ? (
            <div className="h-48 animate-pulse rounded-2xl bg-slate-100" aria-hidden />
          ) : (
            <ToolsList tools={tools} />
          )}
        </section>

        <RecentReports />

        <PortfoliosSection />
      </Container>
    </main>
  );
}
