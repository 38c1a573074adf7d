import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.js';

/** ASVS 7.1.1: credentials never reach the logs, even when code logs a whole request. */
const secrets = {
  bearer: 'eyJhbGciOiJIUzI1NiJ9.bearer-secret-7f3a',
  cookie: 'session=cookie-secret-91bc',
  password: 'pw-secret-Hunter2!',
  newPassword: 'new-pw-secret-5521',
  refresh: 'refresh-secret-0d9e',
  access: 'access-secret-c4d2',
  token: 'reset-token-secret-aa71',
  stripe: 't=1,v1=stripe-signature-secret',
};

const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    {
      logStream,
      setup: (app) => {
        // A careless handler that logs the whole request: the logger must still redact.
        app.post('/api/test/careless', async (request) => {
          request.log.info({ headers: request.headers, body: request.body }, 'careless request log');
          request.log.info({ user: { email: 'a@b.eu', password: secrets.password } }, 'nested');
          request.log.info({ password: secrets.password, token: secrets.token }, 'top level');
          return { ok: true };
        });
        app.post('/api/test/fail', async () => {
          throw new Error('boom');
        });
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
});

const headers = {
  authorization: `Bearer ${secrets.bearer}`,
  cookie: secrets.cookie,
  'stripe-signature': secrets.stripe,
};
const body = {
  email: 'someone@example.eu',
  password: secrets.password,
  newPassword: secrets.newPassword,
  session: { refresh_token: secrets.refresh, access_token: secrets.access },
  token: secrets.token,
};

describe('log redaction', () => {
  it('requests with an Authorization header and a password body are logged without them', async () => {
    lines.length = 0;
    for (const url of ['/api/test/careless', '/api/test/fail', '/api/no-such-route']) {
      await t.app.inject({ method: 'POST', url, headers, payload: body });
    }
    const log = lines.join('\n');
    // The requests were logged, with the redacted fields present but censored.
    expect(lines.some((l) => l.includes('careless request log'))).toBe(true);
    expect(lines.some((l) => l.includes('"url":"/api/test/fail"'))).toBe(true);
    expect(log).toContain('"authorization":"[redacted]"');
    expect(log).toContain('"password":"[redacted]"');
    expect(log).toContain('someone@example.eu');
    for (const [name, value] of Object.entries(secrets)) {
      expect(log, `${name} leaked into the log`).not.toContain(value);
    }
  });
});

describe('request URLs in the log', () => {
  it('one-time tokens in links (reset, confirm, checkout) are censored', async () => {
    lines.length = 0;
    const urls = [
      `/auth/reset-password?access_token=${secrets.access}`,
      `/api/auth/confirm?token=${secrets.token}`,
      `/checkout/test?session=${secrets.refresh}&x=1`,
    ];
    for (const url of urls) await t.app.inject({ method: 'GET', url });
    const log = lines.join('\n');
    expect(log).toContain('access_token=[redacted]');
    expect(log).toContain('session=[redacted]&x=1');
    for (const value of [secrets.access, secrets.token, secrets.refresh]) expect(log).not.toContain(value);
  });
});
