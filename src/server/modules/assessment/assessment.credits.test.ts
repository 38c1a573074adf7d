import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessmentMessages } from '../../../shared/contracts/assessment-api.js';
import { createTestApp, type TestApp, useTestApp } from '../../../../test/app.js';
import { createSignedInUser } from '../../../../test/auth.js';
import { analyse, creditsOf, reportCount } from '../../../../test/assessment-helpers.js';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../test/peers/openai.js';

/**
 * Credits and limits of the analysis call (POST /api/openai/company): the credit is spent in
 * the transaction that stores the report, so parallel requests never overspend and a failed
 * analysis spends nothing; the per-user rolling-hour limit answers 429 with the app's
 * user_message and a Retry-After. Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
 */

const edp = { company: 'PT500697256', location: 'Portugal', company_name: 'EDP, S.A.', address: 'Avenida 24 de Julho, 12, 1249-300 Lisboa', latitude: 38.7071, longitude: -9.1527 };

describe('credits', () => {
  const t = useTestApp({ SIGNUP_CREDITS: '3', ANALYSIS_RATE_LIMIT_PER_HOUR: '100' });

  it('30 parallel analyses against 3 credits store exactly 3 reports and spend exactly 3 credits', async () => {
    // Warm the engine's data first (a listening server does it at start; inject does not listen).
    expect((await analyse(t.app, await createSignedInUser(t.app), edp)).statusCode).toBe(200);
    const user = await createSignedInUser(t.app);
    expect(await creditsOf(t.app, user)).toBe(3);
    const responses = await Promise.all(Array.from({ length: 30 }, () => analyse(t.app, user, edp)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(responses.filter((r) => r.statusCode !== 200 && r.statusCode !== 403).map((r) => r.body)).toEqual([]);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 403)).toBe(true);
    for (const r of responses.filter((x) => x.statusCode === 403)) {
      expect(r.json().detail).toBe('Your free trial credits are used up. Subscribe to a plan to run more assessments.');
    }
    expect(await creditsOf(t.app, user)).toBe(0);
    expect(await reportCount(t.app, user)).toBe(3);
    const ids = new Set(responses.filter((r) => r.statusCode === 200).map((r) => r.json().id));
    expect(ids.size).toBe(3);
    // The ledger agrees: three spends, each naming its report.
    const ledger = await t.database.db.query.creditLedger.findMany({ where: (l, { and, eq }) => and(eq(l.userId, user.user_id), eq(l.reason, 'spend')) });
    expect(new Set(ledger.map((l) => l.reportId))).toEqual(ids);
  });

  it('refuses with 403 {detail} when no credit is left, before reading the image', async () => {
    const user = await createSignedInUser(t.app);
    for (let i = 0; i < 3; i++) expect((await analyse(t.app, user, edp)).statusCode).toBe(200);
    const res = await analyse(t.app, user, edp, { payload: Buffer.from('not even multipart'), headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Your free trial credits are used up. Subscribe to a plan to run more assessments.', code: 'access_denied' });
  });
});

describe('the rolling-hour analysis limit', () => {
  const t = useTestApp({ SIGNUP_CREDITS: '10', ANALYSIS_RATE_LIMIT_PER_HOUR: '2' });

  it('answers 429 with user_message and Retry-After beyond the limit, per user, spending nothing', async () => {
    const user = await createSignedInUser(t.app);
    expect((await analyse(t.app, user, edp)).statusCode).toBe(200);
    expect((await analyse(t.app, user, edp)).statusCode).toBe(200);
    const limited = await analyse(t.app, user, edp);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      detail: expect.stringMatching(/^You have reached the limit of 2 analyses per hour\. Please try again in (59|60) minutes\.$/),
      code: 'rate_limited',
      user_message: assessmentMessages.rateLimited,
    });
    expect(assessmentMessages.rateLimited).toBe("Hold your horses! We're still tuning our engines for better performance.");
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await creditsOf(t.app, user)).toBe(8);
    // Another user has their own allowance.
    const other = await createSignedInUser(t.app);
    expect((await analyse(t.app, other, edp)).statusCode).toBe(200);
  });

  it('checks the limit before the credits', async () => {
    const small = await createTestApp({ SIGNUP_CREDITS: '2', ANALYSIS_RATE_LIMIT_PER_HOUR: '2' });
    try {
      const user = await createSignedInUser(small.app);
      expect((await analyse(small.app, user, edp)).statusCode).toBe(200);
      expect((await analyse(small.app, user, edp)).statusCode).toBe(200);
      // No credit left and the limit reached: the limit answers first.
      expect((await analyse(small.app, user, edp)).statusCode).toBe(429);
    } finally {
      await small.close();
    }
  });
});

describe('a failed analysis', () => {
  let t: TestApp;
  let peer: OpenAiPeer;
  beforeAll(async () => {
    peer = await startOpenAiPeer(() => ({}));
    t = await createTestApp({ SIGNUP_CREDITS: '3', ANALYSIS_RATE_LIMIT_PER_HOUR: '100', OPENAI_API_KEY: peer.apiKey, OPENAI_BASE_URL: peer.baseUrl });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('spends nothing and stores nothing', async () => {
    const user = await createSignedInUser(t.app);
    for (const mode of ['server_error', 'not_json', 'rate_limited'] as const) {
      peer.mode = mode;
      const res = await analyse(t.app, user, edp);
      expect(res.statusCode, mode).toBe(mode === 'rate_limited' ? 429 : 502);
    }
    expect(await creditsOf(t.app, user)).toBe(3);
    expect(await reportCount(t.app, user)).toBe(0);
  });
});
