import type { ReactNode } from 'react';
import { SCORE_TABLE, gradeFor, levelLabel } from '../../../shared/scoring';
import { t } from '../../lib/i18n';

const GRADE_CELL: Record<string, string> = {
  A: 'bg-emerald-50 text-emerald-800',
  B: 'bg-lime-50 text-lime-800',
  C: 'bg-amber-50 text-amber-800',
  D: 'bg-orange-50 text-orange-800',
  F: 'bg-red-50 text-red-800',
};

/** A table that scrolls on its own: focusable, so a keyboard can scroll it too. */
export function ScrollRegion({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`${className} rounded-2xl border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none`}
    >
      {children}
    </div>
  );
}

/** The published score of every likelihood × impact, read from the same table the reports use. */
export function ScoreTable() {
  return (
    <ScrollRegion label={t('methodology.scoreTable.label')} className="mt-4 max-w-3xl overflow-x-auto">
      <table className="w-full text-center text-sm tabular-nums">
        <caption className="sr-only">{t('methodology.scoreTable.caption')}</caption>
        <thead className="bg-slate-50 text-slate-900">
          <tr>
            <th scope="col" className="px-3 py-2.5 text-left font-semibold">
              {t('methodology.scoreTable.corner')}
            </th>
            {SCORE_TABLE[0]!.map((_, impact) => (
              <th key={impact} scope="col" className="px-3 py-2.5 font-semibold">
                {levelLabel(impact)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {SCORE_TABLE.map((row, likelihood) => (
            <tr key={likelihood}>
              <th scope="row" className="px-3 py-2 text-left font-semibold whitespace-nowrap text-slate-900">
                {levelLabel(likelihood)}
              </th>
              {row.map((score, impact) => (
                <td key={impact} className={`px-3 py-2 ${GRADE_CELL[gradeFor(score)]}`}>
                  {score} <span className="text-xs font-semibold">{gradeFor(score)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
