import { renderMessage, type Message, type Translate } from '../../shared/i18n/message.js';
import type { Locale } from '../../shared/i18n/locales.js';
import { translator } from '../lib/messages.js';

/**
 * The engine's words: every reason, evidence line, takeaway and data-source line is made as a
 * message (id and values, src/locales/{locale}/engine-*.json) and stored with its English
 * rendering, so a report can be read in any language later while the API's English stays.
 */

const CATALOGUES = ['engine-location', 'engine-industry'] as const;
const translators = new Map<Locale, Translate>();

/** The engine's messages in one language. */
export function engineTranslate(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = translator(CATALOGUES, locale)));
  return t;
}

/** A message as the report stores it in English. */
export function inEnglish(message: Message): string {
  return renderMessage(message, 'en', engineTranslate('en'));
}

/** A message in the reader's language. */
export function inLanguage(message: Message, locale: Locale): string {
  return renderMessage(message, locale, engineTranslate(locale));
}
