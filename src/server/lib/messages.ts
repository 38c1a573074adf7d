import { setupI18n, type I18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import mailDe from '../../locales/de/mail.json' with { type: 'json' };
import mailEn from '../../locales/en/mail.json' with { type: 'json' };
import mailEs from '../../locales/es/mail.json' with { type: 'json' };
import mailFr from '../../locales/fr/mail.json' with { type: 'json' };
import mailIt from '../../locales/it/mail.json' with { type: 'json' };
import mailNl from '../../locales/nl/mail.json' with { type: 'json' };
import mailPl from '../../locales/pl/mail.json' with { type: 'json' };
import mailPt from '../../locales/pt/mail.json' with { type: 'json' };
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

function i18nFor(name: CatalogueName, locale: Locale): I18n {
  const key = `${name}:${locale}`;
  let i18n = instances.get(key);
  if (!i18n) {
    const messages = locale === BASE_LOCALE ? compiled(name, locale) : { ...compiled(name, BASE_LOCALE), ...compiled(name, locale) };
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

const argumentsByMessage = new Map<string, Set<string>>();

/**
 * A catalogue's messages in one language: `t(id, values)` renders one. A value the message reads
 * and the caller left out throws: Lingui would print nothing in its place ("Price:  per year").
 */
export function translator<Id extends string>(name: CatalogueName, locale: Locale): (id: Id, values?: MessageValues) => string {
  const i18n = i18nFor(name, locale);
  const messages = compiled(name, BASE_LOCALE);
  return (id, values) => {
    let needed = argumentsByMessage.get(`${name}:${id}`);
    if (!needed) argumentsByMessage.set(`${name}:${id}`, (needed = argumentNames(messages[id])));
    for (const arg of needed) if (values?.[arg] === undefined) throw new Error(`message ${id} needs a value for {${arg}}`);
    return i18n._(id, values);
  };
}
