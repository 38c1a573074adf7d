import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FileDown, FileSpreadsheet, FileText, Layers, RotateCcw, WifiOff } from 'lucide-react';
import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { PortfolioDetail, PortfolioRow } from '../../../shared/contracts/portfolio';
import { Badge } from '../../components/ui/badge';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { LinkButton } from '../../components/ui/link-button';
import { ApiError, errorDetail } from '../../lib/api-client';
import { isSessionEnded } from '../../lib/auth-fetch';
import { billingKeys } from '../../entities/billing/billing-api';
import { runBusy, toastFailure } from '../../lib/busy-action';
import { formatCount, formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n';
import { portfolioKeys, portfolioState } from '../../entities/portfolio/portfolios-api';
import { getPublicConfig } from '../../lib/public-config';
import { reportKeys } from '../../entities/report/reports-api';
import { usePageMeta } from '../../lib/seo';
import { toast } from '../../lib/toast';
import { downloadExport, fetchPortfolio, retryFailedRows, retryPortfolioRow, type ExportFormat } from './portfolio-api';
import { MonitoringPanel } from './monitoring-panel';
import { DominantHazards, GradeDistribution, NONE_ASSESSED } from './portfolio-charts';
import { PortfolioProgress } from './portfolio-progress';
import { PortfolioResults } from './portfolio-results';
import { isAssessed } from './portfolio-rows';

/** How often the screen asks for progress while rows are still queued or running. */
export const POLL_MS = 2000;

// The outlines and d3-geo load with the map only, after the rest of the screen.
const PortfolioMap = lazy(() => import('./portfolio-map').then((m) => ({ default: m.PortfolioMap })));

/** Keeps a map that failed to load (offline, new deploy) from taking the whole screen down. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) return <p className="py-10 text-center text-sm text-slate-500">{t('portfolio.detail.mapFailed')}</p>;
    return this.props.children;
  }
}

/** Rows still waiting or running: the screen keeps polling (a retried row re-opens a finished portfolio). */
export function isSettled(p: PortfolioDetail | undefined): boolean {
  return Boolean(p && p.status === 'done' && p.rows.every((r) => r.status === 'done' || r.status === 'failed'));
}

function ExportButtons({ portfolio }: { portfolio: PortfolioDetail }) {
  const [busy, setBusy] = useState<ExportFormat | 'pdf' | null>(null);
  const run = async (kind: ExportFormat | 'pdf') => {
    setBusy(kind);
    try {
      if (kind === 'pdf') {
        const { downloadPortfolioPdf } = await import('./portfolio-pdf');
        await downloadPortfolioPdf(portfolio, getPublicConfig().productName);
      } else {
        await downloadExport(portfolio.id, kind, portfolio.name);
      }
    } catch (err) {
      if (!isSessionEnded(err)) {
        toast.error(
          kind === 'pdf'
            ? t('portfolio.export.pdfFailed')
            : errorDetail(err, t('portfolio.export.failed', { format: kind.toUpperCase() })),
        );
      }
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('portfolio.export.label')}>
      <Button variant="outline" size="sm" loading={busy === 'csv'} disabled={busy !== null} onClick={() => void run('csv')}>
        <FileText className="size-4" aria-hidden />
        {t('portfolio.export.csv')}
      </Button>
      <Button variant="outline" size="sm" loading={busy === 'xlsx'} disabled={busy !== null} onClick={() => void run('xlsx')}>
        <FileSpreadsheet className="size-4" aria-hidden />
        {t('portfolio.export.xlsx')}
      </Button>
      <Button variant="secondary" size="sm" loading={busy === 'pdf'} disabled={busy !== null} onClick={() => void run('pdf')}>
        <FileDown className="size-4" aria-hidden />
        {t('portfolio.export.pdf')}
      </Button>
    </div>
  );
}

function Header({ portfolio }: { portfolio?: PortfolioDetail }) {
  const state = portfolio ? portfolioState(portfolio) : null;
  return (
    <section className="border-b border-slate-200 bg-white">
      <Container className="flex flex-col gap-4 py-6 sm:py-8">
        <LinkButton to="/portfolio" variant="ghost" size="sm" className="-ml-3 self-start">
          <ArrowLeft className="size-4" aria-hidden />
          {t('portfolio.detail.back')}
        </LinkButton>
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div className="flex min-w-0 flex-col gap-2">
            <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">
              <Layers className="size-4" aria-hidden /> {t('portfolio.detail.eyebrow')}
            </p>
            <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
              {portfolio ? portfolio.name : <span className="inline-block h-8 w-64 animate-pulse rounded bg-slate-100 align-middle" aria-label={t('portfolio.detail.loadingName')} />}
            </h1>
            {portfolio && state && (
              <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <Badge tone={state.tone}>{state.label}</Badge>
                <span>
                  {t('portfolio.detail.meta', { count: portfolio.total, date: formatDateTime(portfolio.created_at) })}
                </span>
              </p>
            )}
          </div>
          {portfolio && <ExportButtons portfolio={portfolio} />}
        </div>
      </Container>
    </section>
  );
}

/** /portfolio/:id — live progress, then the results: charts, map and every site. */
export function PortfolioDetailPage({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: portfolioKeys.detail(id),
    queryFn: () => fetchPortfolio(id),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    refetchInterval: (q) => (q.state.data && isSettled(q.state.data) ? false : POLL_MS),
  });
  const portfolio = query.data;
  usePageMeta({ title: portfolio ? t('portfolio.detail.metaTitle', { name: portfolio.name }) : t('portfolio.detail.eyebrow'), noindex: true });

  // When the run finishes while the user watches: say so, and refresh what it changed.
  const seenRunning = useRef(false);
  const settled = isSettled(portfolio);
  useEffect(() => {
    if (!portfolio) return;
    if (!settled) {
      seenRunning.current = true;
      return;
    }
    if (!seenRunning.current) return;
    seenRunning.current = false;
    toast.success(
      portfolio.failed
        ? t('portfolio.detail.finishedWithFailed', { done: formatCount(portfolio.done), failed: formatCount(portfolio.failed) })
        : t('portfolio.detail.finished', { done: formatCount(portfolio.done) }),
    );
    void queryClient.invalidateQueries({ queryKey: portfolioKeys.list });
    void queryClient.invalidateQueries({ queryKey: billingKeys.planStatus });
    void queryClient.invalidateQueries({ queryKey: reportKeys.all });
  }, [settled, portfolio, queryClient]);

  const reported = useRef<unknown>(null);
  useEffect(() => {
    const err = query.error;
    if (!err || query.data || reported.current === err || isSessionEnded(err)) return;
    if (err instanceof ApiError && err.status === 404) return;
    reported.current = err;
    toast.error(errorDetail(err, t('portfolio.detail.loadFailedToast')));
  }, [query.error, query.data]);

  const [retrying, setRetrying] = useState<ReadonlySet<string>>(new Set());
  const handleRetry = async (row: PortfolioRow) => {
    if (retrying.has(row.id)) return;
    setRetrying((s) => new Set(s).add(row.id));
    try {
      await retryPortfolioRow(id, row.id);
      toast.success(t('portfolio.detail.rowQueued', { row: row.row }));
      seenRunning.current = true;
      await queryClient.invalidateQueries({ queryKey: portfolioKeys.detail(id) });
    } catch (err) {
      toastFailure(err, t('portfolio.detail.rowRetryFailed'));
    } finally {
      setRetrying((s) => {
        const next = new Set(s);
        next.delete(row.id);
        return next;
      });
    }
  };

  const [retryingAll, setRetryingAll] = useState(false);
  const handleRetryAll = async () => {
    if (retryingAll) return;
    await runBusy(setRetryingAll, t('portfolio.detail.retryAllError'), async () => {
      const queued = await retryFailedRows(id);
      toast.success(t('portfolio.detail.retriedAll', { count: queued }));
      seenRunning.current = true;
      await queryClient.invalidateQueries({ queryKey: portfolioKeys.detail(id) });
    });
  };

  let body;
  if (!portfolio) {
    const missing = (err: unknown) => err instanceof ApiError && err.status === 404;
    body = (
      <QueryState
        query={query}
        loading={
          <div role="status" aria-label={t('portfolio.detail.loading')} className="flex flex-col gap-6">
            <div className="h-40 animate-pulse rounded-2xl bg-slate-200/60" />
            <div className="h-72 animate-pulse rounded-2xl bg-slate-200/60" />
          </div>
        }
        failed={(err) => (
          <>
            <h2 className="text-lg font-semibold text-slate-900">{missing(err) ? t('portfolio.detail.notFound') : t('portfolio.detail.loadFailed')}</h2>
            <p className="text-sm text-slate-600">
              {missing(err)
                ? t('portfolio.detail.notFoundText')
                : isSessionEnded(err)
                  ? t('portfolio.common.signIn')
                  : errorDetail(err, t('portfolio.common.checkConnection'))}
            </p>
          </>
        )}
        failedClassName="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        canRetry={(err) => !missing(err)}
        actions={
          <LinkButton to="/portfolio" size="sm">
            {t('portfolio.detail.back')}
          </LinkButton>
        }
      />
    );
  } else {
    const assessed = portfolio.rows.filter(isAssessed).length;
    body = (
      <div className="flex flex-col gap-6">
        {query.isError && (
          <p role="status" className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
            <WifiOff className="size-4 shrink-0" aria-hidden />
            {t('portfolio.detail.refreshFailed')}
          </p>
        )}
        <PortfolioProgress portfolio={portfolio} />
        <MonitoringPanel portfolioId={id} />
        <div className="grid gap-6 lg:grid-cols-5">
          <Card className="p-4 sm:p-5 lg:col-span-3">
            <section aria-labelledby="portfolio-map-heading" className="flex flex-col gap-3">
              <h2 id="portfolio-map-heading" className="text-sm font-semibold text-slate-900">
                {t('portfolio.detail.mapTitle')}
              </h2>
              {assessed === 0 ? (
                <p className="py-10 text-center text-sm text-slate-500">
                  {settled ? t(NONE_ASSESSED) : t('portfolio.detail.mapPending')}
                </p>
              ) : (
                <MapBoundary>
                <Suspense fallback={<div role="status" aria-label={t('portfolio.detail.mapLoading')} className="aspect-[10/7] w-full animate-pulse rounded-xl bg-slate-100" />}>
                  <PortfolioMap rows={portfolio.rows} name={portfolio.name} />
                </Suspense>
                </MapBoundary>
              )}
            </section>
          </Card>
          <div className="flex flex-col gap-6 lg:col-span-2">
            <GradeDistribution rows={portfolio.rows} settled={settled} />
            <DominantHazards rows={portfolio.rows} settled={settled} />
          </div>
        </div>
        <RetryAllFailed
          count={portfolio.rows.filter((r) => r.status === 'failed' && r.retryable).length}
          busy={retryingAll}
          onRetry={() => void handleRetryAll()}
        />
        <PortfolioResults portfolioId={id} rows={portfolio.rows} retrying={retrying} onRetry={(row) => void handleRetry(row)} />
      </div>
    );
  }

  return (
    <main className="min-h-[70vh] bg-slate-50 pb-16">
      <Header portfolio={portfolio} />
      <Container className="pt-8">{body}</Container>
    </main>
  );
}

/** One action for every failed row that can run again (shown when there are two or more). */
function RetryAllFailed({ count, busy, onRetry }: { count: number; busy: boolean; onRetry: () => void }) {
  if (count < 2) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
      <p>{t('portfolio.detail.retryable', { count })}</p>
      <Button size="sm" variant="outline" onClick={onRetry} disabled={busy}>
        <RotateCcw className="size-4" aria-hidden />
        {busy ? t('portfolio.detail.retryingAll') : t('portfolio.detail.retryAll')}
      </Button>
    </div>
  );
}
