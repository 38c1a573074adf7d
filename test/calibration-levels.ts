import { CALIBRATION, calibrationKey, type CalibrationRow } from '../src/shared/hazards/calibration.js';
import { HAZARD_RULES, type HazardKey } from '../src/shared/hazards/index.js';
import { informFor } from '../src/server/engine/inform.js';
import { profileForDivision } from '../src/server/engine/industry-profiles.js';
import { assessLocationRisks } from '../src/server/engine/location-risks.js';
import type { LocationRiskName } from '../src/server/engine/risk-names.js';
import { siteFeatures } from '../src/server/engine/site-features.js';

/** The location risk each hazard of the table is reported as (its name in the rule table). */
const riskOf = (hazard: HazardKey) => HAZARD_RULES[hazard].name as LocationRiskName;

/**
 * Corisk's level for every row of the calibration table: the engine on the site's coordinates,
 * placed at address precision, with no activity (the levels do not depend on it).
 */
export function coriskCalibrationLevels(rows: readonly CalibrationRow[] = CALIBRATION): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) {
    const inform = informFor(r.country);
    if (!inform) throw new Error(`${r.site}: no INFORM scores for ${r.country}`);
    const [risk] = assessLocationRisks({ inform, features: siteFeatures(r.lat, r.lon), profile: profileForDivision(undefined), precision: 'address' }, [riskOf(r.hazard)]);
    out[calibrationKey(r)] = risk!.rawLikelihood;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}
