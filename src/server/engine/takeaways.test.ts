import { describe, expect, it } from 'vitest';
import { LEVEL_SENTENCES } from '../../shared/hazards/sentences.js';
import { analyseSite } from './analyse.js';
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

describe('a Very High natural hazard', () => {
  const naples = {
    name: 'Porto di Napoli Logistica S.r.l.',
    country: 'Italy',
    latitude: 40.8518,
    longitude: 14.2681,
    geocode_precision: 'address' as const,
  };

  it('leads the key takeaways (Naples: Vesuvius)', () => {
    const a = analyseSite(naples, undefined, new Date('2026-11-27T00:00:00Z'));
    const volcano = a.location.find((r) => r.name === 'Volcanic Activity')!;
    expect(volcano.rawLikelihood).toBe(5);
    expect(a.keyTakeaways[0]).toMatch(/^Very High /);
    const overall = a.keyTakeaways.findIndex((t) => t.startsWith('Overall '));
    const volcanoAt = a.keyTakeaways.findIndex((t) => t.startsWith('Very High volcanic activity hazard at the site'));
    expect(volcanoAt).toBeGreaterThanOrEqual(0);
    expect(volcanoAt).toBeLessThan(overall);
    expect(a.keyTakeaways.filter((t) => t.includes('volcanic activity hazard') || t.startsWith('Volcanic Activity ('))).toHaveLength(1);
  });

  it('stays behind a closing company, which comes first', () => {
    const a = analyseSite({ ...naples, status: 'insolvent' }, undefined, new Date('2026-11-27T00:00:00Z'));
    expect(a.keyTakeaways[0]).toMatch(/^Company insolvent/);
    expect(a.keyTakeaways[1]).toMatch(/^Very High /);
  });

  it('is not said where no hazard is Very High', () => {
    const a = analyseSite({ ...naples, name: 'Wien Software GmbH', country: 'Austria', latitude: 48.2082, longitude: 16.3738 });
    expect(a.keyTakeaways.some((t) => t.startsWith('Very High'))).toBe(false);
    expect(a.keyTakeaways[0]).toMatch(/^Overall /);
  });
});
