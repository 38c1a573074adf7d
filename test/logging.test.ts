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
          throw new Error('boom', { cause: new Error('disk on fire') });
        });
        app.get('/api/test/items/:id', async () => ({ ok: true }));
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
    expect(lines.some((l) => l.includes('"route":"/api/test/fail"'))).toBe(true);
    expect(log).toContain('"authorization":"[redacted]"');
    expect(log).toContain('"password":"[redacted]"');
    expect(log).toContain('someone@example.eu');
    for (const [name, value] of Object.entries(secrets)) {
      expect(log, `${name} leaked into the log`).not.toContain(value);
    }
  });
});

describe('request URLs in the log', () => {
  it('one-time tokens in links (reset, confirm, checkout) never reach the log', async () => {
    lines.length = 0;
    const urls = [
      `/auth/reset-password?access_token=${secrets.access}`,
      `/api/auth/confirm?token=${secrets.token}`,
      `/checkout/test?session=${secrets.refresh}&x=1`,
    ];
    for (const url of urls) await t.app.inject({ method: 'GET', url });
    const log = lines.join('\n');
    expect(log).toContain('"path":"/auth/reset-password"');
    expect(log).toContain('"path":"/checkout/test"');
    for (const value of [secrets.access, secrets.token, secrets.refresh]) expect(log).not.toContain(value);
  });
});

type Line = Record<string, unknown>;
const parsed = () => lines.map((l) => JSON.parse(l) as Line);

describe('the access log', () => {
  it('writes exactly one line per request: method, route pattern, status, time and request id', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/test/items/item-4711?token=abc-secret-77', headers });
    expect(res.statusCode).toBe(200);
    const all = parsed();
    expect(all).toHaveLength(1);
    const [line] = all;
    expect(line).toMatchObject({ level: 30, msg: 'request', method: 'GET', route: '/api/test/items/:id', status: 200 });
    expect(typeof line?.reqId).toBe('string');
    expect(line?.reqId).not.toBe('');
    expect(typeof line?.ms).toBe('number');
    // The route pattern, not the URL: neither the id nor the token is logged.
    expect(lines[0]).not.toContain('item-4711');
    expect(lines[0]).not.toContain('abc-secret-77');
  });

  it('gives each request its own id', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/test/items/1' });
    await t.app.inject({ method: 'GET', url: '/api/test/items/2' });
    const ids = parsed().map((l) => l.reqId);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it('logs a failed request at error level with its cause, then its access line with the status', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/test/fail', payload: {} });
    expect(res.statusCode).toBe(500);
    const all = parsed();
    const error = all.find((l) => l.level === 50);
    expect(error).toBeDefined();
    expect(JSON.stringify(error)).toContain('boom');
    expect(JSON.stringify(error)).toContain('disk on fire');
    const access = all.filter((l) => l.msg === 'request');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ method: 'POST', route: '/api/test/fail', status: 500, reqId: error?.reqId });
  });

  it('logs an unknown path without its query string, with route null', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/nothing-here?token=x-secret-3' });
    const all = parsed();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ msg: 'request', route: null, path: '/api/nothing-here', status: 404 });
    expect(lines[0]).not.toContain('x-secret-3');
  });
});

describe('above info (LOG_LEVEL=warn)', () => {
  it('writes no access line', async () => {
    const quiet: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        quiet.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const w = await createTestApp({ LOG_LEVEL: 'warn' }, { logStream: stream });
    try {
      await w.app.inject({ method: 'GET', url: '/api/health' });
      expect(quiet).toEqual([]);
    } finally {
      await w.close();
    }
  });
});
