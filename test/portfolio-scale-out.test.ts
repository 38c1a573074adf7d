import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountOverHttp } from '../bench/support/accounts.js';
import type { CoriskServer } from '../bench/support/corisk-server.js';
import { instanceEnv, postgresPassSkip, useTwoInstances } from './instances.js';
import type { HttpPeer } from './peers/http-peer.js';
import { manySites, portfolioClient, startSlowAnalyst } from './portfolio-helpers.js';

/**
 * Two server processes on one PostgreSQL share one portfolio: both take rows from the queue, no
 * row is assessed by both, and every row ends with one report and one credit. Runs in the
 * PostgreSQL pass of `npm test` (TEST_DB=postgres).
 */

const API_KEY = 'sk-test-corisk-scale';
const ROWS = 80;

const reason = await postgresPassSkip('the two-instance portfolio test');

/** The rows an instance's log says it assessed (one JSON line each, LOG_LEVEL=info). */
function assessedBy(server: CoriskServer): { rowId: string; replayed: boolean }[] {
  return server.proc
    .output()
    .split('\n')
    .filter((line) => line.includes('"portfolio row assessed"'))
    .map((line) => JSON.parse(line) as { rowId: string; replayed: boolean });
}

describe.skipIf(reason !== undefined)('one portfolio on two instances', () => {
  let analyst: HttpPeer;
  beforeAll(async () => {
    analyst = await startSlowAnalyst(API_KEY, 100, 300);
  });
  afterAll(() => analyst?.close());
  // Both start at once on the empty database: one migrates, and one creates the queue's schema.
  const instances = useTwoInstances((smtp) => ({
    ...instanceEnv(smtp, { url: analyst.url, apiKey: API_KEY }),
    SIGNUP_CREDITS: '100',
    PORTFOLIO_CONCURRENCY: '4',
    LOG_LEVEL: 'info',
  }));

  it('shares the rows between both instances without doing any twice', async () => {
    const { a, b, smtp, database } = instances;
    const account = await createAccountOverHttp(a.url, smtp);
    const viaA = portfolioClient(a.url, account.token);
    const id = await viaA.create(manySites(ROWS));
    const done = await portfolioClient(b.url, account.token).waitUntil(id, (p) => p.status === 'done', 90_000);
    expect(done).toMatchObject({ total: ROWS, done: ROWS, failed: 0 });
    expect(await viaA.reports()).toBe(ROWS);
    expect(await viaA.credits()).toBe(100 - ROWS);

    // Logs are written asynchronously: whole once both processes have exited.
    await Promise.all([a.stop(), b.stop()]);
    const byA = assessedBy(a);
    const byB = assessedBy(b);
    // Both worked on it, and between them assessed each row exactly once.
    expect(byA.length).toBeGreaterThan(0);
    expect(byB.length).toBeGreaterThan(0);
    const all = [...byA, ...byB];
    expect(all).toHaveLength(ROWS);
    expect(new Set(all.map((r) => r.rowId)).size).toBe(ROWS);
    expect(all.every((r) => !r.replayed)).toBe(true);

    const [counts] = await database.query<{ reports: number; spends: number }>(
      `select (select count(*) from reports)::int as reports, (select count(*) from credit_ledger where reason = 'spend')::int as spends`,
    );
    expect(counts).toEqual({ reports: ROWS, spends: ROWS });
  }, 120_000);
});
