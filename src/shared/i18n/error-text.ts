import { countryByIso2 } from '../countries.js';
import { intlTag } from './format.js';
import { BASE_LOCALE, type Locale } from './locales.js';
import { msg, renderMessage, type Message, type Translate } from './message.js';

/**
 * The texts of errors and validation problems (the `errors` catalogue: `error.*`, `validation.*`),
 * kept as messages so that the server writes a `detail` and the web a form's problem in the
 * reader's language. One thing more than other messages: a country named in one is written in
 * that language (Intl's region names; English keeps the product's own names, 'Czech Republic').
 */

export const COUNTRY_ID = /^country\.([A-Z]{2})$/;

/** An EU member state named in an error message, by its ISO 3166-1 alpha-2 code ('GR' for Greece). */
export const countryName = (iso2: string): Message => msg(`country.${iso2}`);

const regionNames = new Map<Locale, Intl.DisplayNames>();

/** A member state's name in a language (Intl's region names; English keeps the product's own). */
export function countryNameIn(iso2: string, locale: Locale): string {
  const product = countryByIso2(iso2)?.name ?? iso2;
  if (locale === BASE_LOCALE) return product;
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([intlTag(locale)], { type: 'region', fallback: 'none' })));
  return names.of(iso2) ?? product;
}

/** An error or validation message in one language; `translate` renders the catalogue's ids. */
export function renderErrorText(message: Message, locale: Locale, translate: Translate): string {
  return renderMessage(message, locale, (id, values) => {
    const country = COUNTRY_ID.exec(id);
    return country ? countryNameIn(country[1]!, locale) : translate(id, values);
  });
}

/** Whether a value is a message of the `errors` catalogue (as AppErrors carry them in their extra fields). */
export function isErrorMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { id, values, ...rest } = value as { id?: unknown; values?: unknown };
  return typeof id === 'string' && /^(error|validation)\./.test(id) && (values === undefined || typeof values === 'object') && Object.keys(rest).length === 0;
}
