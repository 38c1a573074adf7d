import type { Activity } from '../../../shared/contracts/assessment.js';
import { naceDivision, naceReference } from '../../../shared/nace.js';
import type { AssessedRisk } from '../../../shared/scoring.js';
import type { IndustryRiskName } from './analyst.js';
import { profileForDivision, type IndustryProfile } from './industry-profiles.js';
import { formatKm, type SiteFeatures } from './site-features.js';

/**
 * Industry risks from the activity's profile (industry-profiles.ts), with a few site links:
 * severe natural-hazard exposure raises business interruption, a coastal heavy site raises the
 * environmental pathway, an island state lengthens supply chains. Class-level specifics
 * (online retail) refine the division's profile.
 */

export interface IndustryContext {
  activity: Activity;
  features: SiteFeatures;
  iso2: string;
  /** the location risks already assessed, to link severe site hazards to interruption */
  location: readonly AssessedRisk[];
}

const clamp = (x: number) => Math.min(5, Math.max(0, Math.round(x)));
const ISLAND_STATES = new Set(['MT', 'CY']);
const PHYSICAL_PERILS = new Set(['Flood', 'Coastal Flood / Storm Surge', 'Earthquake', 'Wildfire', 'Landslide', 'Volcanic Activity']);

export function industryProfile(activity: Activity): IndustryProfile {
  return profileForDivision(naceDivision(activity.nace_code)?.division);
}

function activityReason(activity: Activity): string {
  const ref = naceReference(activity.nace_code);
  if (!ref) return 'activity not determined: generic commercial profile';
  const how = activity.inferred_from === 'name' ? ` — inferred: ${activity.evidence}` : '';
  return `${ref} (${activity.nace_code} ${activity.nace_label})${how}`;
}

export function assessIndustryRisks(ctx: IndustryContext, names: readonly IndustryRiskName[]): AssessedRisk[] {
  const profile = industryProfile(ctx.activity);
  const base = activityReason(ctx.activity);
  const online = ctx.activity.nace_code?.startsWith('47.91') ?? false;
  const worstPeril = ctx.location
    .filter((r) => PHYSICAL_PERILS.has(r.name))
    .sort((a, b) => b.rawLikelihood * b.impact - a.rawLikelihood * a.impact || a.name.localeCompare(b.name))[0];

  return names.map((name) => {
    let [l, i, why] = profile.risks[name];
    const reasons = [base];
    if (online && name === 'Cyber') [l, i, why] = [4, 5, 'online shop: customer accounts and payment data at scale'];
    if (online && name === 'Property / Fire') [l, i, why] = [2, 3, 'online retail: stock held in fulfilment centres'];
    reasons.push(why);

    if (name === 'Business Interruption' && worstPeril && worstPeril.rawLikelihood >= 4) {
      l += 1;
      reasons.push(`site exposed to ${worstPeril.name.toLowerCase()} (likelihood ${worstPeril.rawLikelihood}/5): longer interruptions`);
    }
    if (name === 'Environmental' && profile.assets === 'heavy' && ctx.features.distanceToCoastKm < 2) {
      l += 1;
      reasons.push(`${formatKm(ctx.features.distanceToCoastKm)} from the coast: pollution pathway to the sea`);
    }
    if (name === 'Supply Chain' && ISLAND_STATES.has(ctx.iso2)) {
      l += 1;
      reasons.push('island state: supplies arrive by sea or air');
    }
    return { name, rawLikelihood: clamp(l), impact: clamp(i), reason: reasons };
  });
}
