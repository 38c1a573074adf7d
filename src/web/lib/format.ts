/** Display formatting shared by the screens: the product's date rule and euro amounts. */

import { formatDate, formatDateTime, toDate } from '../../shared/dates';

// The date rule lives in shared: the server's PDF writes dates the same way.
export { formatDate, formatDateTime, toDate };

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

/** Euro amount in the product's locale, e.g. '€24.17' (prices are in euros). */
export function formatEuro(amount: number, fractionDigits = 2): string {
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
  const plain = Number.isInteger(value) && !Object.is(value, -0) ? groupDigits(Math.abs(value)) : null;
  if (plain !== null) return `${value < 0 ? '-' : ''}${plain}`;
  countFormatter ??= new Intl.NumberFormat('en-IE');
  return countFormatter.format(value);
}
