import type { Activity, GeocodePrecision } from '../../shared/contracts/assessment.js';
import { naceReference } from '../../shared/nace.js';
import { LEVEL_SENTENCES } from '../../shared/hazards/sentences.js';
import { averageScores, gradeFor, gradeLabel, levelLabel, riskScore, type AssessedRisk } from '../../shared/scoring.js';
import { ageInMonths, type CompanyProfile } from './company-profile.js';
import { formatKm, type SiteFeatures } from './site-features.js';
import type { SiteChoice } from './site-types.js';

/**
 * Key takeaways for insurers: the overall picture, then what to ask or check for the three
 * worst-scoring risks (each naming the data behind it), then caveats on the data itself.
 */

export interface TakeawayContext {
  companyName: string;
  country: string;
  location: readonly AssessedRisk[];
  industry: readonly AssessedRisk[];
  activity: Activity;
  features: SiteFeatures;
  precision: GeocodePrecision;
  sample: boolean;
  /** what the national register says of the company, when it answered */
  profile?: CompanyProfile;
  /** the site type rated; assumed ones get a takeaway to confirm it */
  site?: SiteChoice;
  /** the date the company's age is counted to */
  now?: Date;
}

/** What a closing status means for cover, said plainly (it comes first). */
const STATUS_WARNINGS: Partial<Record<CompanyProfile['status'], (name: string) => string>> = {
  dissolved: (name) =>
    `Company dissolved: the national register lists ${name} as dissolved or ceased, so the legal entity no longer trades; do not quote until the insured entity is confirmed.`,
  insolvent: (name) =>
    `Company insolvent: the national register lists ${name} in insolvency proceedings (bankruptcy or restructuring); cover needs the administrator's consent and premium payment is at risk.`,
  in_liquidation: (name) =>
    `Company in liquidation: the national register lists ${name} as being wound up; limit any cover to the run-off of the liquidation.`,
};

/** A takeaway on a company younger than two years, from its date of incorporation. */
function trackRecord(profile: CompanyProfile | undefined, now: Date): string | undefined {
  const months = ageInMonths(profile?.incorporatedOn ?? null, now);
  if (months === undefined || months >= 24) return undefined;
  const age = months < 1 ? 'less than a month' : months === 1 ? '1 month' : `${months} months`;
  return `Short track record: incorporated on ${profile!.incorporatedOn} (${age} ago), so there is little or no loss history; ask for the managers' previous trading record and underwrite on projections.`;
}

/** What an underwriter should do about each risk. */
const ACTIONS: Record<string, string> = {
  Flood: "confirm the site's flood zone on the national flood map, the floor level of stock and machinery, and set flood sub-limits and deductibles",
  'Coastal Flood / Storm Surge': 'check the elevation above sea level and sea defences, and review storm-surge exclusions and ground-floor deductibles',
  Earthquake: "ask for the buildings' construction year and seismic design code, and set an earthquake sub-limit against the probable maximum loss",
  Wildfire: 'ask for vegetation clearance around buildings, ember-resistant roofs and vents, and fire-brigade access',
  Windstorm: 'survey roof condition, cladding fixings and yard storage; consider a windstorm deductible',
  'Extreme Heat': 'check cooling redundancy for equipment and temperature-sensitive stock, and heat-stress procedures for staff',
  Drought: 'ask how the site secures process and cooling water, and whether water restrictions would stop production',
  Landslide: 'ask for a slope-stability or geotechnical survey if the site lies on or below a slope',
  'Volcanic Activity': "check the volcano observatory's hazard zoning for the site, roof loads for ash fall, air-intake filters and the volcanic exclusions of the wording",
  'Crime / Theft': 'check the intruder alarm grade, CCTV, perimeter protection and cash or high-value stock limits',
  'Political / Economic Stability': 'consider trade credit cover for receivables and contract frustration for public-sector contracts',
  'Property / Fire': 'survey sprinkler protection, fire compartments, hot-work permits and the storage of combustibles',
  Liability: 'review contractual liability caps, product-recall cover and claims history',
  'Business Interruption': 'review the business continuity plan, alternative sites and an indemnity period of at least 18 months',
  Cyber: 'ask for MFA, offline backups and an incident-response plan; check for silent cyber in property and liability wordings',
  Environmental: 'review permits, past contamination and environmental impairment liability cover',
  Regulatory: 'ask about the compliance programme and recent regulatory findings; fines are often uninsurable',
  'Supply Chain': 'map supplier concentration and consider contingent business interruption cover',
  'Workforce Injury': "review accident frequency, the safety management system (e.g. ISO 45001) and employers' liability limits",
};

/** Location risks that are not natural hazards (they come from country indicators). */
const SOCIAL_RISKS = new Set(['Crime / Theft', 'Political / Economic Stability']);

interface Ranked {
  risk: AssessedRisk;
  score: number;
}

function ranked(risks: readonly AssessedRisk[]): Ranked[] {
  return risks
    .map((risk) => ({ risk, score: riskScore(risk.rawLikelihood, risk.impact) }))
    .sort((a, b) => a.score - b.score || a.risk.name.localeCompare(b.risk.name));
}

/** Every fixed level sentence: the likelihood already says the level, so a takeaway quotes a measured fact instead. */
const LEVEL_SENTENCE_LIST: readonly string[] = Object.values(LEVEL_SENTENCES).flat();
const isLevelSentence = (r: string) => LEVEL_SENTENCE_LIST.some((s) => r.startsWith(s));

/** The reason a takeaway quotes: the first measured fact, else the first reason not about impact, without its full stop. */
export function takeawayEvidence(reasons: readonly string[]): string {
  const plain = reasons.filter((r) => !r.startsWith('impact '));
  const fact = plain.find((r) => !isLevelSentence(r)) ?? plain[0] ?? '';
  return fact.replace(/\.$/, '');
}

export function keyTakeaways(ctx: TakeawayContext): string[] {
  const loc = ranked(ctx.location);
  const ind = ranked(ctx.industry);
  const avg = averageScores(
    loc.map((r) => r.score),
    ind.map((r) => r.score),
  );
  const overallGrade = gradeFor(avg.overallScore);
  const activity = naceReference(ctx.activity.nace_code) ?? 'an undetermined activity';
  const warning = STATUS_WARNINGS[ctx.profile?.status ?? 'unknown'];
  const out: string[] = warning ? [warning(ctx.companyName)] : [];
  // A Very High natural hazard leads (after a closing company): it decides whether to quote at all.
  const severe = loc.filter((r) => r.risk.rawLikelihood >= 5 && !SOCIAL_RISKS.has(r.risk.name));
  for (const { risk, score } of severe) {
    out.push(
      `Very High ${risk.name.toLowerCase()} hazard at the site (score ${score}, ${levelLabel(risk.impact)} impact; ${takeawayEvidence(risk.reason)}): ${ACTIONS[risk.name] ?? 'review this exposure before binding'}.`,
    );
  }
  out.push(
    `Overall ${avg.overallScore}/100 (${overallGrade}, ${gradeLabel(overallGrade)}) for ${ctx.companyName}, ${activity} in ${ctx.country}: location risks average ${avg.avgLocationRisk}/100, industry risks ${avg.avgIndustryRisk}/100.`,
  );

  const worst = [...loc, ...ind]
    .filter((r) => r.score < 90 && !severe.includes(r))
    .sort((a, b) => a.score - b.score || a.risk.name.localeCompare(b.risk.name))
    .slice(0, 3);
  for (const { risk, score } of worst) {
    const evidence = takeawayEvidence(risk.reason);
    out.push(
      `${risk.name} (score ${score}, ${levelLabel(risk.rawLikelihood)} likelihood, ${levelLabel(risk.impact)} impact; ${evidence}): ${ACTIONS[risk.name] ?? 'review this exposure before binding'}.`,
    );
  }
  if (worst.length === 0 && severe.length === 0) {
    out.push('No risk scores below 90: a favourable risk; standard terms should apply.');
  }

  const best = loc.filter((r) => r.risk.rawLikelihood === 0).map((r) => r.risk.name.toLowerCase());
  if (ctx.features.distanceToCoastKm >= 25 && best.includes('coastal flood / storm surge')) {
    out.push(`Favourable: ${formatKm(ctx.features.distanceToCoastKm)} from the coast, no storm-surge exposure${best.length > 1 ? `; also negligible: ${best.filter((b) => !b.startsWith('coastal')).join(', ')}` : ''}.`);
  } else if (best.length > 0) {
    out.push(`Negligible exposure: ${best.join(', ')}.`);
  }

  const young = trackRecord(ctx.profile, ctx.now ?? new Date());
  if (young) out.push(young);

  // A pin the user placed is as exact as a street address.
  if (ctx.precision !== 'address' && ctx.precision !== 'user') {
    const level = { postal_code: 'postal-code district', city: 'city', country: 'country' }[ctx.precision];
    out.push(`The site was placed at ${level} level: confirm the exact address before quoting location-sensitive covers.`);
  }
  if (ctx.activity.inferred_from === 'name') {
    out.push(`Activity inferred from the name (${ctx.activity.evidence}): confirm the NACE code with the registry.`);
  } else if (ctx.activity.inferred_from === 'none') {
    out.push('Activity could not be determined: industry risks use a generic profile; obtain the NACE code before binding.');
  }
  if (ctx.site?.assumed) {
    out.push(
      `Site type assumed from the activity (${ctx.site.type}): confirm what the site is (office, warehouse, plant, retail, construction site or other); an office is rated for different property, environmental, injury and interruption risks than a plant.`,
    );
  }
  if (ctx.sample) out.push("Sample data: this company comes from Corisk's bundled sample directory.");
  return out;
}
