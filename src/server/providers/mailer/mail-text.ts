import type en from '../../../locales/en/mail.json';
import type { Locale } from '../../../shared/i18n/locales.js';
import { translator, type MessageValues } from '../../lib/messages.js';
import { renderMail, type MailContent } from './layout.js';

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

/** What a mail says, without the layout's own words (tagline, button fallback), which come with the language. */
export type MailBody = Omit<MailContent, 'locale' | 'tagline' | 'buttonFallback' | 'productName' | 'appUrl'>;

/** A mail written in `locale` by `write` and laid out (HTML and plain text) with the layout's words in the same language. */
export function writeMail(
  site: { productName: string; appUrl: string },
  locale: Locale,
  write: (t: MailText) => { subject: string } & MailBody,
): { subject: string; html: string; text: string } {
  const t = mailText(locale);
  const { subject, ...body } = write(t);
  const layout = { locale, tagline: t('layout.tagline'), buttonFallback: t('layout.buttonFallback'), productName: site.productName, appUrl: site.appUrl };
  return { subject, ...renderMail({ ...body, ...layout }) };
}
