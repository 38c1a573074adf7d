import type { Activity } from '../../shared/contracts/assessment.js';
import { naceDivision, naceReference } from '../../shared/nace.js';
import type { AssessedRisk } from '../../shared/scoring.js';
import type { IndustryRiskName } from './risk-names.js';
import { legalFormKind, staffSize, type CompanyProfile } from './company-profile.js';
import { profileForDivision, type IndustryProfile } from './industry-profiles.js';
import { formatKm, type SiteFeatures } from './site-features.js';
import { profileAtSite, SITE_RISKS, siteChoice, siteTypeReason, type SiteChoice } from './site-types.js';

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
  /** what the national register says of the company (staff band, legal form), when it answered */
  profile?: CompanyProfile;
  /** what the site is (site-types.ts); the activity's typical site, assumed, when absent */
  site?: SiteChoice;
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
  // An official code names the register and the national code it was mapped from.
  const how =
    activity.inferred_from === 'name'
      ? ` — inferred: ${activity.evidence}`
      : activity.inferred_from === 'source' && /^NACE \d{2}\.\d{2} from /.test(activity.evidence)
        ? ` — official: ${activity.evidence}`
        : '';
  return `${ref} (${activity.nace_code} ${activity.nace_label})${how}`;
}

export function assessIndustryRisks(ctx: IndustryContext, names: readonly IndustryRiskName[]): AssessedRisk[] {
  const activityProfile = industryProfile(ctx.activity);
  const site = ctx.site ?? siteChoice(activityProfile, undefined);
  const profile = profileAtSite(activityProfile, site);
  const base = activityReason(ctx.activity);
  const online = ctx.activity.nace_code?.startsWith('47.91') ?? false;
  const worstPeril = ctx.location
    .filter((r) => PHYSICAL_PERILS.has(r.name))
    .sort((a, b) => b.rawLikelihood * b.impact - a.rawLikelihood * a.impact || a.name.localeCompare(b.name))[0];

  return names.map((name) => {
    let [l, i, why] = profile.risks[name];
    const reasons = [base];
    if (SITE_RISKS.includes(name)) reasons.push(siteTypeReason(site));
    if (online && name === 'Cyber') [l, i, why] = [4, 5, 'online shop: customer accounts and payment data at scale'];
    // At a site type of its own, the site's property risk stands.
    if (online && name === 'Property / Fire' && !profile.site) [l, i, why] = [2, 3, 'online retail: stock held in fulfilment centres'];
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
    i += companyImpact(name, ctx.profile, reasons);
    return { name, rawLikelihood: clamp(l), impact: clamp(i), reason: reasons };
  });
}

/**
 * The register's staff band and legal form on the impact of the risks they scale: a large
 * workforce keeps payroll running through an interruption and puts more people in harm's way;
 * a micro company has little at stake; a public limited company adds shareholder claims to its
 * liability, a sole trader has a small third-party footprint. Adds the reason and returns the
 * change of impact.
 */
function companyImpact(name: IndustryRiskName, profile: CompanyProfile | undefined, reasons: string[]): number {
  if (!profile) return 0;
  const size = staffSize(profile.employees);
  const staff = `${profile.employees} employees in the register`;
  if (name === 'Business Interruption') {
    if (size === 'large') return reasons.push(`impact +1: ${staff}, payroll and fixed costs run on through a stoppage`), 1;
    if (size === 'micro') return reasons.push(`impact −1: ${staff}, little payroll and turnover at stake`), -1;
  }
  if (name === 'Workforce Injury' && size === 'large') {
    return reasons.push(`impact +1: ${staff}, more people exposed to an accident`), 1;
  }
  if (name === 'Liability') {
    const kind = legalFormKind(profile.legalForm);
    if (kind === 'public') return reasons.push(`impact +1: legal form ${profile.legalForm}, shareholder and directors' claims add to third-party liability`), 1;
    if (kind === 'sole_trader') return reasons.push(`impact −1: legal form ${profile.legalForm}, a one-person business with a small third-party footprint`), -1;
    if (size === 'large') return reasons.push(`impact +1: ${staff}, a large operation touches more third parties`), 1;
  }
  return 0;
}
