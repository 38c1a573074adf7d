import { describe, expect, it } from 'vitest';
import { signupInput, uniqueIp } from '../../../../test/auth.js';
import { mailboxResponseSchema } from '../../../shared/contracts/dev.js';
import { useTestApp } from '../../../../test/app.js';

describe('dev mailbox (outbox mode, dev tools on)', () => {
  const t = useTestApp({ ENABLE_DEV_TOOLS: 'true', APP_URL: 'http://127.0.0.1:4999' });

  it('lists sent mails with their links as JSON, newest first, filterable by recipient', async () => {
    const a = signupInput();
    const b = signupInput();
    for (const input of [a, b]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: input, remoteAddress: uniqueIp() });
      expect(res.statusCode).toBe(201);
    }
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const box = mailboxResponseSchema.parse(res.json());
    expect(box.mode).toBe('outbox');
    expect(box.mails.map((m) => m.to)).toEqual([b.email, a.email]);
    expect(box.mails[0]!.links[0]).toMatch(/^http:\/\/127\.0\.0\.1:4999\/api\/auth\/confirm\?token=/);

    const only = mailboxResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(a.email.toUpperCase())}` })).json(),
    );
    expect(only.mails.map((m) => m.to)).toEqual([a.email]);
  });

  it('shows the outbox as an HTML page with clickable links, and each mail as its HTML', async () => {
    const input = signupInput({ email: `page-${Date.now()}@example.com` });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: input, remoteAddress: uniqueIp() });
    const box = mailboxResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${input.email}` })).json());
    const mail = box.mails[0]!;

    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Corisk dev mailbox');
    expect(page.body).toContain(`<strong>${input.email}</strong>`);
    expect(page.body).toContain(`<a href="${mail.links[0]}">`);
    expect(page.body).not.toContain('<script');

    const html = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${mail.id}` });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toBe(mail.html);
    const missing = await t.app.inject({ method: 'GET', url: '/dev/mailbox/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('dev mailbox with dev tools off (production default)', () => {
  const t = useTestApp({ ENABLE_DEV_TOOLS: 'false' });

  it('is not served', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupInput(), remoteAddress: uniqueIp() });
    for (const url of ['/dev/mailbox.json', '/dev/mailbox']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('/api/auth/confirm');
      expect(res.body).not.toContain('dev mailbox');
    }
  });
});
