import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountOverHttp, signInOverHttp } from '../bench/support/accounts.js';
import { sourceMain, startCorisk, type CoriskServer } from '../bench/support/corisk-server.js';
import { adminUrl, createScratchDatabase, postgresReachable } from '../bench/support/postgres.js';
import { openDatabase, pgliteDirFor } from '../src/server/db/client.js';
import { testEngine } from './db.js';
import { instanceEnv } from './instances.js';
import type { HttpPeer } from './peers/http-peer.js';
import { manySites, portfolioClient, startSlowAnalyst } from './portfolio-helpers.js';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.js';

/**
 * A portfolio survives a SIGKILL of the real server process (src/server/main.ts) in the middle of
 * its rows: after a restart on the same data the run resumes where it stopped, and every row ends
 * with exactly one report and one credit — none assessed twice, none charged twice. On the
 * embedded database (DATA_DIR, the PGlite pass) and on PostgreSQL (the PostgreSQL pass).
 *
 * The analyses go to a local OpenAI-compatible peer answering after 100–300 ms, so at the moment of
 * the kill rows are waiting for it, being stored, or done.
 */

const API_KEY = 'sk-test-corisk-resume';
const ROWS = 40;
const GRANTED = 60;

/** Per portfolio row: its report, and how many reports and spends exist for its request key. */
const auditSql = `select r.id, r.status, r.report_id,
       (select count(*) from reports p where p.request_key = 'portfolio-row:' || r.id)::int as reports,
       (select count(*) from credit_ledger l join reports p on p.id = l.report_id
         where p.request_key = 'portfolio-row:' || r.id and l.reason = 'spend')::int as spends
  from portfolio_rows r`;
type AuditRow = { id: string; status: string; report_id: string | null; reports: number; spends: number };

let reason: string | undefined;
if (testEngine === 'postgres' && !(await postgresReachable())) {
  reason = `PostgreSQL is not reachable at ${new URL(adminUrl).host}`;
  if (process.env.CI) throw new Error(`${reason}; CI runs the portfolio resume test on it.`);
  console.warn(`Portfolio resume test skipped: ${reason}.`);
}

describe.skipIf(reason !== undefined)(`a portfolio across a SIGKILL of the server (${testEngine})`, () => {
  let smtp: SmtpCapture;
  let analyst: HttpPeer;
  let env: Record<string, string>;
  let audit: (server: CoriskServer) => Promise<AuditRow[]>;
  let cleanup: () => Promise<void>;
  const servers: CoriskServer[] = [];

  beforeAll(async () => {
    [smtp, analyst] = await Promise.all([startSmtpCapture(), startSlowAnalyst(API_KEY, 100, 300)]);
    let database: Record<string, string>;
    if (testEngine === 'postgres') {
      const scratch = await createScratchDatabase('corisk_t');
      database = { DATABASE_URL: scratch.url };
      audit = () => scratch.query<AuditRow>(auditSql);
      cleanup = () => scratch.drop();
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), 'corisk-resume-'));
      database = { DATA_DIR: dataDir };
      // PGlite belongs to one process: the server is stopped before the test reads the data.
      audit = async (server) => {
        await server.stop();
        const db = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
        try {
          return ((await db.db.execute(sql.raw(auditSql))) as unknown as { rows: AuditRow[] }).rows;
        } finally {
          await db.close();
        }
      };
      cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
    }
    env = {
      ...database,
      ...instanceEnv(smtp, { url: analyst.url, apiKey: API_KEY }),
      SIGNUP_CREDITS: String(GRANTED),
      PORTFOLIO_CONCURRENCY: '4',
    };
  }, 60_000);

  afterAll(async () => {
    for (const s of servers) await s.kill();
    await analyst?.close();
    await smtp?.close();
    await cleanup?.();
  });

  it('resumes where it stopped: every row assessed once, credits spent = reports stored = rows done', async () => {
    const first = await startCorisk(env, { main: sourceMain });
    servers.push(first);
    env.APP_URL = first.url;
    const account = await createAccountOverHttp(first.url, smtp);
    const before = portfolioClient(first.url, account.token);
    const id = await before.create(manySites(ROWS));

    // Kill the process once some rows are done and others are in flight.
    const midway = await before.waitUntil(id, (p) => p.done >= 6);
    expect(midway.status).toBe('running');
    expect(midway.done).toBeLessThan(ROWS);
    expect(midway.rows.some((r) => r.status === 'running')).toBe(true);
    await first.kill();
    expect(first.proc.child.signalCode).toBe('SIGKILL');

    const second = await startCorisk(env, { main: sourceMain });
    servers.push(second);
    const { token } = await signInOverHttp(second.url, account);
    const after = portfolioClient(second.url, token);
    const done = await after.waitUntil(id, (p) => p.status === 'done', 90_000);
    expect(done).toMatchObject({ total: ROWS, done: ROWS, failed: 0 });
    expect(new Set(done.rows.map((r) => r.report_id)).size).toBe(ROWS);
    expect(await after.reports()).toBe(ROWS);
    expect(await after.credits()).toBe(GRANTED - ROWS);

    // In the database: one report and one spend per row, under the row's request key.
    const rows = await audit(second);
    expect(rows).toHaveLength(ROWS);
    for (const row of rows) expect(row).toMatchObject({ status: 'done', reports: 1, spends: 1 });
  }, 180_000);
});
