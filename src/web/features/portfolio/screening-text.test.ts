import { describe, expect, it } from 'vitest';
import { SCREENING_STATUS_LABELS } from '../../../shared/reports/screening-format';
import { sanctionsSummaryText, type SanctionsCounts } from './portfolio-rows';
import { sanctionsSummary, screeningStatusLabel } from './screening-text';

describe('the sanctions screening in words', () => {
  it('says in English what src/shared/reports says', () => {
    for (const status of ['match', 'possible_match', 'clear', 'not_screened'] as const) {
      expect(screeningStatusLabel(status)).toBe(SCREENING_STATUS_LABELS[status]);
    }
    for (const match of [0, 1, 3]) {
      for (const possible_match of [0, 1, 2]) {
        for (const clear of [0, 1, 5]) {
          for (const not_screened of [0, 1, 4]) {
            const counts: SanctionsCounts = { match, possible_match, clear, not_screened };
            expect(sanctionsSummary(counts)).toBe(sanctionsSummaryText(counts));
          }
        }
      }
    }
  });
});
