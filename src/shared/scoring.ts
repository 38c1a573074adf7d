/**
 * The one scoring rule set both analysts share (grades A 90–100, B 80–89,
 * C 70–79, D 60–69, F 0–59). An analyst only says how likely (0–5) and how severe (0–5) each risk is and why;
 * every score, average and grade is computed here, so the numbers always agree.
 */
import type { Message } from './i18n/message.js';
import type { SiteType } from './site-types.js';

export type Grade = 'A' | 'B' | 'C' | 'D' | 'F';

export const GRADES: readonly Grade[] = ['A', 'B', 'C', 'D', 'F'];

/** Lowest score of each grade's band: A 90–100, B 80–89, C 70–79, D 60–69, F 0–59. */
export const GRADE_BANDS: readonly { grade: Grade; min: number; max: number; label: string }[] = [
  { grade: 'A', min: 90, max: 100, label: 'Excellent - Very Low Risk' },
  { grade: 'B', min: 80, max: 89, label: 'Good - Low Risk' },
  { grade: 'C', min: 70, max: 79, label: 'Average - Moderate Risk' },
  { grade: 'D', min: 60, max: 69, label: 'Below Average - High Risk' },
  { grade: 'F', min: 0, max: 59, label: 'Poor - Very High Risk' },
];

/**
 * The weights of the overall score: the documented weighted mean of the location and industry
 * averages, 50/50 by default.
 */
export const OVERALL_WEIGHTS = { location: 0.5, industry: 0.5 } as const;

const LEVEL_LABELS = ['Negligible', 'Very Low', 'Low', 'Moderate', 'High', 'Very High'] as const;

/** Likelihood and impact labels: 0 Negligible … 5 Very High, anything else Unknown. */
export function levelLabel(value: number): string {
  return Number.isInteger(value) && value >= 0 && value <= 5 ? LEVEL_LABELS[value]! : 'Unknown';
}

function clampLevel(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(5, Math.max(0, Math.round(value)));
}

function clampScore(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/**
 * The published score of each (likelihood, impact), rows likelihood 0–5, columns impact 0–5.
 * Its rules, held by the tests: a likelihood of Low (2) or below never scores under 70 (C), so a
 * grade never contradicts a low hazard level; F (under 60) needs a likelihood of High (4) or more,
 * or Moderate (3) with Very High (5) impact; a score never rises as likelihood or impact rises;
 * nothing likely or nothing at stake scores 100.
 */
export const SCORE_TABLE: readonly (readonly number[])[] = [
  [100, 100, 100, 100, 100, 100],
  [100, 96, 94, 92, 90, 88],
  [100, 90, 86, 82, 78, 72],
  [100, 86, 80, 74, 66, 56],
  [100, 82, 74, 64, 56, 46],
  [100, 78, 68, 56, 46, 34],
];

/** The score of a risk: SCORE_TABLE at its likelihood and impact, taken as whole levels 0–5. */
export function riskScore(likelihood: number, impact: number): number {
  return SCORE_TABLE[clampLevel(likelihood)]![clampLevel(impact)]!;
}

/** The grade of a score (rounded to a whole number first, then banded). */
export function gradeFor(score: number): Grade {
  const s = clampScore(score);
  for (const band of GRADE_BANDS) if (s >= band.min) return band.grade;
  return 'F';
}

export function gradeLabel(grade: Grade): string {
  return GRADE_BANDS.find((b) => b.grade === grade)!.label;
}

/** One risk as an analyst assesses it. */
export interface AssessedRisk {
  name: string;
  rawLikelihood: number;
  impact: number;
  reason: string[];
  /** Each reason as a message (same order as `reason`), so a report can be read in another language. */
  reasonMessages?: Message[];
  /** The measured facts behind the rating, each with its dataset. */
  evidence?: RiskEvidenceLine[];
}

export interface RiskEvidenceLine {
  dataset: string;
  text: string;
  message?: Message;
}

/** A dataset a report relied on (name, version, licence, where to find it, what it was used for). */
export interface DataSourceEntry {
  name: string;
  version: string;
  licence: string;
  url: string;
  used_for: string;
  used_for_message?: Message;
}

export interface RiskScoreEntry {
  grade: Grade;
  score: number;
  rawLikelihood: number;
  impact: number;
}

export interface RiskResultInput {
  id: string;
  createdAt: string;
  location: readonly AssessedRisk[];
  industry: readonly AssessedRisk[];
  keyTakeaways: readonly string[];
  /** Each takeaway as a message (same order as `keyTakeaways`). */
  keyTakeawayMessages?: readonly Message[];
  dataSources?: readonly DataSourceEntry[];
}

/** The shape of a risk assessment result (validated by riskAssessmentResultSchema). */
export interface RiskAssessmentResultData {
  id: string;
  created_at: string;
  overallScore: number;
  overallScoreGrade: Grade;
  avgLocationRisk: number;
  avgLocationRiskGrade: Grade;
  avgIndustryRisk: number;
  avgIndustryRiskGrade: Grade;
  locationScoresMap: Record<string, RiskScoreEntry>;
  industryScoresMap: Record<string, RiskScoreEntry>;
  location_risk: Record<string, RiskReasons>;
  sector_specific_risk: Record<string, RiskReasons>;
  key_takeaways_for_insurers: string[];
  key_takeaways_messages?: Message[];
  data_sources?: DataSourceEntry[];
  engine_version?: string;
  data_version?: string;
  /** the site type rated (contracts/site-type.ts; also in the report's company data), so call 13's answer says it */
  site_type?: SiteType;
  site_type_assumed?: boolean;
}

interface RiskReasons {
  reason: string[];
  reason_messages?: Message[];
  evidence?: RiskEvidenceLine[];
}

/** Texts and their messages, the empty texts left out (the messages kept only when one goes with each text). */
function textsWithMessages(texts: readonly string[], messages: readonly Message[] | undefined): { texts: string[]; messages?: Message[] } {
  const pairs = texts.map((text, i) => ({ text: text.trim(), message: messages?.[i] })).filter((p) => p.text);
  const complete = messages?.length === texts.length;
  return { texts: pairs.map((p) => p.text), ...(complete && pairs.length ? { messages: pairs.map((p) => p.message!) } : {}) };
}

export function scoreEntry(risk: Pick<AssessedRisk, 'rawLikelihood' | 'impact'>): RiskScoreEntry {
  const rawLikelihood = clampLevel(risk.rawLikelihood);
  const impact = clampLevel(risk.impact);
  const score = riskScore(rawLikelihood, impact);
  return { grade: gradeFor(score), score, rawLikelihood, impact };
}

/** The exact (unrounded) mean of a list of scores; 100 (no identified risk) for an empty list. */
export function meanScore(scores: readonly number[]): number {
  if (scores.length === 0) return 100;
  return scores.reduce((sum, s) => sum + s, 0) / scores.length;
}

/**
 * The averages: each is the mean of its scores rounded to a whole number; the overall score is
 * round(wL × meanLocation + wI × meanIndustry) on the unrounded means (OVERALL_WEIGHTS).
 */
export function averageScores(
  locationScores: readonly number[],
  industryScores: readonly number[],
  weights: { location: number; industry: number } = OVERALL_WEIGHTS,
): { avgLocationRisk: number; avgIndustryRisk: number; overallScore: number } {
  const loc = meanScore(locationScores);
  const ind = meanScore(industryScores);
  const total = weights.location + weights.industry;
  return {
    avgLocationRisk: clampScore(loc),
    avgIndustryRisk: clampScore(ind),
    overallScore: clampScore((weights.location * loc + weights.industry * ind) / total),
  };
}

function entries(risks: readonly AssessedRisk[]) {
  const scores: Record<string, RiskScoreEntry> = {};
  const reasons: Record<string, RiskReasons> = {};
  for (const risk of risks) {
    const name = risk.name.trim();
    if (!name || name in scores) continue; // the first assessment of a name wins
    scores[name] = scoreEntry(risk);
    const reason = textsWithMessages(risk.reason, risk.reasonMessages);
    reasons[name] = { reason: reason.texts, ...(reason.messages && { reason_messages: reason.messages }) };
    if (risk.evidence?.length) reasons[name].evidence = risk.evidence.map((e) => ({ dataset: e.dataset, text: e.text, ...(e.message && { message: e.message }) }));
  }
  return { scores, reasons };
}

/** The full risk assessment result from the assessed risks. */
export function buildRiskResult(input: RiskResultInput): RiskAssessmentResultData {
  const location = entries(input.location);
  const industry = entries(input.industry);
  const avg = averageScores(
    Object.values(location.scores).map((e) => e.score),
    Object.values(industry.scores).map((e) => e.score),
  );
  return {
    id: input.id,
    created_at: input.createdAt,
    overallScore: avg.overallScore,
    overallScoreGrade: gradeFor(avg.overallScore),
    avgLocationRisk: avg.avgLocationRisk,
    avgLocationRiskGrade: gradeFor(avg.avgLocationRisk),
    avgIndustryRisk: avg.avgIndustryRisk,
    avgIndustryRiskGrade: gradeFor(avg.avgIndustryRisk),
    locationScoresMap: location.scores,
    industryScoresMap: industry.scores,
    location_risk: location.reasons,
    sector_specific_risk: industry.reasons,
    ...(() => {
      const takeaways = textsWithMessages(input.keyTakeaways, input.keyTakeawayMessages);
      return { key_takeaways_for_insurers: takeaways.texts, ...(takeaways.messages && { key_takeaways_messages: takeaways.messages }) };
    })(),
    ...(input.dataSources?.length ? { data_sources: input.dataSources.map((d) => ({ ...d })) } : {}),
  };
}
