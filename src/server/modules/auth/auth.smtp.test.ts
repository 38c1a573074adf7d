import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { signupInput, uniqueIp } from '../../../../test/auth.js';
import { startSmtpCapture, type SmtpCapture } from '../../../../test/smtp-capture.js';
import { authMessages } from '../../../shared/contracts/auth.js';
import { users } from '../../db/schema.js';
import { providersOf } from '../../../../test/providers.js';

/** Mail through a real SMTP server (smtp-server on a random localhost port), as in production. */
let smtp: SmtpCapture;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Corisk <no-reply@corisk.test>',
    APP_URL: 'http://localhost:3999',
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: uniqueIp() });

describe('mail over SMTP', () => {
  it('delivers the confirmation mail (text + branded HTML); following its link activates the account', async () => {
    expect(providersOf(t.app).mailer.kind).toBe('smtp');
    const input = signupInput();
    expect((await post('/api/auth/signup', input)).statusCode).toBe(201);

    const mail = await smtp.waitFor((m) => m.to.includes(input.email));
    expect(mail.from).toBe('no-reply@corisk.test');
    expect(mail.subject).toBe('Confirm your Corisk account');
    expect(mail.raw).toMatch(/^From: Corisk <no-reply@corisk\.test>/m);
    expect(mail.raw).toMatch(/multipart\/alternative/);
    expect(mail.html).toContain('Confirm my account');
    expect(mail.html).toContain('Empowering Insurance Professionals');
    expect(mail.text).not.toContain(input.password);
    const link = mail.links.find((l) => l.startsWith('http://localhost:3999/api/auth/confirm?token='));
    expect(link).toBeDefined();
    // The HTML button points at the same link.
    expect(mail.html).toContain(`href="${link!.replace(/&/g, '&amp;')}"`);

    const url = new URL(link!);
    const confirm = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/auth/confirm');
    const signin = await post('/api/auth/signin', { email: input.email, password: input.password });
    expect(signin.statusCode).toBe(200);
  });

  it('delivers the reset mail whose link sets a new password', async () => {
    const input = signupInput();
    await post('/api/auth/signup', input);
    await post('/api/auth/password-recovery', { email: input.email });
    const mail = await smtp.waitFor((m) => m.to.includes(input.email) && /Reset your/.test(m.subject));
    const link = new URL(mail.links.find((l) => l.includes('/auth/reset-password?access_token='))!);
    expect(link.origin + link.pathname).toBe('http://localhost:3999/auth/reset-password');
    const token = link.searchParams.get('access_token')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { authorization: `Bearer ${token}` },
      payload: { password: 'Over-smtp-pass-1', access_token: token },
    });
    expect(res.statusCode).toBe(200);
    expect((await post('/api/auth/signin', { email: input.email, password: 'Over-smtp-pass-1' })).statusCode).toBe(200);
  });
});

describe('shutdown', () => {
  it('delivers mails still being sent in the background before the app closes', async () => {
    const other = await createTestApp({ SMTP_URL: smtp.url });
    const input = signupInput();
    await other.app.inject({ method: 'POST', url: '/api/auth/signup', payload: input, remoteAddress: uniqueIp() });
    const res = await other.app.inject({ method: 'POST', url: '/api/auth/password-recovery', payload: { email: input.email }, remoteAddress: uniqueIp() });
    expect(res.statusCode).toBe(200);
    await other.close();
    const mail = await smtp.waitFor((m) => m.to.includes(input.email) && /Reset your/.test(m.subject), 1000);
    expect(mail.links.some((l) => l.includes('/auth/reset-password?access_token='))).toBe(true);
  });
});

describe('when the SMTP server cannot be reached', () => {
  it('answers 503 {detail} and undoes the sign-up, so trying again later starts afresh', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const deadPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));

    const down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${deadPort}` });
    try {
      const input = signupInput();
      const res = await down.app.inject({ method: 'POST', url: '/api/auth/signup', payload: input, remoteAddress: uniqueIp() });
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toBe(authMessages.mailUnavailable);
      const rows = await down.database.db.select().from(users).where(eq(users.email, input.email));
      expect(rows).toEqual([]);
      // Recovery keeps its one answer even though its mail cannot go out.
      const rec = await down.app.inject({ method: 'POST', url: '/api/auth/password-recovery', payload: { email: input.email }, remoteAddress: uniqueIp() });
      expect(rec.statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});
