import { describe, expect, it } from 'vitest';
import type { ApiKeyCreated } from '../src/shared/contracts/api-keys.js';
import { apiKeyOf, createSignedInUser, signupInput, uniqueIp, type TestUser } from './auth.js';
import { unknownCompany } from './portfolio-helpers.js';
import { useTestApp } from './app.js';

/**
 * Every call that answers 201 names what it created in `Location` (the session API and /api/v1):
 * the list of such calls is read from the whole OpenAPI document, so a new 201 without a case
 * here fails the first test.
 */

const t = useTestApp({ SIGNUP_CREDITS: '5', API_RATE_LIMIT_PER_MINUTE: '1000', WEBHOOK_ALLOW_PRIVATE: 'true' });

type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

/** Each 201 call: make the thing, and where its Location must point (checked with a GET when one exists). */
const cases: Record<string, (user: TestUser) => Promise<{ location: unknown; expected: RegExp; read?: Record<string, string> }>> = {
  'POST /api/auth/signup': async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupInput(), remoteAddress: uniqueIp() });
    expect(res.statusCode, res.body).toBe(201);
    return { location: res.headers.location, expected: /^\/api\/auth\/me$/ };
  },
  'POST /api/api-keys': async (user) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: user.headers, payload: { name: 'loc' } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<ApiKeyCreated>();
    return { location: res.headers.location, expected: new RegExp(`^/api/api-keys/${id}$`), read: user.headers };
  },
  'POST /api/portfolios': async (user) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/portfolios', headers: user.headers, payload: { rows: [unknownCompany] } });
    expect(res.statusCode, res.body).toBe(201);
    return { location: res.headers.location, expected: new RegExp(`^/api/portfolios/${res.json<{ id: string }>().id}$`), read: user.headers };
  },
  'POST /api/v1/assessments': async (user) => {
    const key = await apiKey(user);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/assessments', headers: key, payload: { fiscal_number: '500697256', country: 'PT' } });
    expect(res.statusCode, res.body).toBe(201);
    return { location: res.headers.location, expected: new RegExp(`^/api/v1/assessments/${res.json<{ id: string }>().id}$`), read: key };
  },
  'POST /api/webhooks': async (user) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: user.headers, payload: { url: 'http://127.0.0.1:9/hook' } });
    expect(res.statusCode, res.body).toBe(201);
    return { location: res.headers.location, expected: new RegExp(`^/api/webhooks/${res.json<{ id: string }>().id}$`), read: user.headers };
  },
  'POST /api/v1/webhooks': async (user) => {
    const key = await apiKey(user);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/webhooks', headers: key, payload: { url: 'http://127.0.0.1:9/hook' } });
    expect(res.statusCode, res.body).toBe(201);
    return { location: res.headers.location, expected: new RegExp(`^/api/v1/webhooks/${res.json<{ id: string }>().id}$`), read: key };
  },
};

const apiKey = (user: TestUser) => apiKeyOf(t.app, user, 'loc');

describe('Location on every 201', () => {
  it('the cases below are every call documented with a 201', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/internal/docs/json' })).json<Doc>();
    const created = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => '201' in op.responses)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(created.sort()).toEqual(Object.keys(cases).sort());
  });

  it.each(Object.keys(cases))('%s answers the created resource in Location, and a GET there finds it', async (call) => {
    const user = await createSignedInUser(t.app);
    const { location, expected, read } = await cases[call]!(user);
    expect(location).toMatch(expected);
    if (read) {
      const res = await t.app.inject({ method: 'GET', url: String(location), headers: read });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('an Idempotency-Key replay of POST /api/v1/assessments names the same report', async () => {
    const key = { ...(await apiKey(await createSignedInUser(t.app))), 'idempotency-key': 'loc-replay' };
    const payload = { fiscal_number: '500697256', country: 'PT' };
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/assessments', headers: key, payload });
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/assessments', headers: key, payload });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers.location).toBe(first.headers.location);
  });

  it('POST /api/v1/portfolios (202, queued) names the portfolio to poll', async () => {
    const key = await apiKey(await createSignedInUser(t.app));
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/portfolios', headers: key, payload: { rows: [unknownCompany] } });
    expect(res.statusCode).toBe(202);
    expect(res.headers.location).toBe(`/api/v1/portfolios/${res.json<{ id: string }>().id}`);
    expect((await t.app.inject({ method: 'GET', url: String(res.headers.location), headers: key })).statusCode).toBe(200);
  });
});

describe('GET /api/api-keys/{id}', () => {
  it("one of your live keys, without the secret; another user's or a revoked one is 404", async () => {
    const owner = await createSignedInUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: owner.headers, payload: { name: 'one' } });
    const { id, secret, prefix } = res.json<ApiKeyCreated>();
    const one = await t.app.inject({ method: 'GET', url: `/api/api-keys/${id}`, headers: owner.headers });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ id, name: 'one', prefix, created_at: expect.any(String), last_used_at: null });
    expect(one.body).not.toContain(secret);
    const other = await createSignedInUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/api-keys/${id}`, headers: other.headers })).statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: owner.headers });
    expect((await t.app.inject({ method: 'GET', url: `/api/api-keys/${id}`, headers: owner.headers })).statusCode).toBe(404);
  });
});
