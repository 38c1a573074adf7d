import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { situationStatus } from './be.js';

/** KBO's juridical situations, as the real code.csv of extract 147 (2025-10-12) lists them. */
const code = readFileSync(join(import.meta.dirname, '../../../../../test/fixtures/registers/be-kbo-147/code.csv'), 'utf8');
const situations = new Map(
  code
    .split('\n')
    .filter((l) => l.startsWith('"JuridicalSituation"') && l.includes('"FR"'))
    .map((l) => {
      const [, c, , words] = l.split('","');
      return [c!, words!.replace(/"$/, '')] as const;
    }),
);

const expected: Record<string, string> = {
  '000': 'active', '001': 'active', '002': 'active', '003': 'active', '006': 'dissolved', '010': 'dissolved', '011': 'dissolved',
  '012': 'in_liquidation', '013': 'dissolved', '014': 'dissolved', '015': 'dissolved', '016': 'dissolved', '017': 'active',
  '018': 'dissolved', '019': 'dissolved', '020': 'active', '021': 'dissolved', '022': 'dissolved', '023': 'dissolved',
  '024': 'dissolved', '025': 'dissolved', '026': 'dissolved', '030': 'insolvent', '031': 'insolvent', '040': 'insolvent',
  '041': 'insolvent', '042': 'insolvent', '043': 'active', '048': 'insolvent', '049': 'insolvent', '050': 'insolvent',
  '051': 'dissolved', '052': 'dissolved', '053': 'dissolved', '090': 'active', '091': 'insolvent', '100': 'active',
  '111': 'dissolved', '112': 'in_liquidation', '999': 'dissolved',
};

describe('KBO juridical situations', () => {
  it('maps every code of the real code.csv to a status', () => {
    expect([...situations.keys()].sort()).toEqual(Object.keys(expected).sort());
    for (const [c, words] of situations) expect(`${c} ${words}: ${situationStatus(c, words)}`).toBe(`${c} ${words}: ${expected[c]}`);
  });

  it('reads a code added later by its words', () => {
    expect(situationStatus('077', 'Ouverture de faillite Opening faillissement')).toBe('insolvent');
    expect(situationStatus('078', 'Clôture de liquidation Sluiting van vereffening')).toBe('dissolved');
    expect(situationStatus('079', 'Liquidation judiciaire')).toBe('in_liquidation');
    expect(situationStatus('080', 'Nouveaux statuts')).toBe('active');
  });
});
