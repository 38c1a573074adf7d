import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { intlTag } from '../../shared/i18n/format.js';
import { BASE_LOCALE, type Locale } from '../../shared/i18n/locales.js';
import { projectRoot } from './paths.js';

/**
 * The server's message catalogues: `src/locales/{locale}/{name}.json`, one per language, in
 * Lingui's JSON format (message id → ICU MessageFormat). Each is read and compiled once, on first
 * use (a malformed message throws then); a message a language lacks falls back to English (the
 * catalogue test fails on it first).
 */

export type CatalogueName = 'mail';

export const catalogueFile = (name: CatalogueName, locale: Locale): string => join(projectRoot, 'src/locales', locale, `${name}.json`);

function compiled(name: CatalogueName, locale: Locale): Record<string, ReturnType<typeof compileMessageOrThrow>> {
  const raw = JSON.parse(readFileSync(catalogueFile(name, locale), 'utf8')) as Record<string, string>;
  return Object.fromEntries(Object.entries(raw).map(([id, message]) => [id, compileMessageOrThrow(message)]));
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

/** A catalogue's messages in one language: `t(id, values)` renders one. */
export function translator<Id extends string>(name: CatalogueName, locale: Locale): (id: Id, values?: MessageValues) => string {
  const i18n = i18nFor(name, locale);
  return (id, values) => i18n._(id, values);
}
