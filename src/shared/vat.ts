import type * as StdnumLib from 'stdnum';
import type { EuCountry } from './countries.js';

/**
 * The check-digit rules for EU VAT numbers, those of python-stdnum (through `stdnum`, its MIT
 * port), with the places where the port departs from python-stdnum fixed here:
 * - LV: personal codes issued since July 2017 start with 32 and hold no birth date, so the
 *   date and check-digit rules of the older codes do not apply to them;
 * - CY: numbers may not start with 12;
 * - BE: enterprise numbers start with 0 or 1;
 * - BG: any first digit is allowed (the port refuses 4 to 8, which locks out real companies
 *   such as BG831642181).
 * It lives in src/shared so that any form checking a number before sending it uses the same rule.
 * The caller hands in the `stdnum` package (`rules`): loading it costs a few hundred milliseconds,
 * so the server loads it at the first check rather than at start.
 */

/** The parts of the `stdnum` package the rules use. */
export type VatRules = Pick<typeof StdnumLib, 'euVat' | 'stdnum'>;

/** The national part of the number (no country prefix, upper case, no separators). */
export function isValidVatNumber(national: string, country: EuCountry, rules: VatRules): boolean {
  if (!national || !/^[0-9A-Z+*]+$/.test(national)) return false;
  const prefix = country.vatPrefix === 'EL' ? 'GR' : country.vatPrefix;
  if (prefix === 'LV' && /^32\d{9}$/.test(national)) return true;
  if (prefix === 'CY' && national.startsWith('12')) return false;
  if (prefix === 'BE' && !/^[01]/.test(national)) return false;
  if (prefix === 'BG') return isValidBulgarian(national, rules);
  const validators = rules.euVat[prefix];
  if (!validators || validators.length === 0) return false;
  return validators.some((v) => v.validate(national).isValid);
}

const digits = (s: string): number[] => [...s].map(Number);

/** python-stdnum's bg/vat: 9 digits for legal entities, 10 for persons, foreigners and others. */
function isValidBulgarian(n: string, rules: VatRules): boolean {
  if (!/^\d{9,10}$/.test(n)) return false;
  const d = digits(n);
  const check = d.pop()!;
  if (n.length === 9) {
    let sum = d.reduce((acc, x, i) => acc + (i + 1) * x, 0) % 11;
    if (sum === 10) sum = d.reduce((acc, x, i) => acc + (i + 3) * x, 0) % 11;
    return sum % 10 === check;
  }
  const person = rules.stdnum.BG;
  if (person?.egn?.validate(n).isValid || person?.pnf?.validate(n).isValid) return true;
  const weights = [4, 3, 2, 7, 6, 5, 4, 3, 2];
  const other = (11 - (d.reduce((acc, x, i) => acc + weights[i]! * x, 0) % 11)) % 11;
  return other === check;
}
