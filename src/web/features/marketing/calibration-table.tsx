import { AGREEMENT_RULE, agreementByHazard, agrees, CALIBRATION, calibrationKey, REFERENCE_KINDS, REFERENCE_LADDERS } from '../../../shared/hazards/calibration';
import CORISK_LEVELS from '../../../shared/hazards/calibration-levels.json';
import { HAZARD_RULES } from '../../../shared/hazards';
import { levelLabel } from '../../../shared/scoring';
import { ScrollRegion } from './score-table';
import { HeaderCells } from '../../components/ui/header-cells';
import { formatCount } from '../../lib/format';
import { t, T } from '../../lib/i18n';

const levels: Record<string, number> = CORISK_LEVELS;

/**
 * The calibration table: Corisk's level at each reference site beside the published reference
 * level, from the snapshot the engine's test keeps current (the page cannot run the engine).
 */
export function CalibrationTable() {
  const rates = agreementByHazard(levels);
  return (
    <>
      <p>{t('methodology.calibration.intro', { sites: new Set(CALIBRATION.map((r) => r.site)).size, kinds: REFERENCE_KINDS, rule: AGREEMENT_RULE })}</p>
      <ul className="mt-2 list-disc pl-5 text-sm text-slate-600" aria-label={t('methodology.calibration.laddersLabel')}>
        {Object.entries(REFERENCE_LADDERS).map(([hazard, ladder]) => (
          <li key={hazard}>
            {HAZARD_RULES[hazard as keyof typeof REFERENCE_LADDERS].name}: {ladder}
          </li>
        ))}
      </ul>
      <ul className="mt-4 flex flex-wrap gap-3" aria-label={t('methodology.calibration.agreementLabel')}>
        {rates.map((r) => (
          <li key={r.hazard} className="rounded-xl border border-slate-200 bg-white px-4 py-2 text-sm">
            <T
              id="methodology.calibration.agreement"
              values={{ hazard: HAZARD_RULES[r.hazard].name, percent: formatCount(Math.round(r.rate * 100)), agree: r.agree, rows: r.rows }}
              components={{ 0: <span className="font-semibold text-slate-900" /> }}
            />
          </li>
        ))}
      </ul>
      <ScrollRegion label={t('methodology.calibration.tableLabel')} className="mt-4 max-h-[32rem] overflow-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('methodology.calibration.caption')}</caption>
          <thead className="sticky top-0 bg-slate-50 text-slate-900">
            <tr>
              <HeaderCells
                names={[
                  t('methodology.calibration.siteColumn'),
                  t('methodology.calibration.hazardColumn'),
                  'Corisk',
                  t('methodology.calibration.referenceColumn'),
                  t('methodology.calibration.sourceColumn'),
                  t('methodology.calibration.whyColumn'),
                ]}
                className="px-3 py-2.5 font-semibold"
              />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {CALIBRATION.map((r) => {
              const level = levels[calibrationKey(r)];
              const ok = level !== undefined && agrees(level, r.reference);
              return (
                <tr key={calibrationKey(r)} className={ok ? '' : 'bg-amber-50'}>
                  <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                    {r.site} <span className="text-xs text-slate-500">({r.country})</span>
                  </th>
                  <td className="px-3 py-2 text-slate-600">{HAZARD_RULES[r.hazard].name}</td>
                  <td className="px-3 py-2 text-slate-900">{level === undefined ? '—' : levelLabel(level)}</td>
                  <td className="px-3 py-2 text-slate-600">
                    {levelLabel(r.reference)} <span className="text-xs">({r.referenceSaid})</span>
                  </td>
                  <td className="px-3 py-2 text-xs text-slate-500">
                    {r.evidence ? (
                      <a href={r.evidence.url} title={r.evidence.says} rel="noreferrer" className="underline">
                        {r.source}
                      </a>
                    ) : (
                      r.source
                    )}
                  </td>
                  <td className="px-3 py-2 text-xs text-slate-600">{ok ? '' : (r.why ?? '')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
