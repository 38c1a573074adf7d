import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHeaders, createAccountOverHttp, signInOverHttp, type HttpAccount } from '../bench/support/accounts.js';
import { analyse, prepareAnalysis, sampleCompanies, type Caller } from '../bench/support/assessment.js';
import { sourceMain, startCorisk, type CoriskServer } from '../bench/support/corisk-server.js';
import { adminUrl, createScratchDatabase, postgresReachable, viaPort, type ScratchDatabase } from '../bench/support/postgres.js';
import { openDatabase, pgliteDirFor } from '../src/server/db/client.js';
import { INDUSTRY_RISKS, LOCATION_RISKS } from '../src/server/providers/analyst/analyst.js';
import { testEngine } from './db.js';
import { instanceEnv } from './instances.js';
import { startHttpPeer, type HttpPeer } from './peers/http-peer.js';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

/**
 * Faults, on the real server process (src/server/main.ts):
 * - SIGKILL while analyses are in flight, then a restart on the same data: every committed report
 *   and account is there, and credits match reports exactly (no credit lost, none spent twice) —
 *   on the embedded database (DATA_DIR, the PGlite pass of `npm test`) and on PostgreSQL (the
 *   PostgreSQL pass, TEST_DB=postgres);
 * - PostgreSQL gone (through a TCP proxy the test cuts): health answers 503, other routes
 *   `{detail}` errors, the process stays up and recovers by itself when the database is back.
 *
 * The analyses go to a local OpenAI-compatible peer (OPENAI_API_KEY, OPENAI_BASE_URL) that answers
 * each after a random 0–500 ms, so at the moment of the kill some analyses are still waiting, some
 * are being stored and some have answered.
 */

const GRANTED = 10;
const API_KEY = 'sk-test-corisk-faults';

/** A valid structured answer for every risk, in OpenAI's chat.completion format. */
function completion(model: string): unknown {
  const rate = (names: readonly string[]) =>
    Object.fromEntries(names.map((name, i) => [name, { likelihood: (i * 2) % 6, impact: (i * 3 + 1) % 6, reasons: [`Rated from the data given for ${name}.`] }]));
  const content = {
    location_risks: rate(LOCATION_RISKS),
    industry_risks: rate(INDUSTRY_RISKS),
    key_takeaways_for_insurers: ['Check the flood defences.', 'Review the fire protection.', 'Confirm the business continuity plan.'],
  };
  return {
    id: `chatcmpl-${randomBytes(8).toString('hex')}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(content), refusal: null }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1000, completion_tokens: 500, total_tokens: 1500 },
  };
}

function startSlowAnalyst(): Promise<HttpPeer> {
  return startHttpPeer((req) => {
    if (req.path !== '/v1/chat/completions' || req.headers.authorization !== `Bearer ${API_KEY}`) {
      return { status: 401, json: { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } } };
    }
    const model = (req.json as { model?: string } | undefined)?.model ?? 'gpt-4o-mini';
    return { json: completion(model), delayMs: Math.floor(Math.random() * 500) };
  });
}

interface Ledger {
  credits: number;
  reports: number;
  spends: number;
  matched: number;
  ledgerSum: number;
}

/** Per user: balance, reports, spend rows, spend rows that name a stored report, sum of the ledger. */
const ledgerSql = `select u.id as user_id, u.credits,
       (select count(*) from reports r where r.user_id = u.id)::int as reports,
       (select count(*) from credit_ledger l where l.user_id = u.id and l.reason = 'spend')::int as spends,
       (select count(*) from credit_ledger l join reports r on r.id = l.report_id where l.user_id = u.id and l.reason = 'spend')::int as matched,
       (select coalesce(sum(l.delta), 0) from credit_ledger l where l.user_id = u.id)::int as ledger_sum
  from users u`;

type LedgerRow = { user_id: string; credits: number; reports: number; spends: number; matched: number; ledger_sum: number };

const toLedgers = (rows: LedgerRow[]) =>
  new Map(rows.map((r) => [r.user_id, { credits: r.credits, reports: r.reports, spends: r.spends, matched: r.matched, ledgerSum: r.ledger_sum }]));

/** What each engine needs: the server's database settings and a way to read the ledger. */
interface Engine {
  env: Record<string, string>;
  /** Reads the ledger; `server` is the running server (PGlite cannot be opened while it runs: it is stopped first). */
  ledgers(server: CoriskServer): Promise<Map<string, Ledger>>;
  cleanup(): Promise<void>;
}

async function pgliteEngine(): Promise<Engine> {
  const dataDir = mkdtempSync(join(tmpdir(), 'corisk-faults-'));
  return {
    env: { DATA_DIR: dataDir },
    ledgers: async (server) => {
      await server.stop();
      const database = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
      try {
        const result = await database.db.execute<LedgerRow>(sql.raw(ledgerSql));
        return toLedgers((result as unknown as { rows: LedgerRow[] }).rows);
      } finally {
        await database.close();
      }
    },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresEngine(): Promise<Engine> {
  const database = await createScratchDatabase('corisk_t');
  return {
    env: { DATABASE_URL: database.url },
    ledgers: async () => toLedgers(await database.query<LedgerRow>(ledgerSql)),
    cleanup: () => database.drop(),
  };
}

let pgReason: string | undefined;
if (testEngine === 'postgres' && !(await postgresReachable())) {
  pgReason = `PostgreSQL is not reachable at ${new URL(adminUrl).host}`;
  if (process.env.CI) throw new Error(`${pgReason}; CI runs the fault tests on it.`);
  console.warn(`PostgreSQL fault tests skipped: ${pgReason}.`);
}

describe.runIf(testEngine === 'pglite' || (testEngine === 'postgres' && !pgReason))(`SIGKILL during analyses, then a restart (${testEngine})`, () => {
  let smtp: SmtpCapture;
  let analyst: HttpPeer;
  let engine: Engine;
  let env: Record<string, string>;
  const servers: CoriskServer[] = [];

  beforeAll(async () => {
    [smtp, analyst, engine] = await Promise.all([startSmtpCapture(), startSlowAnalyst(), testEngine === 'postgres' ? postgresEngine() : pgliteEngine()]);
    env = {
      ...engine.env,
      ...instanceEnv(smtp, { url: analyst.url, apiKey: API_KEY }),
      SIGNUP_CREDITS: String(GRANTED),
      ANALYSIS_RATE_LIMIT_PER_HOUR: '100',
    };
  });

  afterAll(async () => {
    for (const s of servers) await s.kill();
    await analyst?.close();
    await smtp?.close();
    await engine?.cleanup();
  });

  it('keeps every committed report and account, and credits equal to reports, across a SIGKILL', async () => {
    const first = await startCorisk(env, { main: sourceMain });
    servers.push(first);
    // Same public address across restarts (the company links carry it).
    env.APP_URL = first.url;
    const [ana, bob] = await Promise.all([createAccountOverHttp(first.url, smtp), createAccountOverHttp(first.url, smtp)]);
    const [sample] = await sampleCompanies(first.url);
    if (!sample) throw new Error('no sample company');
    const caller = (server: CoriskServer, a: HttpAccount): Caller => ({ baseUrl: server.url, token: a.token });
    const { company, png } = await prepareAnalysis(caller(first, ana), sample.fiscal_number, sample.country);

    // Bob's report is committed well before the crash.
    const bobReport = await analyse(caller(first, bob), company, png);
    expect(bobReport.status).toBe(200);
    const bobReportId = ((await bobReport.json()) as { id: string }).id;

    // 14 analyses for Ana at once (she has 10 credits); kill the process when the first answers.
    const answered: string[] = [];
    let firstAnswer!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (firstAnswer = resolve));
    const inflight = Array.from({ length: 14 }, () =>
      analyse(caller(first, ana), company, png).then(
        async (res) => {
          if (res.status === 200) {
            answered.push(((await res.json()) as { id: string }).id);
            firstAnswer();
          }
          return res.status;
        },
        () => 'cut' as const,
      ),
    );
    await firstAnswered;
    await first.kill();
    const outcomes = await Promise.all(inflight);
    expect(first.proc.child.signalCode).toBe('SIGKILL');
    // Some were cut mid-flight (the test would prove nothing otherwise).
    expect(outcomes).toContain('cut');

    // Restart on the same data.
    const second = await startCorisk(env, { main: sourceMain });
    servers.push(second);
    // Accounts are there: both sign in again.
    const [ana2, bob2] = await Promise.all([signInOverHttp(second.url, ana), signInOverHttp(second.url, bob)]);
    // Every report that was answered with 200 is there.
    for (const [who, id] of [...answered.map((id) => [ana2, id] as const), [bob2, bobReportId] as const]) {
      const res = await fetch(`${second.url}/api/reports/${id}`, { headers: clientHeaders(undefined, who.token) });
      expect(res.status, id).toBe(200);
    }
    // Credits and reports agree, over the API.
    const stored = async (token: string) => {
      const list = (await (await fetch(`${second.url}/api/reports?page_size=100`, { headers: clientHeaders(undefined, token) })).json()) as { total: number };
      const plan = (await (await fetch(`${second.url}/api/stripe/plan-status`, { headers: clientHeaders(undefined, token) })).json()) as { credits: number };
      return { reports: list.total, credits: plan.credits };
    };
    const anaAfterCrash = await stored(ana2.token);
    expect(anaAfterCrash.reports).toBeGreaterThanOrEqual(answered.length);
    expect(anaAfterCrash.credits).toBe(GRANTED - anaAfterCrash.reports);
    expect(await stored(bob2.token)).toEqual({ reports: 1, credits: GRANTED - 1 });

    // The rest of Ana's credits still buy exactly that many reports.
    const left = anaAfterCrash.credits;
    const more = await Promise.all(Array.from({ length: left + 3 }, () => analyse({ baseUrl: second.url, token: ana2.token }, company, png)));
    const statuses = more.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(left);
    expect(statuses.filter((s) => s === 403)).toHaveLength(3);
    expect(await stored(ana2.token)).toEqual({ reports: GRANTED, credits: 0 });

    // And in the database: the balance is the ledger's sum, one spend row per stored report.
    const ledgers = await engine.ledgers(second);
    expect(ledgers.get(ana.userId)).toEqual({ credits: 0, reports: GRANTED, spends: GRANTED, matched: GRANTED, ledgerSum: 0 });
    expect(ledgers.get(bob.userId)).toEqual({ credits: GRANTED - 1, reports: 1, spends: 1, matched: 1, ledgerSum: GRANTED - 1 });
  }, 150_000);
});

describe.runIf(testEngine === 'postgres' && !pgReason)('PostgreSQL down and back (TCP proxy between server and database)', () => {
  let database: ScratchDatabase;
  let proxy: TcpProxy;
  let smtp: SmtpCapture;
  let server: CoriskServer;
  let account: HttpAccount;

  beforeAll(async () => {
    [database, smtp] = await Promise.all([createScratchDatabase('corisk_t'), startSmtpCapture()]);
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    server = await startCorisk(
      { DATABASE_URL: viaPort(database.url, proxy.port), JWT_SECRET: randomBytes(32).toString('hex'), SMTP_URL: smtp.url, TRUST_PROXY: '127.0.0.1' },
      { main: sourceMain },
    );
    account = await createAccountOverHttp(server.url, smtp);
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await proxy?.stop();
    await smtp?.close();
    await database?.drop();
  });

  const get = (path: string, token?: string) => fetch(`${server.url}${path}`, { headers: clientHeaders(undefined, token), signal: AbortSignal.timeout(30_000) });

  async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return Date.now() - started;
  }

  async function expectDetailErrors(): Promise<void> {
    const health = await get('/api/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await health.json()).toMatchObject({ detail: 'Database unavailable' });
    const calls: [string, () => Promise<Response>][] = [
      ['plan status', () => get('/api/stripe/plan-status', account.token)],
      ['reports', () => get('/api/reports', account.token)],
      [
        'sign-in',
        () =>
          fetch(`${server.url}/api/auth/signin`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: account.email, password: account.password }),
            signal: AbortSignal.timeout(30_000),
          }),
      ],
    ];
    // At once, as clients would keep coming: each must end with a 503 {detail}.
    const answers = await Promise.all(
      calls.map(async ([name, call]) => {
        const res = await call();
        return { name, status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
      }),
    );
    for (const answer of answers) {
      expect(answer).toEqual({
        name: answer.name,
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/),
        body: { detail: expect.any(String), code: 'database_unavailable' },
      });
    }
    // What needs no database still answers.
    expect((await get('/api/config')).status).toBe(200);
  }

  async function expectRecovered(): Promise<void> {
    await until(async () => (await get('/api/health')).status === 200, 20_000);
    expect((await get('/api/stripe/plan-status', account.token)).status).toBe(200);
    expect((await get('/api/reports', account.token)).status).toBe(200);
    expect(server.proc.child.exitCode).toBeNull();
  }

  it('answers 503 from health and {detail} errors while the database is unreachable, and recovers when it returns', async () => {
    expect((await get('/api/stripe/plan-status', account.token)).status).toBe(200);
    await proxy.stop();
    await expectDetailErrors();
    expect(server.proc.child.exitCode).toBeNull();
    await proxy.start();
    await expectRecovered();
  }, 60_000);

  it('does the same when the database hangs (connections open, no answers)', async () => {
    proxy.blackhole();
    // Connections of the pool that stopped answering: requests must still end.
    await expectDetailErrors();
    expect(server.proc.child.exitCode).toBeNull();
    await proxy.stop();
    await proxy.start();
    await expectRecovered();
  }, 90_000);
});
