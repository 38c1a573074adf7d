import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { apiKeys } from '../../db/schema.js';
import type { ApiKeyCreated, ApiKeyList } from '../../../shared/contracts/api-keys.js';
import { apiKeyMessages, MAX_KEYS_PER_USER } from './api-keys.service.js';
import { useTestApp } from '../../../../test/app.js';

/**
 * API keys: made, listed and revoked by their owner with a signed-in session; only a hash of the
 * secret is stored; on /api/v1 a live key is the only credential, and it opens nothing else.
 * Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
 */

const logs: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    logs.push(chunk.toString('utf8'));
    done();
  },
});

// Logs at debug, so every line a request writes is read by the "never in the logs" check.
const t = useTestApp({ LOG_LEVEL: 'debug' }, { logStream });

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

async function createKey(user: TestUser, name = 'Underwriting system'): Promise<ApiKeyCreated> {
  const res = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: user.headers, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ApiKeyCreated>();
}

async function listKeys(user: TestUser): Promise<{ body: string; list: ApiKeyList }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return { body: res.body, list: res.json<ApiKeyList>() };
}

/** Any authenticated /api/v1 call: a report id nobody has answers 404 once the key is accepted. */
const v1Probe = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/assessments/00000000-0000-4000-8000-000000000000', headers });

describe('creating, listing and revoking keys', () => {
  it('answers the secret once; the database holds only its SHA-256; the list never shows it', async () => {
    const user = await createSignedInUser(t.app);
    const key = await createKey(user, '  Broker portal  ');
    expect(key.name).toBe('Broker portal');
    expect(key.secret).toMatch(/^crk_[0-9A-Za-z]{43}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    expect(key.prefix).toHaveLength(12);

    const rows = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secretHash).toBe(createHash('sha256').update(key.secret).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(key.secret);

    const { body, list } = await listKeys(user);
    expect(body).not.toContain(key.secret);
    expect(list.items).toEqual([{ id: key.id, name: 'Broker portal', prefix: key.prefix, created_at: expect.any(String), last_used_at: null }]);
  });

  it('lists the newest first, hides revoked keys, and a revoked key stops working at once', async () => {
    const user = await createSignedInUser(t.app);
    const first = await createKey(user, 'first');
    const second = await createKey(user, 'second');
    expect((await listKeys(user)).list.items.map((k) => k.name)).toEqual(['second', 'first']);
    expect((await v1Probe(bearer(first.secret))).statusCode).toBe(404);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${first.id}`, headers: user.headers });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await listKeys(user)).list.items.map((k) => k.id)).toEqual([second.id]);

    const refused = await v1Probe(bearer(first.secret));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: apiKeyMessages.revoked, code: 'api_key_revoked' });
    // Revoking twice: it is no longer there.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${first.id}`, headers: user.headers })).statusCode).toBe(404);
    expect((await v1Probe(bearer(second.secret))).statusCode).toBe(404);
  });

  it("another user's key cannot be revoked (404) and keeps working", async () => {
    const owner = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const key = await createKey(owner);
    for (const id of [key.id, 'not-a-uuid']) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: other.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: apiKeyMessages.notFound, code: 'api_key_not_found' });
    }
    expect((await listKeys(other)).list.items).toEqual([]);
    expect((await v1Probe(bearer(key.secret))).statusCode).toBe(404);
  });

  it(`holds at most ${MAX_KEYS_PER_USER} live keys per user, with a clear 400; revoking one makes room`, async () => {
    const user = await createSignedInUser(t.app);
    const made = [];
    for (let i = 0; i < MAX_KEYS_PER_USER; i++) made.push(await createKey(user, `key ${i}`));
    const refused = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: user.headers, payload: { name: 'one more' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: apiKeyMessages.limit, code: 'api_key_limit' });
    await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${made[0]!.id}`, headers: user.headers });
    await createKey(user, 'one more');
  });

  it('refuses a missing or overlong name (400 {detail}) and anonymous callers (401)', async () => {
    const user = await createSignedInUser(t.app);
    for (const payload of [{}, { name: '   ' }, { name: 'x'.repeat(81) }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: user.headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ detail: string }>().detail).toEqual(expect.any(String));
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/api-keys', payload: { name: 'x' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/api-keys' })).statusCode).toBe(401);
  });
});

describe('which credential opens what', () => {
  it('a session token is not an API key on /api/v1 (401 saying so)', async () => {
    const user = await createSignedInUser(t.app);
    const res = await v1Probe(user.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: apiKeyMessages.sessionToken, code: 'api_key_invalid' });
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('no key, a malformed key or an unknown key: 401 {detail}', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, apiKeyMessages.missing],
      [{ authorization: 'Basic YTpi' }, apiKeyMessages.missing],
      [bearer('crk_short'), apiKeyMessages.unknown],
      [bearer(`crk_${'A'.repeat(43)}`), apiKeyMessages.unknown],
    ];
    for (const [headers, detail] of cases) {
      const res = await v1Probe(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json<{ detail: string }>().detail).toBe(detail);
    }
  });

  it('an API key opens nothing outside /api/v1 (401 on the session API)', async () => {
    const user = await createSignedInUser(t.app);
    const key = await createKey(user);
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/stripe/plan-status'],
      ['GET', '/api/reports'],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['DELETE', `/api/api-keys/${key.id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(key.secret), ...(method === 'POST' ? { payload: { name: 'x' } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await v1Probe(bearer(key.secret))).statusCode).toBe(404);
  });

  it('records when a key was last used, at most once a minute', async () => {
    const user = await createSignedInUser(t.app);
    const key = await createKey(user);
    await v1Probe(bearer(key.secret));
    const first = (await listKeys(user)).list.items[0]!.last_used_at;
    expect(first).not.toBeNull();
    expect(Date.now() - Date.parse(first!)).toBeLessThan(60_000);
    await v1Probe(bearer(key.secret));
    expect((await listKeys(user)).list.items[0]!.last_used_at).toBe(first);
  });

  it('never writes a secret to the logs', async () => {
    const user = await createSignedInUser(t.app);
    const key = await createKey(user);
    await v1Probe(bearer(key.secret));
    await t.app.inject({ method: 'GET', url: '/api/reports', headers: bearer(key.secret) });
    await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${key.id}`, headers: user.headers });
    await v1Probe(bearer(key.secret));
    const text = logs.join('');
    expect(text.length).toBeGreaterThan(0);
    expect(text).toContain('/api/v1/assessments/:id');
    expect(text).not.toContain(key.secret);
    expect(text).not.toContain(key.secret.slice(12));
  });
});
