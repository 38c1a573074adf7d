import { Layers, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { LoadingRows, QueryState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { LinkButton } from '../../components/ui/link-button';
import { isSessionEnded } from '../../lib/auth-fetch';
import { formatCount, formatDate } from '../../lib/format';
import { portfolioHref, portfolioPercent, portfolioState, usePortfolios } from '../../entities/portfolio/portfolios-api';

/** How many portfolios the dashboard shows; the rest are on /portfolio. */
export const DASHBOARD_PORTFOLIOS = 5;

/** 'Portfolios' on the dashboard: the latest portfolios with their state, refreshed while one runs. */
export function PortfoliosSection() {
  const list = usePortfolios({ retry: false });
  const items = list.data?.items ?? [];

  const body = (
    <QueryState
      query={list}
      loading={<LoadingRows label="Loading portfolios" rows={2} rowClassName="h-12" className="py-2" />}
      failed={(err) => (
        <p className="text-sm text-slate-600">
          {isSessionEnded(err) ? 'Sign in again to see your portfolios.' : 'Your portfolios could not be loaded.'}
        </p>
      )}
      failedClassName="py-4"
    >
      {() =>
        items.length === 0 ? (
          <div className="flex flex-col items-start gap-3 py-4">
            <p className="text-sm text-slate-600">
              No portfolios yet. Upload a file of sites to assess a whole book at once, with a map, grades and exports.
            </p>
            <LinkButton to="/portfolio" size="sm">
              <Layers className="size-4" aria-hidden />
              Assess a portfolio
            </LinkButton>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.slice(0, DASHBOARD_PORTFOLIOS).map((p) => {
              const state = portfolioState(p);
              return (
                <li key={p.id} className="flex flex-col gap-2 py-3.5 sm:flex-row sm:items-center sm:gap-4">
                  <div className="min-w-0 flex-1">
                    <Link
                      to={portfolioHref(p.id)}
                      className="truncate font-semibold text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                    >
                      {p.name}
                    </Link>
                    <p className="text-sm text-slate-500">
                      {p.total === 1 ? '1 site' : `${formatCount(p.total)} sites`} · {formatDate(p.created_at)}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <span className="text-sm text-slate-600 tabular-nums" aria-label={`${portfolioPercent(p)}% settled`}>
                      {formatCount(p.done + p.failed)}/{formatCount(p.total)}
                    </span>
                    <Badge tone={state.tone}>{state.label}</Badge>
                  </div>
                </li>
              );
            })}
          </ul>
        )
      }
    </QueryState>
  );

  return (
    <section aria-labelledby="portfolios-heading" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="portfolios-heading" className="text-xl font-semibold text-slate-900">
          Portfolios
        </h2>
        {items.length > 0 && (
          <LinkButton to="/portfolio" variant="ghost" size="sm">
            <Plus className="size-4" aria-hidden />
            New portfolio
          </LinkButton>
        )}
      </div>
      <Card className="px-5 py-2 sm:px-6">{body}</Card>
      {items.length > DASHBOARD_PORTFOLIOS && (
        <Link to="/portfolio" className="self-start text-sm font-semibold text-brand-700 hover:underline">
          All {formatCount(items.length)} portfolios
        </Link>
      )}
    </section>
  );
}
