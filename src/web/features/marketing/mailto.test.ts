import { describe, expect, it } from 'vitest';
import {
  buildContactMailto,
  buildLandingMailto,
  buildMailtoUrl,
  contactRequiredFields,
  hasRequiredFields,
  landingRequiredFields,
  mailClientErrorMessage,
} from './mailto';

/** Splits a mailto URL into its address and decoded subject and body. */
function parse(url: string) {
  const parsed = new URL(url);
  return {
    protocol: parsed.protocol,
    to: decodeURIComponent(parsed.pathname),
    subject: parsed.searchParams.get('subject') ?? '',
    body: parsed.searchParams.get('body') ?? '',
  };
}

describe('buildMailtoUrl', () => {
  it('addresses the mail and percent-encodes subject and body', () => {
    const url = buildMailtoUrl({ to: 'info@corisk.eu', subject: 'Hello & welcome?', body: 'a=b\nc#d +e' });
    expect(url.startsWith('mailto:info@corisk.eu?subject=')).toBe(true);
    expect(url).toContain('Hello%20%26%20welcome%3F');
    expect(url).toContain('a%3Db%0D%0Ac%23d%20%2Be');
    expect(url).not.toMatch(/[\s#]/);
    const { subject, body } = parse(url);
    expect(subject).toBe('Hello & welcome?');
    expect(body).toBe('a=b\r\nc#d +e');
  });

  it('cannot be tricked into adding recipients or headers through the text', () => {
    const url = buildMailtoUrl({ to: 'support@corisk.eu', subject: 'x&cc=evil@example.com', body: 'y&bcc=evil@example.com' });
    const params = new URL(url).searchParams;
    expect([...params.keys()]).toEqual(['subject', 'body']);
  });
});

describe('buildLandingMailto', () => {
  const values = { name: ' Ana Sousa ', email: 'ana@broker.pt', topic: 'demo', message: 'We insure 40 SMEs.\nCan we see a demo?' };

  it('carries name, e-mail, topic and message to the info address', () => {
    const mail = parse(buildLandingMailto(values, 'info@corisk.eu', 'Corisk'));
    expect(mail.protocol).toBe('mailto:');
    expect(mail.to).toBe('info@corisk.eu');
    expect(mail.subject).toBe('Corisk inquiry: Product Demo from Ana Sousa');
    expect(mail.body).toContain('Name: Ana Sousa');
    expect(mail.body).toContain('Email: ana@broker.pt');
    expect(mail.body).toContain('Topic: Product Demo');
    expect(mail.body).toContain('We insure 40 SMEs.\r\nCan we see a demo?');
  });

  it('says so when no topic was chosen', () => {
    const mail = parse(buildLandingMailto({ ...values, topic: '' }, 'info@corisk.eu', 'Corisk'));
    expect(mail.subject).toBe('Corisk inquiry from Ana Sousa');
    expect(mail.body).toContain('Topic: Not specified');
  });

  it('encodes non-ASCII names and messages', () => {
    const url = buildLandingMailto({ ...values, name: 'Zoë Müller', message: 'Grüße – 100 €' }, 'info@corisk.eu', 'Corisk');
    expect(url).toContain('Zo%C3%AB%20M%C3%BCller');
    expect(parse(url).body).toContain('Grüße – 100 €');
  });
});

describe('buildContactMailto', () => {
  const values = { name: 'Jan de Vries', email: 'jan@verzekeraar.nl', subject: 'PDF export', category: 'bug', message: 'The PDF is empty.' };

  it('carries name, e-mail, subject, category and message to the support address', () => {
    const mail = parse(buildContactMailto(values, 'support@corisk.eu'));
    expect(mail.to).toBe('support@corisk.eu');
    expect(mail.subject).toBe('[Bug Report] PDF export');
    expect(mail.body).toContain('Name: Jan de Vries');
    expect(mail.body).toContain('Email: jan@verzekeraar.nl');
    expect(mail.body).toContain('Category: Bug Report');
    expect(mail.body).toContain('Subject: PDF export');
    expect(mail.body).toContain('The PDF is empty.');
  });

  it('leaves the category out of the subject when none was chosen', () => {
    const mail = parse(buildContactMailto({ ...values, category: '' }, 'support@corisk.eu'));
    expect(mail.subject).toBe('PDF export');
    expect(mail.body).toContain('Category: Not specified');
  });
});

describe('required fields', () => {
  it('needs name, e-mail and message on the landing form; topic is optional', () => {
    const filled = { name: 'A', email: 'a@b.eu', topic: '', message: 'Hi' };
    expect(hasRequiredFields(filled, landingRequiredFields)).toBe(true);
    expect(hasRequiredFields({ ...filled, message: '   ' }, landingRequiredFields)).toBe(false);
    expect(hasRequiredFields({ ...filled, name: '' }, landingRequiredFields)).toBe(false);
    expect(hasRequiredFields({ ...filled, email: '' }, landingRequiredFields)).toBe(false);
  });

  it('needs name, e-mail, subject and message on the contact form; category is optional', () => {
    const filled = { name: 'A', email: 'a@b.eu', subject: 'S', category: '', message: 'Hi' };
    expect(hasRequiredFields(filled, contactRequiredFields)).toBe(true);
    expect(hasRequiredFields({ ...filled, subject: '' }, contactRequiredFields)).toBe(false);
  });

  it('names the address in the mail-client error', () => {
    expect(mailClientErrorMessage('support@corisk.eu')).toBe('Error opening email client. Please email us directly at support@corisk.eu');
  });
});
