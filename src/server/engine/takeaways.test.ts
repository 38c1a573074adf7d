import { describe, expect, it } from 'vitest';
import { LEVEL_SENTENCES } from '../../shared/hazards/sentences.js';
import { takeawayEvidence } from './takeaways.js';

describe('the reason a takeaway quotes for a poor risk', () => {
  it('skips the fixed level sentence (the likelihood already says it) and quotes the first measured fact', () => {
    const reasons = [
      LEVEL_SENTENCES.earthquake[4],
      'NOAA NCEI significant earthquakes: strongest shaking on record at the site: intensity X Roma 801, 7 km (estimated intensity X here)',
      'impact raised: asset-heavy activity (plant, stock, machinery) is costly to restore after an earthquake',
    ];
    expect(takeawayEvidence(reasons)).toBe(reasons[1]);
  });

  it('also skips a level sentence that says why the level was raised', () => {
    const raised = `${LEVEL_SENTENCES.riverFlood[3]} Surface water in a dense urban area raises the level to High.`;
    expect(takeawayEvidence([raised, 'Natural Earth rivers: 3.0 km from the Tevere'])).toBe('Natural Earth rivers: 3.0 km from the Tevere');
  });

  it('drops a closing full stop, so the quote reads inside its parentheses', () => {
    expect(takeawayEvidence(['impact raised: office-type activity', 'dense urban area.'])).toBe('dense urban area');
  });

  it('falls back to the level sentence when nothing else is said, and to nothing when there are no reasons', () => {
    expect(takeawayEvidence([LEVEL_SENTENCES.volcano[3]])).toBe(LEVEL_SENTENCES.volcano[3].replace(/\.$/, ''));
    expect(takeawayEvidence([])).toBe('');
  });
});
