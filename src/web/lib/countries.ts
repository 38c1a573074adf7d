import { countryByIso2, countryByName, EU_COUNTRIES, type EuCountry } from '../../shared/countries';
import { intlTag } from '../../shared/i18n/format';
import type { Locale } from '../../shared/i18n/locales';
import { currentLocale } from './i18n';

/**
 * Country names in the reader's language. src/shared/countries.ts names the EU states in English,
 * and that English name (or the ISO code) is what the server is sent and sends back; the screens
 * show the name in the active language from the ISO code (Intl.DisplayNames: 'Deutschland',
 * 'Allemagne'). English keeps the product's own names ('Czech Republic', not Intl's 'Czechia').
 * Call these while rendering (they read the active language).
 */

const displayNames = new Map<Locale, Intl.DisplayNames>();
const collators = new Map<Locale, Intl.Collator>();

function regionNames(locale: Locale): Intl.DisplayNames {
  let names = displayNames.get(locale);
  if (!names) displayNames.set(locale, (names = new Intl.DisplayNames([intlTag(locale)], { type: 'region' })));
  return names;
}

function collator(locale: Locale): Intl.Collator {
  let c = collators.get(locale);
  if (!c) collators.set(locale, (c = new Intl.Collator(intlTag(locale))));
  return c;
}

/** The EU state an ISO code ('PT', 'EL' too) or an English name ('portugal') stands for. */
function countryOf(value: string): EuCountry | undefined {
  const trimmed = value.trim();
  return trimmed.length === 2 ? countryByIso2(trimmed) : countryByName(trimmed);
}

/**
 * An EU state by ISO code or English name, named in the active language ('PT' or 'Portugal' →
 * 'Portugal', 'Germany' → 'Deutschland' for a German reader); anything else as it was written.
 */
export function countryName(isoOrEnglishName: string, locale: Locale = currentLocale()): string {
  const country = countryOf(isoOrEnglishName);
  if (!country) return isoOrEnglishName.trim();
  if (locale === 'en') return country.name;
  return regionNames(locale).of(country.iso2) ?? country.name;
}

/** Compares two names as the active language sorts them. */
export function compareNames(a: string, b: string, locale: Locale = currentLocale()): number {
  return collator(locale).compare(a, b);
}

/**
 * Country choices for a select: each value stays as given (what the server knows, e.g. the English
 * name), each label is the name in the active language, sorted in that language.
 */
export function countryChoices(values: readonly string[], locale: Locale = currentLocale()): { value: string; label: string }[] {
  return values.map((value) => ({ value, label: countryName(value, locale) })).sort((a, b) => compareNames(a.label, b.label, locale));
}

/** The 27 EU states as choices: the English name as the value, the reader's name as the label. */
export function euCountryChoices(locale: Locale = currentLocale()): { value: string; label: string }[] {
  return countryChoices(EU_COUNTRIES.map((c) => c.name), locale);
}
