import type { ScreeningStatus } from '../../../shared/contracts/screening';
import { currentLocale, t } from '../../lib/i18n';
import type { SanctionsCounts } from './portfolio-rows';

/**
 * The sanctions screening in the reader's language: src/shared/reports words it in English for the
 * PDF (SCREENING_STATUS_LABELS, sanctionsSummaryText); the screens word it here by status, with
 * the same English. Call these while rendering.
 */

/** A screening's status in a word or two: 'Match', 'Possible match', 'Clear', 'Not screened'. */
const STATUS_LABELS: Record<ScreeningStatus, string> = {
  match: 'domain.screening.status.match',
  possible_match: 'domain.screening.status.possibleMatch',
  clear: 'domain.screening.status.clear',
  not_screened: 'domain.screening.status.notScreened',
};

export function screeningStatusLabel(status: ScreeningStatus): string {
  return t(STATUS_LABELS[status]);
}

/**
 * What the screening of the portfolio's companies came to, in one sentence: '1 company is a
 * sanctions match, 2 companies are possible matches.'; null before any row has a report.
 */
export function sanctionsSummary(c: SanctionsCounts): string | null {
  const total = c.match + c.possible_match + c.clear + c.not_screened;
  if (total === 0) return null;
  const parts: string[] = [];
  if (c.match) parts.push(t('domain.screening.summary.match', { count: c.match }));
  if (c.possible_match) parts.push(t('domain.screening.summary.possibleMatch', { count: c.possible_match }));
  if (!parts.length && c.clear) parts.push(t('domain.screening.summary.clear', { count: c.clear }));
  if (c.not_screened) parts.push(t('domain.screening.summary.notScreened', { count: c.not_screened }));
  const text = t('domain.screening.summary.sentence', { parts: parts.join(t('domain.screening.summary.separator')) });
  return `${text.charAt(0).toLocaleUpperCase(currentLocale())}${text.slice(1)}`;
}
