import { AGREEMENT_RULE, agreementByHazard, agrees, CALIBRATION, calibrationKey, REFERENCE_KINDS, REFERENCE_LADDERS } from '../../../shared/hazards/calibration';
import CORISK_LEVELS from '../../../shared/hazards/calibration-levels.json';
import { HAZARD_RULES } from '../../../shared/hazards';
import { levelLabel } from '../../../shared/scoring';
import { ScrollRegion } from './score-table';
import { HeaderCells } from '../../components/ui/header-cells';

const levels: Record<string, number> = CORISK_LEVELS;

const pct = (x: number) => `${Math.round(x * 100)} %`;

/**
 * The calibration table: Corisk's level at each reference site beside the published reference
 * level, from the snapshot the engine's test keeps current (the page cannot run the engine).
 */
export function CalibrationTable() {
  const rates = agreementByHazard(levels);
  return (
    <>
      <p>
        Corisk’s levels at {new Set(CALIBRATION.map((r) => r.site)).size} reference sites across the EU, beside a published
        reference level for the same hazard: {REFERENCE_KINDS}. {AGREEMENT_RULE}{' '}
        A test runs the engine on every site and fails when a level here drifts or an agreement rate falls.
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm text-slate-600" aria-label="How the references are read">
        {Object.entries(REFERENCE_LADDERS).map(([hazard, ladder]) => (
          <li key={hazard}>
            {HAZARD_RULES[hazard as keyof typeof REFERENCE_LADDERS].name}: {ladder}
          </li>
        ))}
      </ul>
      <ul className="mt-4 flex flex-wrap gap-3" aria-label="Agreement per hazard">
        {rates.map((r) => (
          <li key={r.hazard} className="rounded-xl border border-slate-200 bg-white px-4 py-2 text-sm">
            <span className="font-semibold text-slate-900">{HAZARD_RULES[r.hazard].name}</span>: {pct(r.rate)} agree ({r.agree} of {r.rows})
          </li>
        ))}
      </ul>
      <ScrollRegion label="Calibration table" className="mt-4 max-h-[32rem] overflow-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Corisk’s level beside the published reference level, per site and hazard</caption>
          <thead className="sticky top-0 bg-slate-50 text-slate-900">
            <tr>
              <HeaderCells names={['Site', 'Hazard', 'Corisk', 'Reference', 'Source', 'Why they differ']} className="px-3 py-2.5 font-semibold" />
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
