/** Display formatting shared by the screens, in the active language: the product's date rule and euro amounts. */

import { formatDateTime as formatEnglishDateTime, toDate } from '../../shared/dates';
import { formatMoney, formatNumber, formatScreenDate } from '../../shared/i18n/format';
import { currentLocale } from './i18n';

export { toDate };

type DateInput = string | number | Date | null | undefined;

/** The screens' date rule: '5 Mar' within the year, '5 Mar, 2027' otherwise ('24. Nov.' in German). */
export function formatDate(value: DateInput, now: Date = new Date(), fallback = '—'): string {
  return formatScreenDate(value, currentLocale(), now, fallback);
}

/** The date rule and the local time: '5 Mar, 14:05'. */
export function formatDateTime(value: DateInput, now: Date = new Date(), fallback = '—'): string {
  const locale = currentLocale();
  if (locale === 'en') return formatEnglishDateTime(value, now, fallback);
  const date = toDate(value);
  if (!date) return fallback;
  return `${formatScreenDate(date, locale, now)}, ${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

// The first Intl.NumberFormat a page makes loads the locale's number data: about 200 ms of main
// thread on a slow phone, right as /products renders its plans. Amounts the en-IE rules write
// plainly (a whole number of the wanted decimals) are written here; the rest go to Intl.

/** '1,234,567' for a safe non-negative integer, else null. */
function groupDigits(n: number): string | null {
  if (!Number.isSafeInteger(n) || n < 0) return null;
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

const euroFormatters = new Map<number, Intl.NumberFormat>();

function euroFormatter(fractionDigits: number): Intl.NumberFormat {
  let formatter = euroFormatters.get(fractionDigits);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-IE', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    euroFormatters.set(fractionDigits, formatter);
  }
  return formatter;
}

/** Euro amount, e.g. '€24.17' in English, '24,17 €' in German (prices are in euros). */
export function formatEuro(amount: number, fractionDigits = 2): string {
  const locale = currentLocale();
  if (locale !== 'en') return formatMoney(amount, locale, fractionDigits);
  if ((fractionDigits === 0 || fractionDigits === 2) && !Object.is(amount, -0)) {
    const scale = fractionDigits === 2 ? 100 : 1;
    const units = Math.round(Math.abs(amount) * scale);
    // Only an amount that needs no rounding: Intl rounds the decimal value, not the binary one.
    const exact = Math.abs(Math.abs(amount) * scale - units) < 1e-6 && (units > 0 || amount === 0);
    const whole = exact ? groupDigits(Math.floor(units / scale)) : null;
    if (whole !== null) {
      const cents = fractionDigits === 2 ? `.${String(units % 100).padStart(2, '0')}` : '';
      return `${amount < 0 ? '-' : ''}€${whole}${cents}`;
    }
  }
  return euroFormatter(fractionDigits).format(amount);
}

let countFormatter: Intl.NumberFormat | null = null;

/** A whole number with thousands separators, e.g. '1,200'. */
export function formatCount(value: number): string {
  const locale = currentLocale();
  if (locale !== 'en') return formatNumber(value, locale);
  const plain = Number.isInteger(value) && !Object.is(value, -0) ? groupDigits(Math.abs(value)) : null;
  if (plain !== null) return `${value < 0 ? '-' : ''}${plain}`;
  countFormatter ??= new Intl.NumberFormat('en-IE');
  return countFormatter.format(value);
}
