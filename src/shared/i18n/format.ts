import { formatDate, formatFiledDate, formatFiledDateTime, toDate } from '../dates.js';
import { BASE_LOCALE, intlTag, type Locale } from './locales.js';

/**
 * Numbers, money, percentages and dates in the reader's language, one module for the server (PDF,
 * e-mail) and the browser. English keeps the product's own rules (dates.ts: '5 Mar', '24 Nov 2026,
 * 14:05 UTC'; amounts as '€24.17'); the other languages follow Intl (CLDR).
 *
 * Intl's spaces differ between engines: Node and Chromium write U+202F (narrow no-break space) in
 * French grouping and before some units, others U+00A0 or a plain space, and a page rendered on
 * the server then differs from the same page in the browser. Every space Intl writes becomes one
 * no-break space (U+00A0), which also keeps a number or a date on one line.
 */

type DateInput = string | number | Date | null | undefined;

const SPACES = /\s/g; // U+202F and U+00A0 included
export const normaliseSpaces = (s: string): string => s.replace(SPACES, '\u00a0');

export { intlTag };
const tag = intlTag;

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(tag(locale), options)));
  return f;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(tag(locale), options)));
  return f;
}

/** A number with the locale's grouping and decimal mark: '1,234.5', '1.234,5', '1 234,5'. */
export function formatNumber(value: number, locale: Locale, fractionDigits?: { min?: number; max?: number }): string {
  const options: Intl.NumberFormatOptions = {};
  if (fractionDigits?.min !== undefined) options.minimumFractionDigits = fractionDigits.min;
  if (fractionDigits?.max !== undefined) options.maximumFractionDigits = fractionDigits.max;
  return normaliseSpaces(numberFormat(locale, options).format(value));
}

/** A share (0.12 for 12 %) as a whole percentage: '12%', '12 %' in German and French. */
export function formatPercent(share: number, locale: Locale): string {
  return normaliseSpaces(numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(share));
}

/** A euro amount: '€49.00' in English, '49,00 €' in German, '€ 49,00' in Dutch. */
export function formatMoney(amount: number, locale: Locale, fractionDigits = 2): string {
  const options = { style: 'currency', currency: 'EUR', minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits } as const;
  return normaliseSpaces(numberFormat(locale, options).format(amount));
}

/**
 * The screens' date rule in the locale: day and short month within the current year, with the
 * year otherwise ('5 Mar' / '5 Mar, 2027' in English, '24. Nov.' / '24. Nov. 2025' in German).
 * Local time; `fallback` when the value is missing or invalid.
 */
export function formatScreenDate(value: DateInput, locale: Locale, now: Date = new Date(), fallback = '—'): string {
  if (locale === BASE_LOCALE) return formatDate(value, now, fallback);
  const date = toDate(value);
  if (!date) return fallback;
  const sameYear = date.getFullYear() === now.getFullYear();
  const format = dateFormat(locale, sameYear ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' });
  const parts = format.formatToParts(date);
  const month = parts.find((p) => p.type === 'month')?.value ?? '';
  // CLDR writes some short dates with a numeric month (pt-PT: '24/11'): the rule wants its name.
  if (/^\d+$/.test(month)) {
    const name = dateFormat(locale, { month: 'short' }).format(date);
    return normaliseSpaces([date.getDate(), name, ...(sameYear ? [] : [date.getFullYear()])].join(' '));
  }
  return normaliseSpaces(format.format(date));
}

/**
 * A day written out, in UTC: '5 March 2026' in English (plain spaces, as the product writes it),
 * '5. März 2026', '5 marca 2026'.
 */
export function formatLongDate(value: DateInput, locale: Locale, fallback = '—'): string {
  const date = toDate(value);
  if (!date) return fallback;
  const text = dateFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
  return locale === BASE_LOCALE ? text : normaliseSpaces(text);
}

/** The date of what is filed (PDFs, exports), in UTC: '24 Nov 2026' in English, '24.11.2026' in German. */
export function formatDocumentDate(value: DateInput, locale: Locale, fallback = '—'): string {
  if (locale === BASE_LOCALE) return formatFiledDate(value, fallback);
  const date = toDate(value);
  if (!date) return fallback;
  return normaliseSpaces(dateFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(date));
}

/** The filed date with its UTC time: '24 Nov 2026, 14:05 UTC', '24.11.2026, 14:05 UTC'. */
export function formatDocumentDateTime(value: DateInput, locale: Locale, fallback = '—'): string {
  if (locale === BASE_LOCALE) return formatFiledDateTime(value, fallback);
  const date = toDate(value);
  if (!date) return fallback;
  const time = dateFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(date);
  return normaliseSpaces(`${formatDocumentDate(date, locale)}, ${time} UTC`);
}
