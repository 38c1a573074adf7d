import { describe, expect, it } from 'vitest';
import { BASE_LOCALE, isLocale, LOCALE_NAMES, LOCALES, localeSchema, negotiateLocale } from './locales.js';

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
  it('is English when the header is missing or empty', () => {
    expect(negotiateLocale(undefined)).toBe('en');
    expect(negotiateLocale(null)).toBe('en');
    expect(negotiateLocale('')).toBe('en');
  });

  it('takes the first language we speak when no q-values are given', () => {
    expect(negotiateLocale('de')).toBe('de');
    expect(negotiateLocale('ja, ko, fr, de')).toBe('fr');
  });

  it('takes the highest q-value, whatever the order', () => {
    expect(negotiateLocale('de;q=0.5, fr;q=0.8, it;q=0.3')).toBe('fr');
    expect(negotiateLocale('pl-PL,pl;q=0.9,en;q=0.5')).toBe('pl');
    expect(negotiateLocale('en;q=0.2, nl')).toBe('nl');
    expect(negotiateLocale('es;q=0.001, ja')).toBe('es');
  });

  it('keeps the earlier tag on a tie', () => {
    expect(negotiateLocale('fr;q=0.7, de;q=0.7')).toBe('fr');
    expect(negotiateLocale('de;q=0.7, fr;q=0.7')).toBe('de');
    expect(negotiateLocale('it, es')).toBe('it');
  });

  it('matches region and script tags by their primary subtag, in any case', () => {
    expect(negotiateLocale('pt-BR')).toBe('pt');
    expect(negotiateLocale('PT-br,en;q=0.5')).toBe('pt');
    expect(negotiateLocale('fr-CA;q=0.8, en-US;q=0.9')).toBe('en');
    expect(negotiateLocale('zh-Hant-TW, nl-BE;q=0.4')).toBe('nl');
  });

  it('reads `*` as any language the header does not name, English first', () => {
    expect(negotiateLocale('*')).toBe('en');
    expect(negotiateLocale('ja, *;q=0.5')).toBe('en');
    expect(negotiateLocale('de, *;q=0.5')).toBe('de');
    // `*` is any language not named: more wanted than German here, so the base language.
    expect(negotiateLocale('*;q=0.9, de;q=0.1')).toBe('en');
    // English refused (q=0) or named at a lower weight: `*` is then another of our languages.
    expect(negotiateLocale('en;q=0, *')).toBe('de');
    expect(negotiateLocale('en;q=0.1, *;q=0.9')).toBe('de');
  });

  it('reads q-values written with spaces or a capital Q', () => {
    expect(negotiateLocale('de;q=0.2, fr; Q = 0.4')).toBe('fr');
    expect(negotiateLocale('de; q=0.9, nl;q=0.5')).toBe('de');
  });

  it('skips tags refused (q=0) or with a malformed q-value, and answers English when nothing is left', () => {
    expect(negotiateLocale('de;q=0')).toBe('en');
    expect(negotiateLocale('de;q=0, fr;q=0.1')).toBe('fr');
    for (const q of ['abc', '2', '-0.5', '', 'NaN', 'Infinity']) {
      expect(negotiateLocale(`de;q=${q}, fr;q=0.1`)).toBe('fr');
    }
    expect(negotiateLocale(';;;,,, ;q=1')).toBe('en');
    expect(negotiateLocale('x'.repeat(500))).toBe('en');
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
