import type en from '../../../locales/en/mail.json';
import type { Locale } from '../../../shared/i18n/locales.js';
import { translator, type MessageValues } from '../../lib/messages.js';

/** The ids of the e-mails' messages: the keys of the English catalogue. */
export type MailMessageId = keyof typeof en;

/** The e-mails' words in the recipient's language. */
export type MailText = (id: MailMessageId, values?: MessageValues) => string;

export const mailText = (locale: Locale): MailText => translator<MailMessageId>('mail', locale);

/**
 * "Hello Anna," with a name, "Hello," without one. Callers give the name only of an account whose
 * owner confirmed the address, so nobody can put words of their choosing (a name like "visit
 * http://…") into a mail that goes to someone else's address.
 */
export const hello = (t: MailText, firstName: string | undefined): string =>
  firstName?.trim() ? t('hello.named', { firstName: firstName.trim() }) : t('hello.plain');

/** The layout's own words in the recipient's language, with the language itself. */
export const layoutWords = (t: MailText, locale: Locale) => ({ locale, tagline: t('layout.tagline'), buttonFallback: t('layout.buttonFallback') });
