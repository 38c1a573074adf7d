import { describe, expect, it } from 'vitest';
import { formatDocumentDate, formatDocumentDateTime, formatMoney, formatNumber, formatPercent, formatScreenDate, normaliseSpaces } from './format.js';
import { LOCALES, type Locale } from './locales.js';

const NBSP = '\u00a0';
/** Expected strings are written with plain spaces; every space the formatter writes is U+00A0. */
const nb = (s: string) => s.replace(/ /g, NBSP);

const day = new Date(Date.UTC(2026, 10, 24, 14, 5));
const lastYear = new Date(Date.UTC(2025, 2, 5, 12, 0));
const now = new Date(Date.UTC(2026, 11, 1, 12, 0));

describe('formatting in the reader’s language', () => {
  const expected: Record<Locale, { number: string; percent: string; money: string; big: string; screen: string; screenOld: string; doc: string }> = {
    en: { number: '1,234,567.5', percent: '12%', money: '€49.00', big: '€1,234.50', screen: '24 Nov', screenOld: '5 Mar, 2025', doc: '24 Nov 2026' },
    de: { number: '1.234.567,5', percent: '12 %', money: '49,00 €', big: '1.234,50 €', screen: '24. Nov.', screenOld: '5. März 2025', doc: '24.11.2026' },
    fr: { number: '1 234 567,5', percent: '12 %', money: '49,00 €', big: '1 234,50 €', screen: '24 nov.', screenOld: '5 mars 2025', doc: '24/11/2026' },
    it: { number: '1.234.567,5', percent: '12%', money: '49,00 €', big: '1234,50 €', screen: '24 nov', screenOld: '5 mar 2025', doc: '24/11/2026' },
    es: { number: '1.234.567,5', percent: '12 %', money: '49,00 €', big: '1234,50 €', screen: '24 nov', screenOld: '5 mar 2025', doc: '24/11/2026' },
    pt: { number: '1 234 567,5', percent: '12%', money: '49,00 €', big: '1234,50 €', screen: '24 nov.', screenOld: '5 mar. 2025', doc: '24/11/2026' },
    pl: { number: '1 234 567,5', percent: '12%', money: '49,00 €', big: '1234,50 €', screen: '24 lis', screenOld: '5 mar 2025', doc: '24.11.2026' },
    nl: { number: '1.234.567,5', percent: '12%', money: '€ 49,00', big: '€ 1.234,50', screen: '24 nov', screenOld: '5 mrt 2025', doc: '24-11-2026' },
  };

  for (const locale of LOCALES) {
    it(`writes numbers, money, percentages and dates in ${locale}`, () => {
      const e = expected[locale];
      expect(formatNumber(1234567.5, locale)).toBe(nb(e.number));
      expect(formatPercent(0.12, locale)).toBe(nb(e.percent));
      expect(formatMoney(49, locale)).toBe(nb(e.money));
      expect(formatMoney(1234.5, locale)).toBe(nb(e.big));
      // Screens: local time; these instants fall on the same day in any European zone.
      const screen = formatScreenDate(day, locale, now);
      const screenOld = formatScreenDate(lastYear, locale, now);
      expect(screen).toBe(locale === 'en' ? e.screen : nb(e.screen));
      expect(screenOld).toBe(locale === 'en' ? e.screenOld : nb(e.screenOld));
      expect(formatDocumentDate(day, locale)).toBe(locale === 'en' ? e.doc : nb(e.doc));
      expect(formatDocumentDateTime(day, locale)).toBe(locale === 'en' ? '24 Nov 2026, 14:05 UTC' : nb(`${e.doc}, 14:05 UTC`));
    });
  }

  it('writes no narrow or plain space from Intl: one no-break space, as every engine then agrees', () => {
    for (const locale of LOCALES) {
      // English dates keep the product's own rule, written with plain spaces.
      const dates = locale === 'en' ? [] : [formatScreenDate(lastYear, locale, now), formatDocumentDate(day, locale), formatDocumentDateTime(day, locale)];
      for (const s of [formatNumber(1234567.5, locale), formatMoney(1234.5, locale), formatPercent(0.5, locale), ...dates]) {
        expect(s).not.toMatch(/[ \u202f]/);
      }
    }
    expect(normaliseSpaces('1\u202f234\u00a0€ x')).toBe(`1${NBSP}234${NBSP}€${NBSP}x`);
  });

  it('answers the fallback for a missing or invalid date, in every language', () => {
    for (const locale of LOCALES) {
      expect(formatScreenDate(null, locale, now)).toBe('—');
      expect(formatDocumentDate('not a date', locale)).toBe('—');
      expect(formatDocumentDateTime(undefined, locale, 'n/a')).toBe('n/a');
    }
  });
});
