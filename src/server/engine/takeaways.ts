import { countryByName } from '../../shared/countries.js';
import { countryName } from '../../shared/i18n/error-text.js';
import type { Activity, GeocodePrecision } from '../../shared/contracts/assessment.js';
import { msg, type Message, type MessageValue } from '../../shared/i18n/message.js';
import { LEVEL_SENTENCES } from '../../shared/hazards/sentences.js';
import { averageScores, gradeFor, riskScore, type AssessedRisk, type Grade } from '../../shared/scoring.js';
import { activityEvidenceMessage } from './activity.js';
import { ageInMonths, type CompanyProfile } from './company-profile.js';
import { naceReferenceMessage } from './industry-profiles.js';
import { kmMessage, riskNameInSentenceMessage, riskNameMessage, SITE_TYPE_IDS } from './industry-risks.js';
import type { SiteFeatures } from './site-features.js';
import type { SiteChoice } from './site-types.js';
import { inEnglish } from './texts.js';

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

/** A takeaway in English (as reports store it) and as a message. */
export interface Takeaway {
  text: string;
  message: Message;
}

/** A member state's name as a message (written in the reader's language); a name the list does not know as it is. */
function countryOf(name: string): string | Message {
  const country = countryByName(name);
  return country ? countryName(country.iso2) : name;
}

/** What a closing status means for cover, said plainly (it comes first). */
const STATUS_WARNINGS: Partial<Record<CompanyProfile['status'], string>> = {
  dissolved: 'takeaway.status.dissolved',
  insolvent: 'takeaway.status.insolvent',
  in_liquidation: 'takeaway.status.inLiquidation',
};

/** A takeaway on a company younger than two years, from its date of incorporation. */
function trackRecord(profile: CompanyProfile | undefined, now: Date): Message | undefined {
  const months = ageInMonths(profile?.incorporatedOn ?? null, now);
  if (months === undefined || months >= 24) return undefined;
  // 'less than a month', '1 month', '5 months' ago
  return msg('takeaway.trackRecord', { date: { date: profile!.incorporatedOn! }, months });
}

/** What an underwriter should do about each risk. */
const ACTIONS: Record<string, string> = {
  Flood: 'takeaway.action.flood',
  'Coastal Flood / Storm Surge': 'takeaway.action.coastalFloodStormSurge',
  Earthquake: 'takeaway.action.earthquake',
  Wildfire: 'takeaway.action.wildfire',
  Windstorm: 'takeaway.action.windstorm',
  'Extreme Heat': 'takeaway.action.extremeHeat',
  Drought: 'takeaway.action.drought',
  Landslide: 'takeaway.action.landslide',
  'Volcanic Activity': 'takeaway.action.volcanicActivity',
  'Crime / Theft': 'takeaway.action.crimeTheft',
  'Political / Economic Stability': 'takeaway.action.politicalEconomicStability',
  'Property / Fire': 'takeaway.action.propertyFire',
  Liability: 'takeaway.action.liability',
  'Business Interruption': 'takeaway.action.businessInterruption',
  Cyber: 'takeaway.action.cyber',
  Environmental: 'takeaway.action.environmental',
  Regulatory: 'takeaway.action.regulatory',
  'Supply Chain': 'takeaway.action.supplyChain',
  'Workforce Injury': 'takeaway.action.workforceInjury',
};
const action = (name: string): Message => msg(ACTIONS[name] ?? 'takeaway.action.default');

/** 'High likelihood', 'Moderate impact': levels 0 Negligible … 5 Very High (scoring.ts levelLabel), anything else Unknown. */
const LIKELIHOOD_IDS = [
  'takeaway.likelihood.negligible',
  'takeaway.likelihood.veryLow',
  'takeaway.likelihood.low',
  'takeaway.likelihood.moderate',
  'takeaway.likelihood.high',
  'takeaway.likelihood.veryHigh',
] as const;
const IMPACT_IDS = [
  'takeaway.impact.negligible',
  'takeaway.impact.veryLow',
  'takeaway.impact.low',
  'takeaway.impact.moderate',
  'takeaway.impact.high',
  'takeaway.impact.veryHigh',
] as const;
const isLevel = (x: number) => Number.isInteger(x) && x >= 0 && x <= 5;
const likelihoodWords = (x: number) => msg(isLevel(x) ? LIKELIHOOD_IDS[x]! : 'takeaway.likelihood.unknown');
const impactWords = (x: number) => msg(isLevel(x) ? IMPACT_IDS[x]! : 'takeaway.impact.unknown');

/** Each grade's label (scoring.ts GRADE_BANDS). */
const GRADE_LABELS: Record<Grade, string> = {
  A: 'takeaway.grade.A',
  B: 'takeaway.grade.B',
  C: 'takeaway.grade.C',
  D: 'takeaway.grade.D',
  F: 'takeaway.grade.F',
};

/** How far from the address the site was placed, when it was not placed at one. */
const PLACEMENT: Partial<Record<GeocodePrecision, string>> = {
  postal_code: 'takeaway.precision.postalCode',
  city: 'takeaway.precision.city',
  country: 'takeaway.precision.country',
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

/** Which reason a takeaway quotes: the first measured fact, else the first reason not about impact (-1: none). */
function evidenceIndex(reasons: readonly string[]): number {
  const plain = reasons.map((r, i) => ({ r, i })).filter(({ r }) => !r.startsWith('impact '));
  return (plain.find(({ r }) => !isLevelSentence(r)) ?? plain[0])?.i ?? -1;
}

/** The reason a takeaway quotes: the first measured fact, else the first reason not about impact, without its full stop. */
export function takeawayEvidence(reasons: readonly string[]): string {
  const i = evidenceIndex(reasons);
  return i < 0 ? '' : reasons[i]!.replace(/\.$/, '');
}

/**
 * The quoted reason as a message value: the reason's own message, when the risk carries them; its
 * English words when it does not, or when the reason ends in a full stop (only a level sentence
 * does: its message cannot drop the stop).
 */
function evidenceValue(risk: AssessedRisk): MessageValue {
  const i = evidenceIndex(risk.reason);
  if (i < 0) return '';
  const text = risk.reason[i]!;
  const message = risk.reasonMessages?.length === risk.reason.length ? risk.reasonMessages[i] : undefined;
  return message && !text.endsWith('.') && inEnglish(message) === text ? message : text.replace(/\.$/, '');
}

/** 'a, b, c' of messages. */
function listOf(items: readonly MessageValue[]): MessageValue {
  const [first, ...rest] = items;
  return rest.length === 0 ? (first ?? '') : msg('takeaway.list', { first: first!, rest: listOf(rest) });
}

/** The key takeaways in English, as reports store them (`takeaways` gives their messages too). */
export function keyTakeaways(ctx: TakeawayContext): string[] {
  return takeaways(ctx).map((t) => t.text);
}

export function takeaways(ctx: TakeawayContext): Takeaway[] {
  const loc = ranked(ctx.location);
  const ind = ranked(ctx.industry);
  const avg = averageScores(
    loc.map((r) => r.score),
    ind.map((r) => r.score),
  );
  const overallGrade = gradeFor(avg.overallScore);
  const activity = naceReferenceMessage(ctx.activity.nace_code) ?? msg('takeaway.activityUndetermined');
  const warning = STATUS_WARNINGS[ctx.profile?.status ?? 'unknown'];
  const out: Message[] = warning ? [msg(warning, { name: ctx.companyName })] : [];
  // A Very High natural hazard leads (after a closing company): it decides whether to quote at all.
  const severe = loc.filter((r) => r.risk.rawLikelihood >= 5 && !SOCIAL_RISKS.has(r.risk.name));
  for (const { risk, score } of severe) {
    out.push(
      msg('takeaway.severe', {
        risk: riskNameInSentenceMessage(risk.name),
        score,
        impact: impactWords(risk.impact),
        evidence: evidenceValue(risk),
        action: action(risk.name),
      }),
    );
  }
  out.push(
    msg('takeaway.overall', {
      overall: avg.overallScore,
      grade: overallGrade,
      gradeLabel: msg(GRADE_LABELS[overallGrade]),
      company: ctx.companyName,
      activity,
      country: countryOf(ctx.country),
      location: avg.avgLocationRisk,
      industry: avg.avgIndustryRisk,
    }),
  );

  const worst = [...loc, ...ind]
    .filter((r) => r.score < 90 && !severe.includes(r))
    .sort((a, b) => a.score - b.score || a.risk.name.localeCompare(b.risk.name))
    .slice(0, 3);
  for (const { risk, score } of worst) {
    out.push(
      msg('takeaway.worst', {
        risk: riskNameMessage(risk.name),
        score,
        likelihood: likelihoodWords(risk.rawLikelihood),
        impact: impactWords(risk.impact),
        evidence: evidenceValue(risk),
        action: action(risk.name),
      }),
    );
  }
  if (worst.length === 0 && severe.length === 0) out.push(msg('takeaway.noPoorRisks'));

  const best = loc.filter((r) => r.risk.rawLikelihood === 0).map((r) => r.risk.name);
  if (ctx.features.distanceToCoastKm >= 25 && best.includes('Coastal Flood / Storm Surge')) {
    const distance = kmMessage(ctx.features.distanceToCoastKm);
    const others = best.filter((b) => b !== 'Coastal Flood / Storm Surge').map(riskNameInSentenceMessage);
    out.push(others.length > 0 ? msg('takeaway.favourableCoastAndOthers', { distance, risks: listOf(others) }) : msg('takeaway.favourableCoast', { distance }));
  } else if (best.length > 0) {
    out.push(msg('takeaway.negligible', { risks: listOf(best.map(riskNameInSentenceMessage)) }));
  }

  const young = trackRecord(ctx.profile, ctx.now ?? new Date());
  if (young) out.push(young);

  // A pin the user placed is as exact as a street address.
  const placement = PLACEMENT[ctx.precision];
  if (placement) out.push(msg(placement));
  if (ctx.activity.inferred_from === 'name') {
    out.push(msg('takeaway.activityInferred', { evidence: activityEvidenceMessage(ctx.activity) ?? ctx.activity.evidence }));
  } else if (ctx.activity.inferred_from === 'none') {
    out.push(msg('takeaway.activityNone'));
  }
  if (ctx.site?.assumed) out.push(msg('takeaway.siteAssumed', { type: msg(SITE_TYPE_IDS[ctx.site.type]) }));
  if (ctx.sample) out.push(msg('takeaway.sample'));
  return out.map((message) => ({ text: inEnglish(message), message }));
}
