import type { Config } from '../../config.js';
import type { MailLog, Mailer } from './mailer.js';
import { OutboxMailer } from './outbox.js';
import { SmtpMailer } from './smtp.js';

/** `smtp` when SMTP_URL is set, else the dev outbox. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'devTools'>, log: MailLog): Mailer {
  if (config.smtpUrl) return new SmtpMailer({ url: config.smtpUrl, from: config.mailFrom });
  return new OutboxMailer({ log, logLinks: config.devTools });
}
