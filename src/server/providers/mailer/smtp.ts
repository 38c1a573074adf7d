import type nodemailerModule from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { lazyModule } from '../../lib/lazy-module.js';
import type { Mail, Mailer } from './mailer.js';

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:port or smtps://… (nodemailer URL options in the query string work too). */
  url: string;
  from: string;
}

const nodemailer = lazyModule<typeof nodemailerModule>('nodemailer');

/** Real delivery over SMTP through nodemailer; every network step has a time-out. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  constructor(private readonly options: SmtpMailerOptions) {
    this.transport = nodemailer().createTransport({
      url: options.url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({
      from: this.options.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
