import { describe, expect, it } from 'vitest';
import { dejLine, nameFacts, poLine, splitAddress } from './si.js';

/** The fixed-width lines of FURS's taxpayer files, built at the documented character positions. */
function line(fields: [number, string][], length: number): string {
  const chars = Array.from({ length }, () => ' ');
  for (const [at, value] of fields) [...value].forEach((c, i) => (chars[at + i] = c));
  return chars.join('');
}

describe('FURS taxpayer lines', () => {
  it('reads a legal person (PO, 259 characters)', () => {
    const po = line([[2, '*'], [4, '10000658'], [13, '6311881000'], [24, '23.04.2013'], [35, '68.310'], [42, 'RONI NEPREMIČNINE D.O.O.'], [143, 'HACQUETOVA ULICA 9, 1000 LJUBLJANA'], [257, '08']], 259);
    expect(poLine(po)).toEqual({ taxNumber: '10000658', skd: '68.310', name: 'RONI NEPREMIČNINE D.O.O.', address: 'HACQUETOVA ULICA 9, 1000 LJUBLJANA' });
  });

  it('reads a sole trader (DEJ, 424 characters)', () => {
    const dej = line([[0, '12345678'], [9, '1234567000'], [20, '43.320'], [27, 'JANEZ NOVAK S.P. MIZARSTVO'], [308, 'ULICA 5 , 6230 POSTOJNA'], [422, '13']], 424);
    expect(dejLine(dej)).toEqual({ taxNumber: '12345678', skd: '43.320', name: 'JANEZ NOVAK S.P. MIZARSTVO', address: 'ULICA 5 , 6230 POSTOJNA' });
    expect(splitAddress('ULICA 5 , 6230 POSTOJNA')).toEqual({ street: 'ULICA 5', postalCode: '6230', city: 'POSTOJNA' });
  });

  it('refuses a line cut short, and skips blank lines', () => {
    expect(() => poLine('  * 10000658 6311881000')).toThrow(/a line of 23 characters where 259 or 268 are written; the file may be damaged or truncated/);
    expect(poLine('   ')).toBeNull();
    expect(() => dejLine('12345678')).toThrow(/where 424 are written/);
  });

  it('reads the legal form and insolvency from the name', () => {
    expect(nameFacts('ŽITO TRGOVINA D.D.')).toEqual({ legalForm: 'd.d.', status: 'active' });
    expect(nameFacts('GRADBENIŠTVO KOŠIR D.O.O. - V STEČAJU')).toEqual({ legalForm: 'd.o.o.', status: 'insolvent' });
    expect(nameFacts('PREVOZI HRIBAR D.O.O. - V LIKVIDACIJI')).toEqual({ legalForm: 'd.o.o.', status: 'in_liquidation' });
    expect(nameFacts('DRUŠTVO PRIJATELJEV')).toEqual({ legalForm: undefined, status: 'active' });
  });
});
