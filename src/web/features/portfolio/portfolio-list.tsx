import { FolderOpen } from 'lucide-react';
import { Link } from 'react-router';
import type { PortfolioSummary } from '../../../shared/contracts/portfolio';
import { ListState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { CardSection } from '../../components/ui/card-section';
import { ColumnTable, type HeaderCell } from '../../components/ui/header-cells';
import { TitleLink } from '../../components/ui/title-link';
import { formatCount, formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n';
import { portfolioHref, portfolioPercent, portfolioState, usePortfolios } from '../../entities/portfolio/portfolios-api';

/** The list's columns, in the active language. */
const listColumns = (): readonly (string | HeaderCell)[] => [
  { name: t('portfolio.list.column.name'), className: 'px-5 py-2.5' },
  t('portfolio.list.column.state'),
  t('portfolio.list.column.progress'),
  t('portfolio.list.column.created'),
  { name: t('portfolio.list.column.open'), srOnly: true },
];

function ProgressCell({ p }: { p: PortfolioSummary }) {
  const percent = portfolioPercent(p);
  return (
    <div className="flex min-w-[9rem] items-center gap-2">
      <div
        role="progressbar"
        aria-label={t('portfolio.list.progressOf', { name: p.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={p.status === 'done' ? 'h-full rounded-full bg-green-500' : 'h-full rounded-full bg-brand-500'}
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="text-xs text-slate-600 tabular-nums">
        {formatCount(p.done + p.failed)}/{formatCount(p.total)}
      </span>
    </div>
  );
}

/** 'Your portfolios': name, state, progress and creation time of each, newest first. */
export function PortfolioList() {
  const list = usePortfolios();

  const body = (
    <ListState query={list} what="portfolios" rows={3} rowClassName="h-12" loadingClassName="p-5" failedClassName="p-5">
      {(data) =>
        data.items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
            <FolderOpen className="size-8 text-slate-400" aria-hidden />
            <p className="font-medium text-slate-900">{t('portfolio.list.emptyTitle')}</p>
            <p className="max-w-md text-sm text-slate-600">{t('portfolio.list.emptyText')}</p>
          </div>
        ) : (
          // relative: the sr-only texts inside are positioned against the scroller, not the page (which would scroll sideways).
          <div className="relative overflow-x-auto">
            <ColumnTable
              caption={t('portfolio.list.caption')}
              className="w-full min-w-[40rem] text-left text-sm"
              headClassName="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase"
              columns={listColumns()}
              cellClassName="px-4 py-2.5"
            >
              {data.items.map((p) => {
                const state = portfolioState(p);
                return (
                  <tr key={p.id} className="hover:bg-slate-50">
                    <td className="px-5 py-3">
                      <TitleLink to={portfolioHref(p.id)}>
                        {p.name}
                      </TitleLink>
                      <p className="text-xs text-slate-500">{t('portfolio.common.sites', { count: p.total })}</p>
                    </td>
                    <td className="px-4 py-3">
                      <Badge tone={state.tone}>{state.label}</Badge>
                    </td>
                    <td className="px-4 py-3">
                      <ProgressCell p={p} />
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatDateTime(p.created_at)}</td>
                    <td className="px-4 py-3 text-right">
                      <Link
                        to={portfolioHref(p.id)}
                        aria-label={t('portfolio.list.open', { name: p.name })}
                        className="inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
                      >
                        <span aria-hidden>→</span>
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </ColumnTable>
          </div>
        )
      }
    </ListState>
  );

  return (
    <CardSection headingId="portfolio-list-heading" title={t('portfolio.list.title')} cardClassName="overflow-hidden">
      {body}
    </CardSection>
  );
}
