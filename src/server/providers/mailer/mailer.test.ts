import { describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../../../test/smtp-capture.js';
import { createMailer } from './factory.js';
import { renderMail } from './layout.js';
import { extractLinks, type MailLog } from './mailer.js';
import { OutboxMailer } from './outbox.js';
import { SmtpMailer } from './smtp.js';

function recordingLog() {
  const lines: { level: string; obj: object; msg: string }[] = [];
  const log: MailLog = {
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
  };
  return { log, lines };
}

const sample = () => ({
  to: 'ana@example.com',
  subject: 'Reset your Corisk password',
  ...renderMail({
    locale: 'en',
    tagline: 'Empowering Insurance Professionals',
    buttonFallback: 'If the button does not work, copy this link into your browser:',
    productName: 'Corisk',
    appUrl: 'https://corisk.test',
    preheader: 'p',
    heading: 'Reset',
    paragraphs: ['Hello <b>Ana</b> & co,'],
    action: { label: 'Set a new password', url: 'https://corisk.test/auth/reset-password?access_token=abc.def.ghi&x=1' },
    footnote: 'f',
  }),
});

describe('mail layout', () => {
  it('renders branded HTML with escaped content and the same content as text', () => {
    const m = sample();
    expect(m.html).toContain('Hello &lt;b&gt;Ana&lt;/b&gt; &amp; co,');
    expect(m.html).toContain('href="https://corisk.test/auth/reset-password?access_token=abc.def.ghi&amp;x=1"');
    expect(m.html).toContain('Empowering Insurance Professionals');
    expect(m.text).toContain('Hello <b>Ana</b> & co,');
    expect(m.text).toContain('Set a new password: https://corisk.test/auth/reset-password?access_token=abc.def.ghi&x=1');
  });

  it('extracts links from text in order, without duplicates', () => {
    expect(extractLinks('a https://x.test/a?b=1, then (https://y.test/) and https://x.test/a?b=1.')).toEqual([
      'https://x.test/a?b=1',
      'https://y.test/',
    ]);
  });
});

describe('outbox mailer', () => {
  it('keeps recent mails newest first, within its capacity', async () => {
    const { log } = recordingLog();
    const outbox = new OutboxMailer({ log, logLinks: true, capacity: 2 });
    for (const to of ['a@x.test', 'b@x.test', 'c@x.test']) await outbox.send({ ...sample(), to });
    expect(outbox.list().map((m) => m.to)).toEqual(['c@x.test', 'b@x.test']);
    expect(outbox.list('B@X.TEST')).toHaveLength(1);
    outbox.clear();
    expect(outbox.list()).toEqual([]);
  });

  it('logs subject and links in development, never the body', async () => {
    const { log, lines } = recordingLog();
    await new OutboxMailer({ log, logLinks: true }).send(sample());
    expect(lines).toHaveLength(1);
    const json = JSON.stringify(lines[0]);
    expect(json).toContain('Reset your Corisk password');
    expect(json).toContain('https://corisk.test/auth/reset-password?access_token=abc.def.ghi&x=1');
    expect(json).not.toContain('Hello');
  });

  it('does not log links (one-time tokens) when dev tools are off', async () => {
    const { log, lines } = recordingLog();
    await new OutboxMailer({ log, logLinks: false }).send(sample());
    expect(lines[0]!.level).toBe('warn');
    expect(JSON.stringify(lines[0])).not.toContain('access_token');
    expect(JSON.stringify(lines[0])).not.toContain('ana@example.com');
  });
});

describe('mailer factory', () => {
  it('chooses SMTP with SMTP_URL, else the outbox', () => {
    const { log } = recordingLog();
    expect(createMailer({ smtpUrl: 'smtp://127.0.0.1:2525', mailFrom: 'a@b.test', devTools: true }, log)).toBeInstanceOf(SmtpMailer);
    expect(createMailer({ mailFrom: 'a@b.test', devTools: true }, log)).toBeInstanceOf(OutboxMailer);
  });
});

describe('SMTP mailer', () => {
  it('delivers text and HTML bodies to a real SMTP server', async () => {
    const smtp = await startSmtpCapture();
    const mailer = new SmtpMailer({ url: smtp.url, from: 'Corisk <no-reply@corisk.test>' });
    try {
      await mailer.send(sample());
      const got = await smtp.waitFor(() => true);
      expect(got.to).toEqual(['ana@example.com']);
      expect(got.subject).toBe('Reset your Corisk password');
      expect(got.text).toContain('Hello <b>Ana</b> & co,');
      expect(got.html).toContain('Hello &lt;b&gt;Ana&lt;/b&gt; &amp; co,');
      expect(got.links).toContain('https://corisk.test/auth/reset-password?access_token=abc.def.ghi&x=1');
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('rejects when the server cannot be reached', async () => {
    const mailer = new SmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'a@b.test' });
    await expect(mailer.send(sample())).rejects.toThrow();
    await mailer.close();
  });
});
