import type { PortfolioRow } from '../contracts/portfolio.js';
import type { ScreeningStatus } from '../contracts/screening.js';
import { countryByIso2, countryByName, normalizeFiscalNumber } from '../countries.js';
import { GRADES, type Grade } from '../scoring.js';

/**
 * What a portfolio's screens and its PDF summary both compute from the rows: country names,
 * the grade distribution, the hazards that dominate the book, the average score and what the
 * sanctions screening of its companies came to.
 */

/** The country as a name ('PT' → 'Portugal'); what the user typed when it is not an EU state. */
export function countryLabel(country: string): string {
  return countryOf(country)?.name ?? country.trim();
}

function countryOf(country: string) {
  const trimmed = country.trim();
  return trimmed.length === 2 ? countryByIso2(trimmed) : countryByName(trimmed);
}

/** A done row with its grade and score, as the charts and the map use it. */
export type AssessedRow = PortfolioRow & { overallScore: number; overallScoreGrade: Grade };

export function isAssessed(row: PortfolioRow): row is AssessedRow {
  return row.status === 'done' && row.overallScoreGrade !== undefined && row.overallScore !== undefined;
}

/** Rows per grade, every grade present (A, B, C, D, F). */
export function gradeDistribution(rows: readonly PortfolioRow[]): { grade: Grade; count: number }[] {
  const counts = new Map<Grade, number>(GRADES.map((g) => [g, 0]));
  for (const r of rows) if (isAssessed(r)) counts.set(r.overallScoreGrade, (counts.get(r.overallScoreGrade) ?? 0) + 1);
  return GRADES.map((grade) => ({ grade, count: counts.get(grade) ?? 0 }));
}

/** The hazards that are the worst risk of most sites, most frequent first (ties by name), at most `limit`. */
export function dominantHazards(rows: readonly PortfolioRow[], limit = 5): { hazard: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const r of rows) if (r.status === 'done' && r.worst_hazard) counts.set(r.worst_hazard, (counts.get(r.worst_hazard) ?? 0) + 1);
  return [...counts]
    .map(([hazard, count]) => ({ hazard, count }))
    .sort((a, b) => b.count - a.count || a.hazard.localeCompare(b.hazard))
    .slice(0, limit);
}

/** The mean overall score of the assessed rows, rounded; null when none is assessed. */
export function averageScore(rows: readonly PortfolioRow[]): number | null {
  const scores = rows.filter(isAssessed).map((r) => r.overallScore);
  if (!scores.length) return null;
  return Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
}

/** A row whose company is a sanctions match or a possible match (what "Hits only" shows). */
export function hasSanctionsHit(row: PortfolioRow): boolean {
  return row.screening_status === 'match' || row.screening_status === 'possible_match';
}

/** The portfolio's companies per screening status, each company counted once. */
export type SanctionsCounts = Record<ScreeningStatus, number>;

/** Which status a company with several rows counts under: a hit on any of its reports, then a screening that cleared it. */
const GRAVITY: Record<ScreeningStatus, number> = { match: 3, possible_match: 2, clear: 1, not_screened: 0 };

/** One company however its rows write it: 'PT 500 697 256' in 'PT' and '500697256' in 'Portugal' are the same. */
function companyKey(row: PortfolioRow): string {
  const country = countryOf(row.country);
  return country ? `${country.iso2}:${normalizeFiscalNumber(row.fiscal_number, country)}` : `${row.country.trim()}:${row.fiscal_number.trim()}`;
}

/** The companies of the rows with a report, each under the gravest status of its rows (two sites of one company are one company). */
export function sanctionsCounts(rows: readonly PortfolioRow[]): SanctionsCounts {
  const byCompany = new Map<string, ScreeningStatus>();
  for (const r of rows) {
    if (!r.screening_status) continue;
    const key = companyKey(r);
    const seen = byCompany.get(key);
    if (!seen || GRAVITY[r.screening_status] > GRAVITY[seen]) byCompany.set(key, r.screening_status);
  }
  const counts: SanctionsCounts = { match: 0, possible_match: 0, clear: 0, not_screened: 0 };
  for (const status of byCompany.values()) counts[status] += 1;
  return counts;
}

const companies = (n: number) => (n === 1 ? '1 company' : `${n} companies`);

/**
 * What the screening of the portfolio's companies came to, in one sentence for the screen and
 * the PDF: '1 company is a sanctions match, 2 companies are possible matches.'; null before any
 * row has a report.
 */
export function sanctionsSummaryText(c: SanctionsCounts): string | null {
  const total = c.match + c.possible_match + c.clear + c.not_screened;
  if (total === 0) return null;
  const parts: string[] = [];
  if (c.match) parts.push(`${companies(c.match)} ${c.match === 1 ? 'is a sanctions match' : 'are sanctions matches'}`);
  if (c.possible_match) parts.push(`${companies(c.possible_match)} ${c.possible_match === 1 ? 'is a possible match' : 'are possible matches'}`);
  if (!parts.length && c.clear) parts.push(`${companies(c.clear)} screened, no sanctions match`);
  if (c.not_screened) parts.push(`${companies(c.not_screened)} ${c.not_screened === 1 ? 'is' : 'are'} not screened against current lists`);
  const text = parts.join(', ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
