import type { PortfolioRow } from '../../../shared/contracts/portfolio';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { formatCount } from '../../lib/format';
import { t } from '../../lib/i18n';
import { GRADE_CLASSES, gradeLabel } from '../../entities/report/report-format';
import { averageScore, dominantHazards, gradeDistribution, isAssessed } from './portfolio-rows';

/** What the charts and the map say of a finished portfolio none of whose sites could be assessed (a message id). */
export const NONE_ASSESSED = 'portfolio.charts.noneAssessed';

const percentOf = (count: number, total: number) => (total ? Math.round((count / total) * 100) : 0);

/** Rows per grade A–F as bars. */
export function GradeDistribution({ rows, settled = false }: { rows: readonly PortfolioRow[]; settled?: boolean }) {
  const dist = gradeDistribution(rows);
  const assessed = rows.filter(isAssessed).length;
  const max = Math.max(1, ...dist.map((d) => d.count));
  const avg = averageScore(rows);
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="grade-distribution-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="grade-distribution-heading" className="text-sm font-semibold text-slate-900">
            {t('portfolio.charts.gradesTitle')}
          </h2>
          {avg !== null && <p className="text-sm text-slate-600">{t('portfolio.charts.average', { score: avg })}</p>}
        </div>
        {assessed === 0 ? (
          <p className="mt-3 text-sm text-slate-500">{settled ? t(NONE_ASSESSED) : t('portfolio.charts.gradesPending')}</p>
        ) : (
          <ul className="mt-4 flex flex-col gap-2.5">
            {dist.map(({ grade, count }) => (
              <li key={grade} className="grid grid-cols-[2rem_1fr_5.5rem] items-center gap-3 text-sm">
                <span className={cn('font-bold', GRADE_CLASSES[grade].text)} title={gradeLabel(grade)}>
                  {grade}
                </span>
                <span className="h-4 overflow-hidden rounded bg-slate-100" aria-hidden>
                  <span
                    className={cn('block h-full rounded', GRADE_CLASSES[grade].bar)}
                    style={{ width: `${(count / max) * 100}%` }}
                  />
                </span>
                <span className="text-right text-slate-700 tabular-nums">
                  <span className="sr-only">{t('portfolio.charts.gradeSr', { grade })} </span>
                  {formatCount(count)} <span className="text-slate-500">{t('portfolio.charts.share', { percent: percentOf(count, assessed) })}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

/** The hazards that are the worst risk of most sites (top 5). */
export function DominantHazards({ rows, settled = false }: { rows: readonly PortfolioRow[]; settled?: boolean }) {
  const top = dominantHazards(rows);
  const assessed = rows.filter(isAssessed).length;
  const max = Math.max(1, ...top.map((h) => h.count));
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="dominant-hazards-heading">
        <h2 id="dominant-hazards-heading" className="text-sm font-semibold text-slate-900">
          {t('portfolio.charts.hazardsTitle')}
        </h2>
        <p className="mt-1 text-xs text-slate-500">{t('portfolio.charts.hazardsIntro')}</p>
        {top.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">{settled ? t(NONE_ASSESSED) : t('portfolio.charts.hazardsPending')}</p>
        ) : (
          <ol className="mt-4 flex flex-col gap-3">
            {top.map(({ hazard, count }) => (
              <li key={hazard} className="text-sm">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="font-medium text-slate-800">{hazard}</span>
                  <span className="text-slate-600 tabular-nums">
                    {t('portfolio.common.sites', { count })}{' '}
                    <span className="text-slate-500">{t('portfolio.charts.share', { percent: percentOf(count, assessed) })}</span>
                  </span>
                </div>
                <span className="mt-1 block h-2 overflow-hidden rounded bg-slate-100" aria-hidden>
                  <span className="block h-full rounded bg-brand-500" style={{ width: `${(count / max) * 100}%` }} />
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
}
