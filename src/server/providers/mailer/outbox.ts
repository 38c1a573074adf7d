import { randomUUID } from 'node:crypto';
import { extractLinks, type Mail, type MailLog, type Mailer } from './mailer.js';

export interface OutboxMail extends Mail {
  id: string;
  links: string[];
  sentAt: string;
}

export interface OutboxMailerOptions {
  log: MailLog;
  /** Log each mail's links (they carry one-time tokens): on only where dev tools are on. */
  logLinks: boolean;
  /** How many recent mails are kept (oldest dropped first). */
  capacity?: number;
}

/**
 * The dev outbox (no SMTP_URL): mails are kept in memory, newest first, and logged with their
 * subject and links so a developer can follow them; nothing leaves the machine.
 */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox';
  private mails: OutboxMail[] = [];
  private readonly capacity: number;

  constructor(private readonly options: OutboxMailerOptions) {
    this.capacity = options.capacity ?? 200;
  }

  async send(mail: Mail): Promise<void> {
    const stored: OutboxMail = {
      ...mail,
      id: randomUUID(),
      links: extractLinks(mail.text),
      sentAt: new Date().toISOString(),
    };
    this.mails.unshift(stored);
    if (this.mails.length > this.capacity) this.mails.length = this.capacity;
    if (this.options.logLinks) {
      this.options.log.info({ mail: { to: mail.to, subject: mail.subject, links: stored.links } }, 'mail kept in the dev outbox');
    } else {
      this.options.log.warn(
        { mail: { subject: mail.subject } },
        'mail not delivered: SMTP_URL is not set (kept in the in-memory outbox)',
      );
    }
  }

  /** Newest first; `to` filters by recipient (case-insensitive). */
  list(to?: string): OutboxMail[] {
    const want = to?.trim().toLowerCase();
    return want ? this.mails.filter((m) => m.to.toLowerCase() === want) : [...this.mails];
  }

  clear(): void {
    this.mails = [];
  }

  async close(): Promise<void> {}
}
