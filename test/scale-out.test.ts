import { describe, expect, it } from 'vitest';
import { BENCH_PASSWORD, clientHeaders, createAccountOverHttp, randomEmail, randomIp, signUpConfirmedOverHttp } from '../bench/support/accounts.js';
import { analyse, prepareAnalysis, sampleCompanies, type Caller } from '../bench/support/assessment.js';
import type { CoriskServer } from '../bench/support/corisk-server.js';
import { redisUrl } from '../bench/support/postgres.js';
import { instanceEnv, postgresPassSkip, useTwoInstances } from './instances.js';

/**
 * Two server processes (src/server/main.ts) on one PostgreSQL database with REDIS_URL and the same
 * JWT_SECRET and APP_URL, as behind a load balancer: what one issues the other accepts, the rate
 * limits count across both, and credits stay exact when both spend them at once.
 *
 * Runs in the PostgreSQL pass of `npm test` (TEST_DB=postgres); needs Redis too. Without them it is
 * skipped with a message, except in CI, where it fails.
 */

const reason = await postgresPassSkip('the scale-out test', { redis: true });
if (reason) console.warn(`Scale-out test skipped: ${reason}.`);

describe.skipIf(reason !== undefined)('two instances behind a load balancer', () => {
  const instances = useTwoInstances((smtp) => ({ ...instanceEnv(smtp), REDIS_URL: redisUrl, SIGNUP_CREDITS: '3', ANALYSIS_RATE_LIMIT_PER_HOUR: '100' }));

  it('accepts on one instance the tokens the other issued, and a logout on one ends the session on both', async () => {
    const { a, b, smtp } = instances;
    const ip = randomIp();
    const email = randomEmail('scale');
    // Sign up through A, confirm and sign in through B, use the token on A.
    await signUpConfirmedOverHttp(a.url, smtp, { email, ip });
    const signin = await fetch(`${b.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...clientHeaders(ip) },
      body: JSON.stringify({ email, password: BENCH_PASSWORD }),
    });
    expect(signin.status).toBe(200);
    const session = (await signin.json()) as { access_token: string; refresh_token: string };
    for (const server of [a, b]) {
      const me = await fetch(`${server.url}/api/auth/me`, { headers: clientHeaders(ip, session.access_token) });
      expect(me.status, server.url).toBe(200);
      expect(((await me.json()) as { data: { email: string } }).data.email).toBe(email);
    }

    // Refresh on A with B's refresh token; the rotated one is refused on B.
    const refreshed = await fetch(`${a.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(refreshed.status).toBe(200);
    const pair = (await refreshed.json()) as { access_token: string };
    const again = await fetch(`${b.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(again.status).toBe(401);

    // That reuse ended the session everywhere: a fresh sign-in, then logout on B ends it on A.
    const fresh = await createAccountOverHttp(a.url, smtp, { ip: randomIp() });
    expect((await fetch(`${a.url}/api/auth/me`, { headers: clientHeaders(undefined, pair.access_token) })).status).toBe(401);
    expect((await fetch(`${b.url}/api/auth/me`, { headers: clientHeaders(fresh.ip, fresh.token) })).status).toBe(200);
    const logout = await fetch(`${b.url}/api/auth/logout`, { method: 'POST', headers: clientHeaders(fresh.ip, fresh.token) });
    expect(logout.status).toBe(200);
    const after = await fetch(`${a.url}/api/auth/me`, { headers: clientHeaders(fresh.ip, fresh.token) });
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ detail: expect.any(String) });
  });

  it('counts rate limits across both instances (failed sign-ins of one account)', async () => {
    const { a, b, smtp } = instances;
    const account = await createAccountOverHttp(a.url, smtp, { ip: randomIp() });
    const attempt = (server: CoriskServer, password: string) =>
      fetch(`${server.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...clientHeaders(randomIp()) },
        body: JSON.stringify({ email: account.email, password }),
      });
    // Five failures, split over the two instances: each alone has seen fewer than five.
    const statuses = [];
    for (const server of [a, b, a, b, a]) statuses.push((await attempt(server, 'Wrong-Password-1')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // The account is now paused on both, even with the right password.
    for (const server of [b, a]) {
      const res = await attempt(server, BENCH_PASSWORD);
      expect(res.status, server.url).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await res.json()).toMatchObject({ detail: expect.stringContaining('Too many failed sign-in attempts') });
    }
  });

  it('spends credits exactly when both instances analyse at once: 20 parallel analyses against 3 credits → 3 reports', async () => {
    const { a, b, smtp, database } = instances;
    const ip = randomIp();
    const account = await createAccountOverHttp(a.url, smtp, { ip });
    const [sample] = await sampleCompanies(a.url);
    if (!sample) throw new Error('no sample company');
    const callerA: Caller = { baseUrl: a.url, token: account.token, ip };
    const callerB: Caller = { ...callerA, baseUrl: b.url };
    // Calls 10–12 on A, call 13 on both.
    const { company, png } = await prepareAnalysis(callerA, sample.fiscal_number, sample.country);

    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => analyse(i % 2 ? callerB : callerA, company, png)));
    const statuses = responses.map((r) => r.status);
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { id?: string; detail?: string }[];
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 403)).toHaveLength(17);
    for (const [i, body] of bodies.entries()) if (statuses[i] === 403) expect(body.detail).toEqual(expect.any(String));
    const ids = bodies.filter((_, i) => statuses[i] === 200).map((body) => body.id);

    const [row] = await database.query<{ credits: number; reports: string; spends: string; ledger: string; matched: string }>(
      `select u.credits,
              (select count(*) from reports r where r.user_id = u.id) as reports,
              (select count(*) from credit_ledger l where l.user_id = u.id and l.reason = 'spend') as spends,
              (select coalesce(sum(delta), 0) from credit_ledger l where l.user_id = u.id) as ledger,
              (select count(*) from credit_ledger l join reports r on r.id = l.report_id where l.user_id = u.id) as matched
         from users u where u.id = $1`,
      [account.userId],
    );
    expect(row).toEqual({ credits: 0, reports: '3', spends: '3', ledger: '0', matched: '3' });
    // Every report answered by either instance is there, through either instance.
    for (const [i, id] of ids.entries()) {
      const res = await fetch(`${(i % 2 ? a : b).url}/api/reports/${id}`, { headers: clientHeaders(ip, account.token) });
      expect(res.status).toBe(200);
    }
  }, 60_000);
});
