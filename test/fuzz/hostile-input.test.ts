import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, uniqueIp, type TestUser } from '../auth.js';
import { useTestApp } from '../app.js';

/**
 * Classic hostile inputs, one named test each (docs/security.md, V5 and V14): the fuzz sends
 * them at random, these pin the answer.
 */

const t = useTestApp();
let user: TestUser;
beforeAll(async () => {
  user = await createSignedInUser(t.app);
});

const postJson = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload, remoteAddress: uniqueIp() });

describe('hostile input', () => {
  it('prototype pollution in a JSON body is refused with 400 and pollutes nothing (ASVS 5.5.x)', async () => {
    for (const payload of [
      '{"email":"a@b.eu","password":"Correct-Horse-42","__proto__":{"isAdmin":true}}',
      '{"email":"a@b.eu","password":"Correct-Horse-42","constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const res = await postJson('/api/auth/signin', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'Request body is not valid JSON', code: 'invalid_json' });
    }
    expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined();
  });

  it('a repeated query parameter (parameter pollution) is a 400 naming it, not a silent pick (ASVS 5.1.1)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reports?page=1&page=2', headers: user.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', detail: expect.stringMatching(/^Invalid page/) });
  });

  it('a body nested 40 000 levels deep (under the size limit) answers 400, not a stack overflow', async () => {
    const depth = 40_000;
    for (const payload of [`${'['.repeat(depth)}${']'.repeat(depth)}`, `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`]) {
      const res = await postJson('/api/auth/signin', payload);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json<{ detail: unknown }>().detail).toBe('string');
    }
  });

  it('unexpected fields are dropped, never stored: a user cannot make themself admin at sign-up (ASVS 4.1.2)', async () => {
    const email = `hostile-${Date.now()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'Eve',
        lastName: 'Mallory',
        email,
        password: 'Correct-Horse-42',
        confirmPassword: 'Correct-Horse-42',
        companyName: 'Mallory Lda',
        fiscalNumber: 'PT123456789',
        isAdmin: true,
        credits: 1_000_000,
      },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(201);
    expect(JSON.stringify(res.json())).not.toMatch(/isAdmin":true|1000000/);
  });

  it('a script in a name comes back as data (JSON), never as markup (ASVS 5.3.3)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a password of any printable Unicode (spaces, accents, emoji) is taken as typed (ASVS 2.1.4)', async () => {
    const password = 'Grüße aus Lisboa 🔐 ☂';
    const account = await createSignedInUser(t.app, { password });
    expect(account.password).toBe(password);
    const wrong = await postJson('/api/auth/signin', JSON.stringify({ email: account.email, password: password.normalize('NFD').slice(0, -1) }));
    expect(wrong.statusCode).toBe(401);
  });

  it('answers do not name the server software or its version (ASVS 14.3.3)', async () => {
    for (const url of ['/api/health', '/home', '/api/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers.server).toBeUndefined();
    }
  });

  it('undeclared HTTP methods are not served (ASVS 14.5.1)', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
      const res = await t.app.inject({ method, url: '/api/auth/me', headers: user.headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});
