import type { PortfolioRow } from '../contracts/portfolio.js';
import { countryByIso2, countryByName } from '../countries.js';
import { GRADES, type Grade } from '../scoring.js';

/**
 * What a portfolio's screens and its PDF summary both compute from the rows: country names,
 * the grade distribution, the hazards that dominate the book and the average score.
 */

/** The country as a name ('PT' → 'Portugal'); what the user typed when it is not an EU state. */
export function countryLabel(country: string): string {
  const trimmed = country.trim();
  return (trimmed.length === 2 ? countryByIso2(trimmed) : countryByName(trimmed))?.name ?? trimmed;
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
