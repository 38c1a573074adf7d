import { describe, expect, it } from 'vitest';
import { buildContactMailto, buildLandingMailto, buildMailtoUrl, contactRequiredFields, hasRequiredFields, landingRequiredFields, mailClientErrorMessage } from './mailto';
import { parseMailto } from '../../../../test/web/parse-mailto';

describe('buildMailtoUrl', () => {
  it('addresses the mail and percent-encodes subject and body', () => {
    const url = buildMailtoUrl({ to: 'info@corisk.eu', subject: 'Hello & welcome?', body: 'a=b\nc#d +e' });
    expect(url.startsWith('mailto:info@corisk.eu?subject=')).toBe(true);
    expect(url).toContain('Hello%20%26%20welcome%3F');
    expect(url).toContain('a%3Db%0D%0Ac%23d%20%2Be');
    expect(url).not.toMatch(/[\s#]/);
    const { subject, body } = parseMailto(url);
    expect(subject).toBe('Hello & welcome?');
    expect(body).toBe('a=b\r\nc#d +e');
  });

  it('cannot be tricked into adding recipients or headers through the text', () => {
    const url = buildMailtoUrl({ to: 'support@corisk.eu', subject: 'x&cc=evil@example.com', body: 'y&bcc=evil@example.com' });
    const params = new URL(url).searchParams;
    expect([...params.keys()]).toEqual(['subject', 'body']);
  });
});

const landing = { name: ' Ana Sousa ', email: 'ana@broker.pt', topic: 'demo', message: 'We insure 40 SMEs.\nCan we see a demo?' };
const contact = { name: 'Jan de Vries', email: 'jan@verzekeraar.nl', subject: 'PDF export', category: 'bug', message: 'The PDF is empty.' };

describe.each([
  {
    form: 'landing',
    url: buildLandingMailto(landing, 'info@corisk.eu', 'Corisk'),
    to: 'info@corisk.eu',
    subject: 'Corisk inquiry: Product Demo from Ana Sousa',
    body: ['Name: Ana Sousa', 'Email: ana@broker.pt', 'Topic: Product Demo', 'We insure 40 SMEs.\r\nCan we see a demo?'],
    unchosen: buildLandingMailto({ ...landing, topic: '' }, 'info@corisk.eu', 'Corisk'),
    unchosenSubject: 'Corisk inquiry from Ana Sousa',
    unchosenBody: 'Topic: Not specified',
  },
  {
    form: 'contact',
    url: buildContactMailto(contact, 'support@corisk.eu'),
    to: 'support@corisk.eu',
    subject: '[Bug Report] PDF export',
    body: ['Name: Jan de Vries', 'Email: jan@verzekeraar.nl', 'Category: Bug Report', 'Subject: PDF export', 'The PDF is empty.'],
    unchosen: buildContactMailto({ ...contact, category: '' }, 'support@corisk.eu'),
    unchosenSubject: 'PDF export',
    unchosenBody: 'Category: Not specified',
  },
])('the $form form\'s mail', (c) => {
  it('carries every field to its address', () => {
    const mail = parseMailto(c.url);
    expect(mail.protocol).toBe('mailto:');
    expect(mail.to).toBe(c.to);
    expect(mail.subject).toBe(c.subject);
    for (const line of c.body) expect(mail.body).toContain(line);
  });

  it('says so when the optional choice was left empty', () => {
    const mail = parseMailto(c.unchosen);
    expect(mail.subject).toBe(c.unchosenSubject);
    expect(mail.body).toContain(c.unchosenBody);
  });
});

it('encodes non-ASCII names and messages', () => {
  const url = buildLandingMailto({ ...landing, name: 'Zoë Müller', message: 'Grüße – 100 €' }, 'info@corisk.eu', 'Corisk');
  expect(url).toContain('Zo%C3%AB%20M%C3%BCller');
  expect(parseMailto(url).body).toContain('Grüße – 100 €');
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
