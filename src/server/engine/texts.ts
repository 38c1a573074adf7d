import { COUNTRY_ID, countryNameIn } from '../../shared/i18n/error-text.js';
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
  if (!t) {
    const catalogue = translator(CATALOGUES, locale);
    // A member state named in a sentence (`country.AT`) is written in the reader's language.
    t = (id, values) => {
      const country = COUNTRY_ID.exec(id);
      return country ? countryNameIn(country[1]!, locale) : catalogue(id, values);
    };
    translators.set(locale, t);
  }
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
