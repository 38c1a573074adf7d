import { Layers } from 'lucide-react';
import { Link } from 'react-router';
import { ListState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { CardSection } from '../../components/ui/card-section';
import { LinkButton } from '../../components/ui/link-button';
import { TitleLink } from '../../components/ui/title-link';
import { formatCount, formatDate } from '../../lib/format';
import { t } from '../../lib/i18n';
import { portfolioHref, portfolioPercent, portfolioState, usePortfolios } from '../../entities/portfolio/portfolios-api';

/** How many portfolios the dashboard shows; the rest are on /portfolio. */
export const DASHBOARD_PORTFOLIOS = 5;

/** 'Portfolios' on the dashboard: the latest portfolios with their state, refreshed while one runs. */
export function PortfoliosSection() {
  const list = usePortfolios({ retry: false });
  const items = list.data?.items ?? [];

  const body = (
    <ListState query={list} what="portfolios" rows={2} rowClassName="h-12" loadingClassName="py-2" failedClassName="py-4">
      {() =>
        items.length === 0 ? (
          <div className="flex flex-col items-start gap-3 py-4">
            <p className="text-sm text-slate-600">{t('dashboard.portfolios.empty')}</p>
            <LinkButton to="/portfolio" size="sm">
              <Layers className="size-4" aria-hidden />
              {t('dashboard.portfolios.assess')}
            </LinkButton>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.slice(0, DASHBOARD_PORTFOLIOS).map((p) => {
              const state = portfolioState(p);
              return (
                <li key={p.id} className="flex flex-col gap-2 py-3.5 sm:flex-row sm:items-center sm:gap-4">
                  <div className="min-w-0 flex-1">
                    <TitleLink to={portfolioHref(p.id)} className="truncate">
                      {p.name}
                    </TitleLink>
                    <p className="text-sm text-slate-500">
                      {t('dashboard.portfolios.sites', { count: p.total })} · {formatDate(p.created_at)}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <span className="text-sm text-slate-600 tabular-nums" aria-label={t('dashboard.portfolios.settled', { percent: portfolioPercent(p) })}>
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
    </ListState>
  );

  return (
    <CardSection
      headingId="portfolios-heading"
      title={t('dashboard.portfolios.title')}
      add={items.length > 0 && { to: '/portfolio', label: t('dashboard.portfolios.new') }}
      cardClassName="px-5 py-2 sm:px-6"
      after={
        items.length > DASHBOARD_PORTFOLIOS && (
          <Link to="/portfolio" className="self-start text-sm font-semibold text-brand-700 hover:underline">
            {t('dashboard.portfolios.all', { count: items.length })}
          </Link>
        )
      }
    >
      {body}
    </CardSection>
  );
}
