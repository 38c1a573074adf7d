/** One e-mail: always both an HTML and a plain-text body. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail: `smtp` with SMTP_URL, else the dev `outbox`. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the mail is accepted (by the SMTP server, or the outbox); rejects otherwise. */
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/** The part of a pino logger the mail providers use. */
export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

const URL_RE = /\bhttps?:\/\/[^\s<>"')\]]+/g;

/** The links of a mail, in order of appearance, without duplicates (read from the text body). */
export function extractLinks(text: string): string[] {
  return [...new Set((text.match(URL_RE) ?? []).map((l) => l.replace(/[.,;:!?]+$/, '')))];
}
