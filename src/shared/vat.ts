import type * as StdnumLib from 'stdnum';
import { EU_COUNTRIES, normalizeFiscalNumber, type EuCountry } from './countries.js';
import { countryName } from './i18n/error-text.js';
import { msg, type Message } from './i18n/message.js';

/**
 * The check-digit rules for EU VAT numbers, those of python-stdnum (through `stdnum`, its MIT
 * port), with the places where the port departs from python-stdnum fixed here:
 * - CY: numbers may not start with 12;
 * - BE: enterprise numbers start with 0 or 1;
 * - BG: any first digit is allowed (the port refuses 4 to 8, which locks out real companies
 *   such as BG831642181); persons' numbers are checked as EGN or PNF here, not by the port;
 * - CZ: 9-digit numbers starting with 6 (individuals without a birth number) have their own
 *   check digit; SK: birth numbers with the post-2004 month offsets (+20, +70) are valid;
 * - LV: personal codes issued since July 2017 start with 32 and hold no birth date, but they
 *   carry the same check digit as the older, dated codes;
 * - NL: the two digits after B may not be 00;
 * - a national part that still starts with the state's prefix (a prefix typed twice) is refused.
 * The numbers of python-stdnum's own test files are the test (test/fixtures/stdnum-vat).
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
  // the port strips a prefix again, so 'ATATU…' would pass
  if (national.startsWith(country.vatPrefix) || national.startsWith(country.iso2)) return false;
  if (prefix === 'CY' && national.startsWith('12')) return false;
  if (prefix === 'BE' && !/^[01]/.test(national)) return false;
  if (prefix === 'BG') return isValidBulgarian(national);
  if (prefix === 'CZ') return isValidCzech(national);
  if (prefix === 'SK') return isValidSlovak(national);
  if (prefix === 'LV') return isValidLatvian(national);
  if (prefix === 'NL' && national.endsWith('00')) return false;
  const validators = rules.euVat[prefix];
  if (!validators || validators.length === 0) return false;
  return validators.some((v) => v.validate(national).isValid);
}

const digits = (s: string): number[] => [...s].map(Number);

/** python-stdnum's bg/vat: 9 digits for legal entities, 10 for persons (EGN), foreigners (PNF) and others. */
function isValidBulgarian(n: string): boolean {
  if (!/^\d{9,10}$/.test(n)) return false;
  const d = digits(n);
  const check = d.pop()!;
  if (n.length === 9) {
    let sum = d.reduce((acc, x, i) => acc + (i + 1) * x, 0) % 11;
    if (sum === 10) sum = d.reduce((acc, x, i) => acc + (i + 3) * x, 0) % 11;
    return sum % 10 === check;
  }
  if (isBulgarianEgn(n) || weighted(d, [21, 19, 17, 13, 11, 9, 7, 3, 1]) % 10 === check) return true;
  return (11 - (weighted(d, [4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11)) % 11 === check;
}

const weighted = (d: number[], weights: number[]): number => d.reduce((acc, x, i) => acc + (weights[i] ?? 0) * x, 0);

function isDate(year: number, month: number, day: number): boolean {
  const t = new Date(Date.UTC(year, month - 1, day));
  return t.getUTCFullYear() === year && t.getUTCMonth() === month - 1 && t.getUTCDate() === day;
}

/** Bulgarian EGN: birth date (month + 20 for the 1800s, + 40 for the 2000s) and a check digit. */
function isBulgarianEgn(n: string): boolean {
  const d = digits(n);
  let year = 1900 + Number(n.slice(0, 2));
  let month = Number(n.slice(2, 4));
  if (month > 40) {
    year += 100;
    month -= 40;
  } else if (month > 20) {
    year -= 100;
    month -= 20;
  }
  if (!isDate(year, month, Number(n.slice(4, 6)))) return false;
  return (weighted(d.slice(0, 9), [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10 === d[9];
}

/** Czech and Slovak birth number (rodné číslo): a date, and for 10 digits divisibility by 11. */
function isBirthNumber(n: string): boolean {
  if (!/^\d{9,10}$/.test(n)) return false;
  let year = 1900 + Number(n.slice(0, 2));
  // women have 50 added to the month, and 20 is added when the serials run out (since 2004)
  const month = (Number(n.slice(2, 4)) % 50) % 20;
  if (n.length === 9) {
    if (year >= 1980) year -= 100;
    if (year > 1953) return false; // 9-digit numbers ended in 1954
  } else if (year < 1954) year += 100;
  if (!isDate(year, month, Number(n.slice(4, 6)))) return false;
  return n.length === 9 || (Number(n.slice(0, 9)) % 11) % 10 === Number(n[9]);
}

/** python-stdnum's cz/dic: 8 digits for legal entities, 9 starting with 6 for special cases, else a birth number. */
function isValidCzech(n: string): boolean {
  if (!/^\d+$/.test(n)) return false;
  const d = digits(n);
  if (n.length === 8) {
    if (n.startsWith('9')) return false;
    const check = (11 - (weighted(d.slice(0, 7), [8, 7, 6, 5, 4, 3, 2]) % 11)) % 11;
    return (check || 1) % 10 === d[7];
  }
  if (n.length === 9 && n.startsWith('6')) {
    const sum = weighted(d.slice(1, 8), [8, 7, 6, 5, 4, 3, 2]) % 11;
    return (sum + 8) % 10 === d[8]; // python-stdnum: (8 - (10 - sum) % 11) % 10
  }
  return isBirthNumber(n);
}

/** python-stdnum's sk/dph: 10 digits, a birth number or a multiple of 11 with a third digit of 2, 3, 4, 7, 8 or 9. */
function isValidSlovak(n: string): boolean {
  if (!/^\d{10}$/.test(n)) return false;
  if (isBirthNumber(n)) return true;
  if (n.startsWith('0') || !'234789'.includes(n[2]!)) return false;
  return BigInt(n) % 11n === 0n;
}

/** python-stdnum's lv/pvn: legal entities (first digit above 3) and personal codes, dated or (since 2017) starting with 32. */
function isValidLatvian(n: string): boolean {
  if (!/^\d{11}$/.test(n)) return false;
  const d = digits(n);
  if (d[0]! > 3) return weighted(d, [9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1]) % 11 === 3;
  if (!n.startsWith('32')) {
    const year = 1800 + Number(n[6]) * 100 + Number(n.slice(4, 6));
    if (!isDate(year, Number(n.slice(2, 4)), Number(n.slice(0, 2)))) return false;
  }
  return ((1 + weighted(d.slice(0, 10), [10, 5, 8, 4, 2, 1, 6, 3, 7, 9])) % 11) % 10 === d[10];
}

// --- what is wrong with a number ---------------------------------------------------------------

/** One code per problem, the same on every route (the web search, /api/v1, portfolios, checkout). */
export type VatProblemCode = 'vat_wrong_length' | 'vat_wrong_characters' | 'vat_check_digit' | 'vat_other_state';

/**
 * A failed check says what is wrong twice: `message` in English words (the server's logs and
 * stored rows), `text` the same as a message of the errors catalogue, which the server's answer
 * and the web's form write in the reader's language (its English is `message` word for word).
 */
export type VatCheck =
  | { ok: true; national: string }
  | { ok: false; code: VatProblemCode; message: string; text: Message; otherState?: EuCountry };

/** The shape of each state's national part: allowed characters, lengths, and the full pattern. */
interface VatShape {
  /** The allowed characters, as the body of a regex character class. */
  allowed: string;
  lengths: readonly number[];
  pattern: RegExp;
}
const digitsOnly = (lengths: number[], pattern?: RegExp): VatShape => ({
  allowed: '\\d',
  lengths,
  pattern: pattern ?? new RegExp(`^\\d{${Math.min(...lengths)},${Math.max(...lengths)}}$`),
});
const shapes: Record<string, VatShape> = {
  AT: { allowed: 'U\\d', lengths: [9], pattern: /^U\d{8}$/ },
  BE: digitsOnly([10], /^[01]\d{9}$/),
  BG: digitsOnly([9, 10]),
  HR: digitsOnly([11]),
  CY: { allowed: '\\dA-Z', lengths: [9], pattern: /^\d{8}[A-Z]$/ },
  CZ: digitsOnly([8, 9, 10]),
  DK: digitsOnly([8]),
  EE: digitsOnly([9]),
  FI: digitsOnly([8]),
  FR: { allowed: '\\dA-Z', lengths: [11], pattern: /^[\dA-Z]{2}\d{9}$/ },
  DE: digitsOnly([9]),
  EL: digitsOnly([9]),
  HU: digitsOnly([8]),
  IE: { allowed: '\\dA-Z+*', lengths: [8, 9], pattern: /^(\d{7}[A-Z]{1,2}|\d[A-Z+*]\d{5}[A-Z])$/ },
  IT: digitsOnly([11]),
  LV: digitsOnly([11]),
  LT: digitsOnly([9, 12], /^(\d{9}|\d{12})$/),
  LU: digitsOnly([8]),
  MT: digitsOnly([8]),
  NL: { allowed: '\\dB', lengths: [12], pattern: /^\d{9}B\d{2}$/ },
  PL: digitsOnly([10]),
  PT: digitsOnly([9]),
  RO: digitsOnly([2, 3, 4, 5, 6, 7, 8, 9, 10]),
  SK: digitsOnly([10]),
  SI: digitsOnly([8]),
  ES: { allowed: '\\dA-Z', lengths: [9], pattern: /^[\dA-Z]\d{7}[\dA-Z]$/ },
  SE: digitsOnly([12], /^\d{10}01$/),
};

/** 'an Italian', for "this looks like an Italian (IT) number". */
const adjectives: Record<string, string> = {
  AT: 'an Austrian', BE: 'a Belgian', BG: 'a Bulgarian', HR: 'a Croatian', CY: 'a Cypriot', CZ: 'a Czech',
  DK: 'a Danish', EE: 'an Estonian', FI: 'a Finnish', FR: 'a French', DE: 'a German', EL: 'a Greek',
  HU: 'a Hungarian', IE: 'an Irish', IT: 'an Italian', LV: 'a Latvian', LT: 'a Lithuanian', LU: 'a Luxembourg',
  MT: 'a Maltese', NL: 'a Dutch', PL: 'a Polish', PT: 'a Portuguese', RO: 'a Romanian', SK: 'a Slovak',
  SI: 'a Slovenian', ES: 'a Spanish', SE: 'a Swedish',
};

const fits = (national: string, country: EuCountry): boolean => shapes[country.vatPrefix]?.pattern.test(national) ?? false;

/** The other state whose prefix a number starts with, when the rest has that state's shape ('IT00743110157' typed for France). */
function stateByPrefix(national: string, country: EuCountry): EuCountry | undefined {
  const prefix = /^[A-Z]{2}/.exec(national)?.[0];
  const other = prefix ? EU_COUNTRIES.find((c) => c !== country && (c.vatPrefix === prefix || c.iso2 === prefix)) : undefined;
  return other && fits(national.slice(2), other) ? other : undefined;
}

/**
 * The one other state whose rules accept the number. Short numbers and Romania are left out:
 * Romania takes 2 to 10 digits with one check digit, so it would claim too many typos.
 */
function stateByRules(national: string, country: EuCountry, rules: VatRules): EuCountry | undefined {
  if (national.length < 8) return undefined;
  const valid = EU_COUNTRIES.filter((c) => c !== country && c.vatPrefix !== 'RO' && isValidVatNumber(national, c, rules));
  return valid.length === 1 ? valid[0] : undefined;
}

const looksLike = (other: EuCountry) => `${adjectives[other.vatPrefix]} (${other.vatPrefix}) number`;

/** "an Italian (IT) number" in every language, by VAT prefix. */
const looksLikeIds: Record<string, string> = {
  AT: 'validation.vat.looksLike.AT', BE: 'validation.vat.looksLike.BE', BG: 'validation.vat.looksLike.BG',
  HR: 'validation.vat.looksLike.HR', CY: 'validation.vat.looksLike.CY', CZ: 'validation.vat.looksLike.CZ',
  DK: 'validation.vat.looksLike.DK', EE: 'validation.vat.looksLike.EE', FI: 'validation.vat.looksLike.FI',
  FR: 'validation.vat.looksLike.FR', DE: 'validation.vat.looksLike.DE', EL: 'validation.vat.looksLike.EL',
  HU: 'validation.vat.looksLike.HU', IE: 'validation.vat.looksLike.IE', IT: 'validation.vat.looksLike.IT',
  LV: 'validation.vat.looksLike.LV', LT: 'validation.vat.looksLike.LT', LU: 'validation.vat.looksLike.LU',
  MT: 'validation.vat.looksLike.MT', NL: 'validation.vat.looksLike.NL', PL: 'validation.vat.looksLike.PL',
  PT: 'validation.vat.looksLike.PT', RO: 'validation.vat.looksLike.RO', SK: 'validation.vat.looksLike.SK',
  SI: 'validation.vat.looksLike.SI', ES: 'validation.vat.looksLike.ES', SE: 'validation.vat.looksLike.SE',
};

/** Each state's `vatFormat` ('9 digits') in every language, by VAT prefix. */
const formatIds: Record<string, string> = {
  AT: 'validation.vat.format.AT', BE: 'validation.vat.format.BE', BG: 'validation.vat.format.BG',
  HR: 'validation.vat.format.HR', CY: 'validation.vat.format.CY', CZ: 'validation.vat.format.CZ',
  DK: 'validation.vat.format.DK', EE: 'validation.vat.format.EE', FI: 'validation.vat.format.FI',
  FR: 'validation.vat.format.FR', DE: 'validation.vat.format.DE', EL: 'validation.vat.format.EL',
  HU: 'validation.vat.format.HU', IE: 'validation.vat.format.IE', IT: 'validation.vat.format.IT',
  LV: 'validation.vat.format.LV', LT: 'validation.vat.format.LT', LU: 'validation.vat.format.LU',
  MT: 'validation.vat.format.MT', NL: 'validation.vat.format.NL', PL: 'validation.vat.format.PL',
  PT: 'validation.vat.format.PT', RO: 'validation.vat.format.RO', SK: 'validation.vat.format.SK',
  SI: 'validation.vat.format.SI', ES: 'validation.vat.format.ES', SE: 'validation.vat.format.SE',
};

/**
 * A typed fiscal number checked for one state: its national part, or the one thing wrong with it
 * in words ("Invalid VAT number for Portugal: …") with a code per problem. `example` is a valid
 * number of that state to show ('PT 500697256').
 */
export function checkVatNumber(raw: string, country: EuCountry, rules: VatRules, example?: string): VatCheck {
  const national = normalizeFiscalNumber(raw, country);
  if (isValidVatNumber(national, country, rules)) return { ok: true, national };
  const head = `Invalid VAT number for ${country.name}:`;
  const eg = example ? ` (e.g. ${example})` : '';
  // the values of the messages: the state, its format and the example ('' without one)
  const state = countryName(country.iso2);
  const expected = { country: state, format: msg(formatIds[country.vatPrefix]!), example: example ? msg('validation.vat.example', { example }) : '' };
  const seemsOf = (other: EuCountry) => ({ otherCountry: countryName(other.iso2), looksLike: msg(looksLikeIds[other.vatPrefix]!) });
  const shape = shapes[country.vatPrefix]!;
  // a number of the right shape is a typo in this state's number, even if another state would take it
  const other = stateByPrefix(national, country) ?? (shape.pattern.test(national) ? undefined : stateByRules(national, country, rules));
  if (other) {
    return {
      ok: false,
      code: 'vat_other_state',
      message: `${head} this looks like ${looksLike(other)}. Choose ${other.name} as the country, or check the number.`,
      text: msg('validation.vat.otherState', { country: state, ...seemsOf(other) }),
      otherState: other,
    };
  }
  const wrong = [...new Set(national.replace(new RegExp(`[${shape.allowed}]`, 'g'), ''))];
  if (!national || wrong.length) {
    const characters = wrong.map((c) => `'${c}'`).join(', ');
    const what = wrong.length ? `it contains ${characters}` : 'it is empty';
    return {
      ok: false,
      code: national ? 'vat_wrong_characters' : 'vat_wrong_length',
      message: `${head} ${what}, expected ${country.vatFormat}${eg}`,
      text: wrong.length ? msg('validation.vat.contains', { ...expected, characters }) : msg('validation.vat.empty', expected),
    };
  }
  if (!shape.lengths.includes(national.length)) {
    const digitsOnly = /^\d+$/.test(national);
    const unit = digitsOnly ? 'digits' : 'characters';
    return {
      ok: false,
      code: 'vat_wrong_length',
      message: `${head} it has ${national.length} ${unit}, expected ${country.vatFormat}${eg}`,
      text: msg(digitsOnly ? 'validation.vat.lengthDigits' : 'validation.vat.lengthCharacters', { ...expected, count: national.length }),
    };
  }
  if (!shape.pattern.test(national)) {
    return {
      ok: false,
      code: 'vat_wrong_characters',
      message: `${head} the characters are not in the right places, expected ${country.vatFormat}${eg}`,
      text: msg('validation.vat.places', expected),
    };
  }
  const hint = stateByRules(national, country, rules);
  const also = hint ? ` Or choose ${hint.name}: this looks like ${looksLike(hint)}.` : '';
  return {
    ok: false,
    code: 'vat_check_digit',
    message: `${head} the check digit does not match: please check the number.${also}`,
    text: hint ? msg('validation.vat.checkDigitOtherState', { country: state, ...seemsOf(hint) }) : msg('validation.vat.checkDigit', { country: state }),
    ...(hint ? { otherState: hint } : {}),
  };
}
