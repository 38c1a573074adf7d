import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { signUpConfirmed, signupInput, uniqueEmail, uniqueIp } from '../../../../test/auth.js';
import { defaultAuthRateLimits } from './auth.service.js';
import { providersOf } from '../../../../test/providers.js';

/** Small limits so the tests stay quick; the rules are the production ones (see defaultAuthRateLimits). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      deps: {
        authRateLimits: {
          signinPerIp: { max: 6, windowS: 300 },
          signinFailuresPerEmail: { max: 3, windowS: 900, extendOnHit: true },
          signupPerIp: { max: 2, windowS: 3600 },
          recoveryPerIp: { max: 4, windowS: 3600 },
          recoveryPerEmail: { max: 2, windowS: 3600 },
          passwordChangeFailuresPerUser: { max: 2, windowS: 900, extendOnHit: true },
        },
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });

function expect429(res: { statusCode: number; headers: Record<string, unknown>; json(): { detail: string } }, detail: RegExp) {
  expect(res.statusCode).toBe(429);
  expect(res.json().detail).toMatch(detail);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('default limits', () => {
  it('let a whole office sign in from one address but stop guessing on one account', () => {
    expect(defaultAuthRateLimits.signinPerIp).toEqual({ max: 60, windowS: 300 });
    expect(defaultAuthRateLimits.signinFailuresPerEmail).toEqual({ max: 5, windowS: 900, extendOnHit: true });
    expect(defaultAuthRateLimits.recoveryPerEmail).toEqual({ max: 3, windowS: 3600 });
  });
});

describe('sign-in', () => {
  it('pauses an account after a handful of failures, even with the right password, whatever the IP', async () => {
    const input = await signUpConfirmed(t.app);
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/auth/signin', { email: input.email, password: `Wrong-${i}-pass` }, uniqueIp());
      expect(res.statusCode).toBe(401);
    }
    const locked = await post('/api/auth/signin', { email: input.email, password: input.password }, uniqueIp());
    expect429(locked, /^Too many failed sign-in attempts for this account\. Please try again in 15 minutes\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(890);
    // Other accounts are not affected.
    const other = await signUpConfirmed(t.app);
    expect((await post('/api/auth/signin', { email: other.email, password: other.password }, uniqueIp())).statusCode).toBe(200);
  });

  it('counts failures for unknown addresses the same way (no hint that an account exists)', async () => {
    const email = uniqueEmail('unknown');
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/auth/signin', { email, password: 'Wrong-pass-1' }, uniqueIp())).statusCode).toBe(401);
    }
    expect((await post('/api/auth/signin', { email, password: 'Wrong-pass-1' }, uniqueIp())).statusCode).toBe(429);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const input = await signUpConfirmed(t.app);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) {
        expect((await post('/api/auth/signin', { email: input.email, password: 'Wrong-pass-1' }, uniqueIp())).statusCode).toBe(401);
      }
      expect((await post('/api/auth/signin', { email: input.email, password: input.password }, uniqueIp())).statusCode).toBe(200);
    }
  });

  it('limits attempts per IP', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 6; i++) {
      const res = await post('/api/auth/signin', { email: uniqueEmail(), password: 'Whatever-1' }, ip);
      expect(res.statusCode).toBe(401);
    }
    expect429(await post('/api/auth/signin', { email: uniqueEmail(), password: 'Whatever-1' }, ip), /from this network/);
    expect((await post('/api/auth/signin', { email: uniqueEmail(), password: 'Whatever-1' }, uniqueIp())).statusCode).toBe(401);
  });
});

describe('sign-up', () => {
  it('limits sign-ups per IP', async () => {
    const ip = uniqueIp();
    expect((await post('/api/auth/signup', signupInput(), ip)).statusCode).toBe(201);
    expect((await post('/api/auth/signup', signupInput(), ip)).statusCode).toBe(201);
    expect429(await post('/api/auth/signup', signupInput(), ip), /^Too many sign-up attempts from this network\. Please try again in 60 minutes\.$/);
  });
});

describe('password recovery', () => {
  it('limits requests per e-mail (known or not) and per IP', async () => {
    const input = await signUpConfirmed(t.app);
    for (const email of [input.email, uniqueEmail('nobody')]) {
      expect((await post('/api/auth/password-recovery', { email }, uniqueIp())).statusCode).toBe(200);
      expect((await post('/api/auth/password-recovery', { email }, uniqueIp())).statusCode).toBe(200);
      expect429(await post('/api/auth/password-recovery', { email }, uniqueIp()), /Too many password reset requests/);
    }
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) {
      expect((await post('/api/auth/password-recovery', { email: uniqueEmail() }, ip)).statusCode).toBe(200);
    }
    expect429(await post('/api/auth/password-recovery', { email: uniqueEmail() }, ip), /Too many password reset requests/);
  });
});

describe('password change', () => {
  it('pauses after repeated wrong current passwords', async () => {
    const input = await signUpConfirmed(t.app);
    const signin = await post('/api/auth/signin', { email: input.email, password: input.password }, uniqueIp());
    const headers = { authorization: `Bearer ${signin.json().access_token}` };
    for (let i = 0; i < 2; i++) {
      const res = await post('/api/auth/update-password', { current_password: 'Wrong-pass-1', new_password: 'Another-pass-1' }, uniqueIp(), headers);
      expect(res.statusCode).toBe(400);
    }
    const res = await post('/api/auth/update-password', { current_password: input.password, new_password: 'Another-pass-1' }, uniqueIp(), headers);
    expect429(res, /Too many incorrect password attempts/);
  });
});

describe('with REDIS_URL, several instances share the counters', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const limits = { signinFailuresPerEmail: { max: 2, windowS: 60, extendOnHit: true } };

  it('a pause earned on one instance holds on the other', async ({ skip }) => {
    const up = await new Promise<boolean>((resolve) => {
      const u = new URL(redisUrl);
      const s = net.connect({ host: u.hostname, port: Number(u.port || 6379), timeout: 1000 });
      s.on('connect', () => (s.destroy(), resolve(true)));
      s.on('error', () => resolve(false));
      s.on('timeout', () => (s.destroy(), resolve(false)));
    });
    if (!up) {
      if (process.env.CI) throw new Error(`Redis is not reachable at ${redisUrl}; CI runs this test against it.`);
      console.warn(`Redis not reachable at ${redisUrl}: shared-counter test skipped (it runs in CI).`);
      skip();
    }
    const a = await createTestApp({ REDIS_URL: redisUrl }, { deps: { authRateLimits: limits } });
    const b = await createTestApp({ REDIS_URL: redisUrl }, { deps: { authRateLimits: limits } });
    try {
      expect(providersOf(a.app).rateLimitStore.kind).toBe('redis');
      const email = uniqueEmail('shared');
      const attempt = (x: TestApp) =>
        x.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: 'Wrong-pass-1' }, remoteAddress: uniqueIp() });
      expect((await attempt(a)).statusCode).toBe(401);
      expect((await attempt(b)).statusCode).toBe(401);
      expect((await attempt(a)).statusCode).toBe(429);
      expect((await attempt(b)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
