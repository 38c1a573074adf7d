import type { Activity, GeocodePrecision } from '../../shared/contracts/assessment.js';
import type { DataSourceEntry } from '../../shared/scoring.js';
import { LOCATION_RISKS } from './risk-names.js';
import { dataSourcesOf } from './analyse.js';
import { industryProfile } from './industry-risks.js';
import type { InformCountry } from './inform.js';
import { assessLocationRisks } from './location-risks.js';
import type { SiteFeatures } from './site-features.js';

/**
 * The site evidence the embedded engine measures, as prompt lines for another analyst: per
 * location risk, the embedded level and each measured fact with its dataset. The same facts the
 * embedded report shows, so both analysts rest on one body of evidence.
 */
export function siteEvidenceForPrompt(
  inform: InformCountry,
  features: SiteFeatures,
  activity: Activity,
  precision: GeocodePrecision,
): { lines: string[]; dataSources: DataSourceEntry[] } {
  const risks = assessLocationRisks({ inform, features, profile: industryProfile(activity), precision }, LOCATION_RISKS);
  const lines = risks.map((r) => `- ${r.name} (rule-based level ${r.rawLikelihood}/5): ${(r.evidence ?? []).map((e) => `${e.dataset}: ${e.text}`).join('; ')}`);
  return { lines, dataSources: dataSourcesOf(risks, features.rasters) };
}
