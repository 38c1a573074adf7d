import type { PortfolioRow } from '../../../shared/contracts/portfolio';
import type { ScreeningStatus } from '../../../shared/contracts/screening';
import { countryLabel } from '../../../shared/reports/portfolio-summary';
import { GRADES, type Grade } from '../../../shared/scoring';
import { countryName } from '../../lib/countries';

/**
 * What the results table, the charts and the PDF compute from a portfolio's rows: country names,
 * filtering, sorting, the grade distribution, the hazards that dominate the book and the
 * companies' sanctions screening. Pure, so the screen and the PDF agree and the rules are tested
 * without a browser. What the PDF needs too is in src/shared/reports/portfolio-summary.ts (the
 * server renders the PDF as well).
 */

export {
  averageScore,
  countryLabel,
  dominantHazards,
  gradeDistribution,
  hasSanctionsHit,
  isAssessed,
  sanctionsCounts,
  sanctionsSummaryText,
  type AssessedRow,
  type SanctionsCounts,
} from '../../../shared/reports/portfolio-summary';

export interface RowFilters {
  /** '' = every grade. */
  grade: Grade | '';
  /** A country name ('' = every country). */
  country: string;
  /** A hazard name ('' = every hazard). */
  hazard: string;
  /** Matched against the reference, company name, fiscal number and site address. */
  search: string;
}

export const NO_FILTERS: RowFilters = { grade: '', country: '', hazard: '', search: '' };

export function hasFilters(f: RowFilters): boolean {
  return Boolean(f.grade || f.country || f.hazard || f.search.trim());
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

export function filterRows(rows: readonly PortfolioRow[], f: RowFilters): PortfolioRow[] {
  const needle = fold(f.search.trim());
  return rows.filter((r) => {
    if (f.grade && r.overallScoreGrade !== f.grade) return false;
    if (f.country && countryLabel(r.country) !== f.country) return false;
    if (f.hazard && r.worst_hazard !== f.hazard) return false;
    if (needle) {
      const haystack = fold([r.reference, r.company_name ?? '', r.fiscal_number, r.site_address].join(' '));
      if (!haystack.includes(needle)) return false;
    }
    return true;
  });
}

export type SortKey = 'row' | 'reference' | 'company' | 'country' | 'grade' | 'score' | 'sanctions' | 'hazard' | 'status';
export type SortDirection = 'asc' | 'desc';
export interface RowSort {
  key: SortKey;
  direction: SortDirection;
}

const STATUS_ORDER: Record<PortfolioRow['status'], number> = { failed: 0, running: 1, queued: 2, done: 3 };
/** Ascending puts the matches first. */
const SCREENING_ORDER: Record<ScreeningStatus, number> = { match: 0, possible_match: 1, not_screened: 2, clear: 3 };

/** The value a row sorts by; undefined sorts last in either direction (rows not assessed yet). */
function sortValue(r: PortfolioRow, key: SortKey): string | number | undefined {
  switch (key) {
    case 'row':
      return r.row;
    case 'reference':
      return r.reference ? fold(r.reference) : undefined;
    case 'company':
      return r.company_name ? fold(r.company_name) : undefined;
    case 'country':
      // By the name the reader sees (in the active language).
      return fold(countryName(r.country));
    case 'grade':
      return r.overallScoreGrade ? GRADES.indexOf(r.overallScoreGrade) : undefined;
    case 'score':
      return r.overallScore;
    case 'sanctions':
      return r.screening_status ? SCREENING_ORDER[r.screening_status] : undefined;
    case 'hazard':
      return r.worst_hazard ? fold(r.worst_hazard) : undefined;
    case 'status':
      return STATUS_ORDER[r.status];
  }
}

/** A sorted copy; ties keep the file's order, and rows without the value go last. */
export function sortRows(rows: readonly PortfolioRow[], { key, direction }: RowSort): PortfolioRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = sortValue(a, key);
    const vb = sortValue(b, key);
    if (va === undefined || vb === undefined) {
      if (va === vb) return a.row - b.row;
      return va === undefined ? 1 : -1;
    }
    if (va < vb) return -sign;
    if (va > vb) return sign;
    return a.row - b.row;
  });
}

/** The choices of the filters: the grades, countries and hazards present in the rows. */
export function filterOptions(rows: readonly PortfolioRow[]): { countries: string[]; hazards: string[] } {
  const countries = new Set<string>();
  const hazards = new Set<string>();
  for (const r of rows) {
    countries.add(countryLabel(r.country));
    if (r.worst_hazard) hazards.add(r.worst_hazard);
  }
  const byName = (a: string, b: string) => a.localeCompare(b);
  return { countries: [...countries].filter(Boolean).sort(byName), hazards: [...hazards].sort(byName) };
}

/** '45 s', '3 min', '1 h 5 min' for an ETA in seconds. */
export function formatEta(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}
