import { readFileSync } from 'node:fs';
import * as stdnumLib from 'stdnum';
import { describe, expect, it } from 'vitest';
import { countryByIso2, EU_COUNTRIES, normalizeFiscalNumber } from '../src/shared/countries.js';
import { isValidVatNumber } from '../src/shared/vat.js';

/**
 * Every EU number in python-stdnum's test files and VAT-module docstrings, with its verdict
 * (test/fixtures/stdnum-vat: source, commit and licence in the README there), as typed there:
 * with or without the prefix, with separators.
 */
const stdnum = JSON.parse(readFileSync(new URL('./fixtures/stdnum-vat/numbers.json', import.meta.url), 'utf8')) as {
  countries: Record<string, { valid: string[]; invalid: string[] }>;
};

/**
 * The one departure, in typing rather than check digits: python-stdnum refuses a comma in a Belgian
 * number as a format flaw; normalizeFiscalNumber reads commas as separators (as python-stdnum
 * does for DK), and the digits left form a valid number.
 */
const commaAsSeparator = ['BE 0220,764.971'];

describe("VAT check-digit rules against python-stdnum's test numbers", () => {
  it('cover all 27 member states', () => {
    expect(stdnum.countries.BE!.invalid).toEqual(expect.arrayContaining(commaAsSeparator));
    expect(Object.keys(stdnum.countries).sort()).toEqual(EU_COUNTRIES.map((c) => c.iso2).sort());
    for (const { valid, invalid } of Object.values(stdnum.countries)) expect(valid.length + invalid.length).toBeGreaterThan(1);
  });

  for (const [iso2, { valid, invalid }] of Object.entries(stdnum.countries)) {
    const country = countryByIso2(iso2)!;
    const judge = (typed: string) => isValidVatNumber(normalizeFiscalNumber(typed, country), country, stdnumLib);
    it(`${iso2}: accept the ${valid.length} valid numbers`, () => expect(valid.filter((n) => !judge(n))).toEqual([]));
    it(`${iso2}: refuse the ${invalid.length} invalid numbers`, () => expect(invalid.filter((n) => judge(n) && !commaAsSeparator.includes(n))).toEqual([]));
  }
});
