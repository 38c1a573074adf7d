import type { Locale } from '../../../shared/i18n/locales.js';
import type { Mail } from '../../providers/mailer/mailer.js';
import { writeMail } from '../../providers/mailer/mail-text.js';
import { redactUrl } from '../../lib/outgoing-http.js';

/** The mail to an endpoint's owner, in their language, when it was disabled for failing three days. */
export function webhookDisabledMail(site: { productName: string; appUrl: string }, locale: Locale, to: string, url: string): Mail {
  const productName = site.productName;
  // The query string may hold the receiver's own token: it stays out of the mail.
  const shown = redactUrl(url);
  return {
    to,
    ...writeMail(site, locale, (t) => ({
      subject: t('webhookDisabled.subject', { productName }),
      preheader: t('webhookDisabled.preheader', { url: shown }),
      heading: t('webhookDisabled.heading'),
      paragraphs: [t('webhookDisabled.body', { url: shown }), t('webhookDisabled.check')],
      action: { label: t('webhookDisabled.action'), url: `${site.appUrl}/profile?tab=webhooks` },
      footnote: t('webhookDisabled.footnote', { productName }),
    })),
  };
}
