import { renderMail } from '../../providers/mailer/layout.js';
import type { Mail } from '../../providers/mailer/mailer.js';
import { redactUrl } from '../../lib/outgoing-http.js';

/** The mail to an endpoint's owner when it was disabled for failing three days. */
export function webhookDisabledMail(site: { productName: string; appUrl: string }, to: string, url: string): Mail {
  // The query string may hold the receiver's own token: it stays out of the mail.
  const shown = redactUrl(url);
  return {
    to,
    subject: `Your ${site.productName} webhook was disabled`,
    ...renderMail({
      productName: site.productName,
      appUrl: site.appUrl,
      preheader: `${shown} failed for three days and receives no more events.`,
      heading: 'A webhook was disabled',
      paragraphs: [
        `Deliveries to ${shown} have failed for three days, so the endpoint was disabled and receives no more monitoring events.`,
        'Check that the endpoint answers with a 2xx status within 10 seconds, then add it again under Account Settings, Webhooks.',
      ],
      action: { label: 'Webhooks', url: `${site.appUrl}/profile?tab=webhooks` },
      footnote: `You received this email because a webhook was set up on your ${site.productName} account.`,
    }),
  };
}
