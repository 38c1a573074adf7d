import { describe, expect, it } from 'vitest';
import { localeSchema } from './locale-schema.js';
import { BASE_LOCALE, isLocale, LOCALE_NAMES, LOCALES, negotiateLocale } from './locales.js';

describe('LOCALES', () => {
  it('starts with the base language, English, and names each language', () => {
    expect(LOCALES[0]).toBe(BASE_LOCALE);
    expect(BASE_LOCALE).toBe('en');
    expect(Object.keys(LOCALE_NAMES).sort()).toEqual([...LOCALES].sort());
    expect(new Set(LOCALES).size).toBe(LOCALES.length);
  });
});

describe('isLocale', () => {
  it('is true for our languages only, as the exact lowercase code', () => {
    for (const locale of LOCALES) expect(isLocale(locale)).toBe(true);
    for (const value of ['xx', 'EN', 'De', 'pt-BR', 'en_US', '', ' en', '*', undefined, null, 1, {}, ['en']]) {
      expect(isLocale(value)).toBe(false);
    }
  });

  it('agrees with localeSchema', () => {
    for (const value of [...LOCALES, 'xx', 'EN', 'pt-BR']) expect(localeSchema.safeParse(value).success).toBe(isLocale(value));
  });
});

describe('negotiateLocale', () => {
  /** [why, Accept-Language header, the language chosen] */
  const cases: [string, string | null | undefined, string][] = [
    ['no header', undefined, 'en'],
    ['a null header', null, 'en'],
    ['an empty header', '', 'en'],
    ['one language we speak', 'de', 'de'],
    ['without q-values, the first we speak', 'ja, ko, fr, de', 'fr'],
    ['the highest q-value, whatever the order', 'de;q=0.5, fr;q=0.8, it;q=0.3', 'fr'],
    ['a region tag and q-values', 'pl-PL,pl;q=0.9,en;q=0.5', 'pl'],
    ['a later tag with the implied q=1', 'en;q=0.2, nl', 'nl'],
    ['a tiny q-value still counts', 'es;q=0.001, ja', 'es'],
    ['on a tie, the earlier tag (fr first)', 'fr;q=0.7, de;q=0.7', 'fr'],
    ['on a tie, the earlier tag (de first)', 'de;q=0.7, fr;q=0.7', 'de'],
    ['on a tie without q-values, the earlier tag', 'it, es', 'it'],
    ['a region tag by its primary subtag', 'pt-BR', 'pt'],
    ['in any case', 'PT-br,en;q=0.5', 'pt'],
    ['the higher of two region tags', 'fr-CA;q=0.8, en-US;q=0.9', 'en'],
    ['a script tag we do not speak, then one we do', 'zh-Hant-TW, nl-BE;q=0.4', 'nl'],
    ['`*` alone: English', '*', 'en'],
    ['`*` after a language we do not speak: English', 'ja, *;q=0.5', 'en'],
    ['`*` below a language we speak', 'de, *;q=0.5', 'de'],
    ['`*` above German: any language not named, English first', '*;q=0.9, de;q=0.1', 'en'],
    ['`*` with English refused: the next of ours', 'en;q=0, *', 'de'],
    ['`*` above English named low: the next of ours', 'en;q=0.1, *;q=0.9', 'de'],
    ['a q-value with spaces and a capital Q', 'de;q=0.2, fr; Q = 0.4', 'fr'],
    ['a q-value after a space', 'de; q=0.9, nl;q=0.5', 'de'],
    ['a language refused (q=0)', 'de;q=0', 'en'],
    ['a refused language skipped', 'de;q=0, fr;q=0.1', 'fr'],
    ['nothing but separators', ';;;,,, ;q=1', 'en'],
    ['one long junk tag', 'x'.repeat(500), 'en'],
  ];
  it.each(cases)('%s: %j → %s', (_why, header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });

  it.each(['abc', '2', '-0.5', '', 'NaN', 'Infinity'])('skips a tag whose q-value is malformed (q=%s)', (q) => {
    expect(negotiateLocale(`de;q=${q}, fr;q=0.1`)).toBe('fr');
  });

  it('looks at the first 32 tags only', () => {
    const filler = Array.from({ length: 32 }, (_, i) => `x${i}`).join(',');
    expect(negotiateLocale(`${filler},de`)).toBe('en');
    expect(negotiateLocale(`${filler.split(',').slice(1).join(',')},de`)).toBe('de');
  });

  it('answers only languages we speak', () => {
    for (const header of ['de', 'ja', 'pt-BR;q=0.3, *', 'xx-YY', 'en;q=0']) expect(isLocale(negotiateLocale(header))).toBe(true);
  });
});
