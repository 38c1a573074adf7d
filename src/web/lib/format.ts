/** Display formatting shared by the screens: the product's date rule and euro amounts. */

import { formatDate, toDate } from '../../shared/dates';

// The date rule lives in shared: the server's PDF writes dates the same way.
export { formatDate, toDate };

const euroFormatters = new Map<number, Intl.NumberFormat>();

/** Euro amount in the product's locale, e.g. '€24.17' (prices are in euros). */
export function formatEuro(amount: number, fractionDigits = 2): string {
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
  return formatter.format(amount);
}

/** A whole number with thousands separators, e.g. '1,200'. */
export function formatCount(value: number): string {
  return new Intl.NumberFormat('en-IE').format(value);
}

/** The date rule plus the local time, e.g. '5 Mar, 14:05' or '5 Mar, 2024, 14:05'. */
export function formatDateTime(value: string | number | Date | null | undefined, now: Date = new Date(), fallback = '—'): string {
  const date = toDate(value);
  if (!date) return fallback;
  const hh = String(date.getHours()).padStart(2, '0');
  const mm = String(date.getMinutes()).padStart(2, '0');
  return `${formatDate(date, now)}, ${hh}:${mm}`;
}
