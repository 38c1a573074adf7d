import { portfolioDetailSchema, portfolioListSchema, type PortfolioDetail, type PortfolioList, type PortfolioSummary } from '../../../shared/contracts/portfolio';
import { useQuery } from '@tanstack/react-query';
import { authJson } from '../../lib/auth-fetch';
import { t } from '../../lib/i18n';

/**
 * The user's portfolios as a list: the portfolio screens show it in full and the dashboard
 * shows the latest few with their state; one portfolio's detail (its screen, and the way back
 * from a row's report). The portfolio's own calls (preview, create, retry, exports) live with the
 * portfolio feature.
 */

export const portfolioKeys = {
  all: ['portfolios'] as const,
  list: ['portfolios', 'list'] as const,
  detail: (id: string) => ['portfolios', 'detail', id] as const,
};

export function fetchPortfolios(): Promise<PortfolioList> {
  return authJson('/api/portfolios', portfolioListSchema);
}

export function fetchPortfolio(id: string): Promise<PortfolioDetail> {
  return authJson(`/api/portfolios/${encodeURIComponent(id)}`, portfolioDetailSchema);
}

/** One portfolio with its rows (the portfolio screen polls it; a row's report reads its name). */
export function usePortfolioDetail(id: string) {
  return useQuery({ queryKey: portfolioKeys.detail(id), queryFn: () => fetchPortfolio(id), retry: false });
}

/** How often the list is asked again while one of its portfolios still runs. */
export const LIST_POLL_MS = 5000;

/** The user's portfolios, asked again every few seconds while one of them still runs (the dashboard and /portfolio share it). */
export function usePortfolios(options: { retry?: boolean } = {}) {
  return useQuery({
    queryKey: portfolioKeys.list,
    queryFn: fetchPortfolios,
    ...(options.retry === false ? { retry: false } : {}),
    refetchInterval: (q) => (q.state.data?.items.some((p) => p.status !== 'done') ? LIST_POLL_MS : false),
  });
}

export const portfolioHref = (id: string) => `/portfolio/${encodeURIComponent(id)}`;

/** Rows settled (assessed or failed), 0–100. */
export function portfolioPercent(p: Pick<PortfolioSummary, 'total' | 'done' | 'failed'>): number {
  if (p.total <= 0) return 100;
  return Math.min(100, Math.round(((p.done + p.failed) / p.total) * 100));
}

export type PortfolioStateTone = 'neutral' | 'brand' | 'success' | 'warning';

/** The state in words, with the badge tone: 'Queued', 'Running', 'Done', 'Done with 2 failed'. */
export function portfolioState(p: Pick<PortfolioSummary, 'status' | 'failed'>): { label: string; tone: PortfolioStateTone } {
  if (p.status === 'queued') return { label: t('portfolio.state.queued'), tone: 'neutral' };
  if (p.status === 'running') return { label: t('portfolio.state.running'), tone: 'brand' };
  if (p.failed > 0) return { label: t('portfolio.state.doneWithFailed', { failed: p.failed }), tone: 'warning' };
  return { label: t('portfolio.state.done'), tone: 'success' };
}
