/** Display formatting shared by the screens: the product's date rule and euro amounts. */

import { formatDate, formatDateTime, toDate } from '../../shared/dates';

// The date rule lives in shared: the server's PDF writes dates the same way.
export { formatDate, formatDateTime, toDate };

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
