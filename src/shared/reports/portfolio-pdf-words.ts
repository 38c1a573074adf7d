import type { PortfolioRow } from '../contracts/portfolio.js';
import { BASE_LOCALE } from '../i18n/locales.js';
import { countryLabel, type SanctionsCounts } from './portfolio-summary.js';
import { countryName, type PdfLanguage } from './report-pdf-words.js';

/**
 * The portfolio summary PDF's words in the reader's language (the `pdf` catalogue through `t`),
 * worded as portfolio-summary.ts and portfolio-pdf-frame.ts word them for the screens in English.
 */

/** The country as a name in the reader's language ('PT' → 'Portugal', 'Portugalia'); what the user typed when it is not an EU state. */
export function countryWord(w: PdfLanguage, country: string): string {
  return w.locale === BASE_LOCALE ? countryLabel(country) : countryName(w, country.trim());
}

/**
 * What the screening of the portfolio's companies came to, in one sentence: '1 company is a
 * sanctions match, 2 companies are possible matches.'; null before any row has a report.
 */
export function sanctionsSummary(w: PdfLanguage, c: SanctionsCounts): string | null {
  const total = c.match + c.possible_match + c.clear + c.not_screened;
  if (total === 0) return null;
  const parts: string[] = [];
  if (c.match) parts.push(w.t('pdf.portfolio.sanctions.match', { count: c.match }));
  if (c.possible_match) parts.push(w.t('pdf.portfolio.sanctions.possibleMatch', { count: c.possible_match }));
  if (!parts.length && c.clear) parts.push(w.t('pdf.portfolio.sanctions.clear', { count: c.clear }));
  if (c.not_screened) parts.push(w.t('pdf.portfolio.sanctions.notScreened', { count: c.not_screened }));
  const text = parts.join(', ');
  return `${text.charAt(0).toLocaleUpperCase(w.locale)}${text.slice(1)}.`;
}

/** What the row's last column says: its worst hazard (in the reader's language when `riskNames` has it), why it failed, or that it is still waiting. */
export function rowOutcome(w: PdfLanguage, row: PortfolioRow, riskNames?: Record<string, string>): string {
  if (row.status === 'failed') return w.t('pdf.portfolio.outcome.failed', { error: row.error ?? w.t('pdf.portfolio.outcome.noReason') });
  if (row.status === 'done') return row.worst_hazard ? (riskNames?.[row.worst_hazard] ?? row.worst_hazard) : '-';
  return row.status === 'running' ? w.t('pdf.portfolio.outcome.running') : w.t('pdf.portfolio.outcome.queued');
}
