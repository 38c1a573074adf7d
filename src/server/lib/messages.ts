import { setupI18n, type I18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import engineLocationEn from '../../locales/en/engine-location.json' with { type: 'json' };
import engineLocationDe from '../../locales/de/engine-location.json' with { type: 'json' };
import engineLocationFr from '../../locales/fr/engine-location.json' with { type: 'json' };
import engineLocationIt from '../../locales/it/engine-location.json' with { type: 'json' };
import engineLocationEs from '../../locales/es/engine-location.json' with { type: 'json' };
import engineLocationPt from '../../locales/pt/engine-location.json' with { type: 'json' };
import engineLocationPl from '../../locales/pl/engine-location.json' with { type: 'json' };
import engineLocationNl from '../../locales/nl/engine-location.json' with { type: 'json' };
import engineIndustryEn from '../../locales/en/engine-industry.json' with { type: 'json' };
import engineIndustryDe from '../../locales/de/engine-industry.json' with { type: 'json' };
import engineIndustryFr from '../../locales/fr/engine-industry.json' with { type: 'json' };
import engineIndustryIt from '../../locales/it/engine-industry.json' with { type: 'json' };
import engineIndustryEs from '../../locales/es/engine-industry.json' with { type: 'json' };
import engineIndustryPt from '../../locales/pt/engine-industry.json' with { type: 'json' };
import engineIndustryPl from '../../locales/pl/engine-industry.json' with { type: 'json' };
import engineIndustryNl from '../../locales/nl/engine-industry.json' with { type: 'json' };
import pdfEn from '../../locales/en/pdf.json' with { type: 'json' };
import pdfDe from '../../locales/de/pdf.json' with { type: 'json' };
import pdfFr from '../../locales/fr/pdf.json' with { type: 'json' };
import pdfIt from '../../locales/it/pdf.json' with { type: 'json' };
import pdfEs from '../../locales/es/pdf.json' with { type: 'json' };
import pdfPt from '../../locales/pt/pdf.json' with { type: 'json' };
import pdfPl from '../../locales/pl/pdf.json' with { type: 'json' };
import pdfNl from '../../locales/nl/pdf.json' with { type: 'json' };
import riskNamesEn from '../../locales/en/risk-names.json' with { type: 'json' };
import riskNamesDe from '../../locales/de/risk-names.json' with { type: 'json' };
import riskNamesFr from '../../locales/fr/risk-names.json' with { type: 'json' };
import riskNamesIt from '../../locales/it/risk-names.json' with { type: 'json' };
import riskNamesEs from '../../locales/es/risk-names.json' with { type: 'json' };
import riskNamesPt from '../../locales/pt/risk-names.json' with { type: 'json' };
import riskNamesPl from '../../locales/pl/risk-names.json' with { type: 'json' };
import riskNamesNl from '../../locales/nl/risk-names.json' with { type: 'json' };
import errorsEn from '../../locales/en/errors.json' with { type: 'json' };
import errorsDe from '../../locales/de/errors.json' with { type: 'json' };
import errorsFr from '../../locales/fr/errors.json' with { type: 'json' };
import errorsIt from '../../locales/it/errors.json' with { type: 'json' };
import errorsEs from '../../locales/es/errors.json' with { type: 'json' };
import errorsPt from '../../locales/pt/errors.json' with { type: 'json' };
import errorsPl from '../../locales/pl/errors.json' with { type: 'json' };
import errorsNl from '../../locales/nl/errors.json' with { type: 'json' };
import mailDe from '../../locales/de/mail.json' with { type: 'json' };
import mailEn from '../../locales/en/mail.json' with { type: 'json' };
import mailEs from '../../locales/es/mail.json' with { type: 'json' };
import mailFr from '../../locales/fr/mail.json' with { type: 'json' };
import mailIt from '../../locales/it/mail.json' with { type: 'json' };
import mailNl from '../../locales/nl/mail.json' with { type: 'json' };
import mailPl from '../../locales/pl/mail.json' with { type: 'json' };
import mailPt from '../../locales/pt/mail.json' with { type: 'json' };
import mapEn from '../../locales/en/map.json' with { type: 'json' };
import mapDe from '../../locales/de/map.json' with { type: 'json' };
import mapFr from '../../locales/fr/map.json' with { type: 'json' };
import mapIt from '../../locales/it/map.json' with { type: 'json' };
import mapEs from '../../locales/es/map.json' with { type: 'json' };
import mapPt from '../../locales/pt/map.json' with { type: 'json' };
import mapPl from '../../locales/pl/map.json' with { type: 'json' };
import mapNl from '../../locales/nl/map.json' with { type: 'json' };
import { intlTag } from '../../shared/i18n/format.js';
import { BASE_LOCALE, type Locale } from '../../shared/i18n/locales.js';

/**
 * The server's message catalogues: `src/locales/{locale}/{name}.json`, one per language, in
 * Lingui's JSON format (message id → ICU MessageFormat). Imported, so the build bundles them and
 * no file is read at run time; each is compiled once, on first use (a malformed message throws
 * then, and the catalogue test fails on it first). A message a language lacks falls back to
 * English (the catalogue test fails on that too).
 */

const CATALOGUES = {
  mail: { en: mailEn, de: mailDe, fr: mailFr, it: mailIt, es: mailEs, pt: mailPt, pl: mailPl, nl: mailNl },
  'engine-location': { en: engineLocationEn, de: engineLocationDe, fr: engineLocationFr, it: engineLocationIt, es: engineLocationEs, pt: engineLocationPt, pl: engineLocationPl, nl: engineLocationNl },
  'engine-industry': { en: engineIndustryEn, de: engineIndustryDe, fr: engineIndustryFr, it: engineIndustryIt, es: engineIndustryEs, pt: engineIndustryPt, pl: engineIndustryPl, nl: engineIndustryNl },
  'risk-names': { en: riskNamesEn, de: riskNamesDe, fr: riskNamesFr, it: riskNamesIt, es: riskNamesEs, pt: riskNamesPt, pl: riskNamesPl, nl: riskNamesNl },
  'pdf': { en: pdfEn, de: pdfDe, fr: pdfFr, it: pdfIt, es: pdfEs, pt: pdfPt, pl: pdfPl, nl: pdfNl },
  errors: { en: errorsEn, de: errorsDe, fr: errorsFr, it: errorsIt, es: errorsEs, pt: errorsPt, pl: errorsPl, nl: errorsNl },
  map: { en: mapEn, de: mapDe, fr: mapFr, it: mapIt, es: mapEs, pt: mapPt, pl: mapPl, nl: mapNl },
} satisfies Record<string, Record<Locale, Record<string, string>>>;

export type CatalogueName = keyof typeof CATALOGUES;

type Compiled = Record<string, ReturnType<typeof compileMessageOrThrow>>;
const compiledCatalogues = new Map<string, Compiled>();

function compiled(name: CatalogueName, locale: Locale): Compiled {
  const key = `${name}:${locale}`;
  let out = compiledCatalogues.get(key);
  if (!out) {
    const raw: Record<string, string> = CATALOGUES[name][locale];
    out = Object.fromEntries(Object.entries(raw).map(([id, message]) => [id, compileMessageOrThrow(message)]));
    compiledCatalogues.set(key, out);
  }
  return out;
}

const instances = new Map<string, I18n>();

/** Several catalogues' messages in one language, English under them (their ids do not overlap). */
function mergedCompiled(names: readonly CatalogueName[], locale: Locale): Compiled {
  const sources = locale === BASE_LOCALE ? [BASE_LOCALE] : [BASE_LOCALE, locale];
  return Object.assign({}, ...sources.flatMap((l) => names.map((name) => compiled(name, l)))) as Compiled;
}

function i18nFor(names: readonly CatalogueName[], locale: Locale): I18n {
  const key = `${names.join('+')}:${locale}`;
  let i18n = instances.get(key);
  if (!i18n) {
    const messages = mergedCompiled(names, locale);
    i18n = setupI18n({ locale, locales: [intlTag(locale)], messages: { [locale]: messages } });
    instances.set(key, i18n);
  }
  return i18n;
}

export type MessageValues = Record<string, string | number>;

type Token = string | [string, string?, unknown?];

/** The arguments a compiled message reads, its plural and select branches included. */
function argumentNames(message: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(message)) return into;
  for (const token of message as Token[]) {
    if (typeof token === 'string') continue;
    const [name, , options] = token;
    into.add(name);
    if (options && typeof options === 'object') for (const branch of Object.values(options)) argumentNames(branch, into);
  }
  return into;
}

// Keyed by id alone: ids are unique across catalogues.
const argumentsByMessage = new Map<string, Set<string>>();

type Translator = (id: string, values?: MessageValues) => string;
const translators = new Map<string, Translator>();

/**
 * A catalogue's messages in one language: `t(id, values)` renders one. A value the message reads
 * and the caller left out throws: Lingui would print nothing in its place ("Price:  per year").
 * Made once per catalogues and language (a report asks for one per risk name).
 */
export function translator<Id extends string>(
  name: CatalogueName | readonly CatalogueName[],
  locale: Locale,
): (id: Id, values?: MessageValues) => string {
  const names = [name].flat();
  const key = `${names.join('+')}:${locale}`;
  let t = translators.get(key);
  if (!t) {
    const i18n = i18nFor(names, locale);
    const messages = mergedCompiled(names, BASE_LOCALE);
    t = (id, values) => {
      if (!(id in messages)) throw new Error(`no message ${id} in ${names.join(', ')}`);
      let needed = argumentsByMessage.get(id);
      if (!needed) argumentsByMessage.set(id, (needed = argumentNames(messages[id])));
      for (const arg of needed) if (values?.[arg] === undefined) throw new Error(`message ${id} needs a value for {${arg}}`);
      return i18n._(id, values);
    };
    translators.set(key, t);
  }
  return t;
}
