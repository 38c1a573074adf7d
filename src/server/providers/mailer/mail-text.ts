import type en from '../../../locales/en/mail.json';
import type { Locale } from '../../../shared/i18n/locales.js';
import { translator, type MessageValues } from '../../lib/messages.js';

/** The ids of the e-mails' messages: the keys of the English catalogue. */
export type MailMessageId = keyof typeof en;

/** The e-mails' words in the recipient's language. */
export type MailText = (id: MailMessageId, values?: MessageValues) => string;

export const mailText = (locale: Locale): MailText => translator<MailMessageId>('mail', locale);

/** "Hello Anna," with a name, "Hello," without one. */
export const hello = (t: MailText, firstName: string | undefined): string =>
  firstName?.trim() ? t('hello.named', { firstName: firstName.trim() }) : t('hello.plain');
