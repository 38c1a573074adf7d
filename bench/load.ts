import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpCapture } from '../test/smtp-capture.js';
import { clientHeaders, createAccountOverHttp, randomIp, signInOverHttp, type HttpAccount } from './support/accounts.js';
import { analyse, renderMap, sampleCompanies, scrapeCompany, searchCompany, validateAccess, type Caller, type CompanyData, type SampleCompany } from './support/assessment.js';
import { startCorisk } from './support/corisk-server.js';
import { adminUrl, createScratchDatabase, postgresReachable } from './support/postgres.js';
import { printFigure, printTable, requireBuild } from './support.js';

/**
 * `npm run bench:load`: LOAD_USERS (default 200) people use ONE built server instance on a fresh
 * PostgreSQL database at once for LOAD_DURATION_S (default 60) seconds. Each has a real account
 * (signed up, confirmed from the mail, signed in) and a client address of their own (X-Forwarded-For,
 * the server trusting the loopback proxy: TRUST_PROXY=127.0.0.1, as behind a load balancer), and
 * loops over a mix of actions with a short think time between them:
 *   - sign in again (10 %),
 *   - look at their plan status (50 %),
 *   - run a full assessment of a sample company, calls 9–13 (40 %).
 * Providers are the embedded ones (COMPANY_SOURCES=sample, GEOCODERS=offline, embedded analyst);
 * SIGNUP_CREDITS and ANALYSIS_RATE_LIMIT_PER_HOUR are set high so the mix is not all 403/429;
 * the server logs at its production default (info) into a file.
 *
 * Printed: per-endpoint counts, status histogram, p50/p95/p99 latency, every 5xx. Then the check
 * that no report was lost: every 200 of call 13 is retrievable with GET /api/reports/{id}, and per
 * user the credits spent (ledger and balance) equal the reports stored. Exits 1 on any 5xx,
 * network error or lost report.
 */
const users = Number(process.env.LOAD_USERS ?? 200);
const durationS = Number(process.env.LOAD_DURATION_S ?? 60);
const thinkMs = Number(process.env.LOAD_THINK_MS ?? 200);
const credits = 1000;

requireBuild();
if (!(await postgresReachable())) {
  console.error(`PostgreSQL is not reachable at ${new URL(adminUrl).host} (BENCH_DATABASE_URL): the load test needs it.`);
  process.exit(1);
}

// --- measurements ---------------------------------------------------------------------------------

interface Stat {
  statuses: Map<string, number>;
  latencies: number[];
}
const stats = new Map<string, Stat>();
const serverErrors: string[] = [];

function record(endpoint: string, status: number | 'network error', ms: number, detail?: string): void {
  let s = stats.get(endpoint);
  if (!s) stats.set(endpoint, (s = { statuses: new Map(), latencies: [] }));
  const key = String(status);
  s.statuses.set(key, (s.statuses.get(key) ?? 0) + 1);
  s.latencies.push(ms);
  if (status === 'network error' || status >= 500) serverErrors.push(`${endpoint} → ${status}${detail ? ` ${detail.slice(0, 200)}` : ''}`);
}

/** Runs one request, records it; returns the response (undefined on a network error). */
async function timed(endpoint: string, send: () => Promise<Response>): Promise<Response | undefined> {
  const started = performance.now();
  try {
    const res = await send();
    // Read the body inside the timing: the user waits for all of it.
    const body = Buffer.from(await res.arrayBuffer());
    record(endpoint, res.status, performance.now() - started, res.status >= 500 ? body.toString('utf8') : undefined);
    return new Response(res.status === 204 ? null : body, { status: res.status, headers: res.headers });
  } catch (err) {
    record(endpoint, 'network error', performance.now() - started, err instanceof Error ? err.message : String(err));
    return undefined;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `fn` over `items` with at most `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

// --- the run --------------------------------------------------------------------------------------

const logDir = mkdtempSync(join(tmpdir(), 'corisk-load-'));
const logFile = join(logDir, 'server.log');
const smtp = await startSmtpCapture();
const database = await createScratchDatabase();
const server = await startCorisk(
  {
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: smtp.url,
    TRUST_PROXY: '127.0.0.1',
    COMPANY_SOURCES: 'sample',
    GEOCODERS: 'offline',
    SIGNUP_CREDITS: String(credits),
    ANALYSIS_RATE_LIMIT_PER_HOUR: '100000',
    LOG_LEVEL: 'info',
  },
  { logFile },
);
let failed = false;
try {
  const samples: SampleCompany[] = await sampleCompanies(server.url);
  const setupStarted = performance.now();
  const accounts: HttpAccount[] = await pool(Array.from({ length: users }), 8, () => createAccountOverHttp(server.url, smtp, { ip: randomIp() }));
  console.log(`\n${users} accounts signed up, confirmed and signed in over HTTP in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

  /** Report ids answered 200 by call 13, per user. */
  const answered = new Map<string, string[]>(accounts.map((a) => [a.userId, []]));
  const deadline = Date.now() + durationS * 1000;

  async function assessment(c: Caller, userId: string): Promise<void> {
    const sample = samples[Math.floor(Math.random() * samples.length)]!;
    const access = await timed('9 POST /api/stripe/validate-service-access', () => validateAccess(c));
    if (access?.status !== 200) return;
    const search = await timed('10 GET /api/search/company/{vat}-{country}', () => searchCompany(c, sample.fiscal_number, sample.country));
    if (search?.status !== 200) return;
    const { links } = (await search.json()) as { links: string[] };
    const scrape = await timed('11 POST /api/scrape/company', () => scrapeCompany(c, links));
    if (scrape?.status !== 200) return;
    const { company_data: company } = (await scrape.json()) as { company_data: CompanyData };
    const map = await timed('12 POST /api/maps/company', () => renderMap(c, company.latitude, company.longitude));
    if (map?.status !== 200) return;
    const png = new Uint8Array(await map.arrayBuffer());
    const result = await timed('13 POST /api/openai/company', () => analyse(c, company, png));
    if (result?.status === 200) answered.get(userId)!.push(((await result.json()) as { id: string }).id);
  }

  async function person(account: HttpAccount): Promise<void> {
    const caller: Caller = { baseUrl: server.url, token: account.token, ip: account.ip };
    // Start spread over the first second, as people do not all click at once.
    await sleep(Math.random() * 1000);
    while (Date.now() < deadline) {
      const roll = Math.random();
      if (roll < 0.1) {
        const res = await timed('POST /api/auth/signin', () =>
          fetch(`${server.url}/api/auth/signin`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...clientHeaders(account.ip) },
            body: JSON.stringify({ email: account.email, password: account.password }),
          }),
        );
        if (res?.status === 200) caller.token = ((await res.json()) as { access_token: string }).access_token;
      } else if (roll < 0.6) {
        await timed('8 GET /api/stripe/plan-status', () => fetch(`${server.url}/api/stripe/plan-status`, { headers: clientHeaders(caller.ip, caller.token) }));
      } else {
        await assessment(caller, account.userId);
      }
      await sleep(Math.random() * 2 * thinkMs);
    }
  }

  console.log(`Load: ${users} users for ${durationS} s (think time 0–${2 * thinkMs} ms) against one built server on PostgreSQL…`);
  const runStarted = performance.now();
  await Promise.all(accounts.map(person));
  const elapsedS = (performance.now() - runStarted) / 1000;

  // --- figures ---
  const all = [...stats.values()];
  const total = all.reduce((a, s) => a + s.latencies.length, 0);
  const sortedAll = all.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(`\nLoad test: ${users} users, ${elapsedS.toFixed(1)} s, ${total} requests (${Math.round(total / elapsedS)} req/s)`);
  printTable(
    ['endpoint', 'count', 'statuses', 'p50', 'p95', 'p99', 'max'],
    [...stats.entries()]
      .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
      .map(([endpoint, s]) => {
        const sorted = [...s.latencies].sort((a, b) => a - b);
        const statuses = [...s.statuses.entries()].sort().map(([k, v]) => `${k}×${v}`).join(' ');
        return [endpoint, String(s.latencies.length), statuses, ms(percentile(sorted, 50)), ms(percentile(sorted, 95)), ms(percentile(sorted, 99)), ms(sorted.at(-1) ?? 0)];
      }),
  );
  const histogram = new Map<string, number>();
  for (const s of all) for (const [k, v] of s.statuses) histogram.set(k, (histogram.get(k) ?? 0) + v);
  console.log(`\n  status histogram: ${[...histogram.entries()].sort().map(([k, v]) => `${k}: ${v}`).join(', ')}`);
  printFigure('all requests p50', ms(percentile(sortedAll, 50)));
  printFigure('all requests p95', ms(percentile(sortedAll, 95)));
  printFigure('all requests p99', ms(percentile(sortedAll, 99)));
  printFigure('5xx and network errors', String(serverErrors.length), '0');
  for (const e of serverErrors.slice(0, 20)) console.log(`    ${e}`);

  // --- no lost report ---
  const ids = [...answered.entries()].flatMap(([userId, list]) => list.map((id) => ({ userId, id })));
  const byUser = new Map(accounts.map((a) => [a.userId, a]));
  const missing = (
    await pool(ids, 20, async ({ userId, id }) => {
      const account = byUser.get(userId)!;
      const res = await fetch(`${server.url}/api/reports/${id}`, { headers: clientHeaders(account.ip, account.token) });
      if (res.status === 200) return undefined;
      // The token may have been replaced by a later sign-in: sign in again once.
      const fresh = await signInOverHttp(server.url, account);
      const again = await fetch(`${server.url}/api/reports/${id}`, { headers: clientHeaders(account.ip, fresh.token) });
      return again.status === 200 ? undefined : `${id}: ${again.status}`;
    })
  ).filter((x): x is string => x !== undefined);
  const rows = await database.query<{ user_id: string; credits: number; reports: number; spends: number; matched: number }>(
    `select u.id as user_id, u.credits,
            (select count(*) from reports r where r.user_id = u.id)::int as reports,
            (select count(*) from credit_ledger l where l.user_id = u.id and l.reason = 'spend')::int as spends,
            (select count(*) from credit_ledger l join reports r on r.id = l.report_id where l.user_id = u.id and l.reason = 'spend')::int as matched
       from users u`,
  );
  const inconsistent = rows.filter(
    (r) => r.spends !== r.reports || r.matched !== r.reports || credits - r.credits !== r.reports || (answered.get(r.user_id)?.length ?? 0) > r.reports,
  );
  const stored = rows.reduce((a, r) => a + r.reports, 0);
  console.log('\nReports');
  printFigure('analyses answered 200', String(ids.length));
  printFigure('reports stored', String(stored));
  printFigure('credits spent (ledger)', String(rows.reduce((a, r) => a + r.spends, 0)));
  printFigure('answered reports not retrievable', String(missing.length), '0');
  printFigure('users whose credits ≠ reports stored', String(inconsistent.length), '0');
  for (const m of missing.slice(0, 10)) console.log(`    missing ${m}`);
  for (const r of inconsistent.slice(0, 10)) console.log(`    user ${r.user_id}: ${JSON.stringify(r)}`);

  const logLines = readFileSync(logFile, 'utf8').split('\n');
  const errorLines = logLines.filter((l) => /"level":(50|60)/.test(l));
  printFigure('server log lines at error level', String(errorLines.length), '0');
  for (const l of errorLines.slice(0, 5)) console.log(`    ${l.slice(0, 300)}`);
  // Warnings by message (and cause): what the server said about the trouble it met.
  const warnings = new Map<string, number>();
  for (const l of logLines.filter((x) => /"level":40/.test(x))) {
    try {
      const entry = JSON.parse(l) as { msg?: string; cause?: { message?: string } };
      const key = `${entry.msg ?? '?'}${entry.cause?.message ? ` (${entry.cause.message})` : ''}`;
      warnings.set(key, (warnings.get(key) ?? 0) + 1);
    } catch {
      // not a JSON log line
    }
  }
  for (const [msg, n] of warnings) console.log(`    server warning ×${n}: ${msg}`);

  failed = serverErrors.length > 0 || missing.length > 0 || inconsistent.length > 0 || stored !== ids.length;
  if (stored !== ids.length) console.log(`  ✖ ${stored - ids.length} report(s) stored without a 200 reaching the client`);
  console.log(failed ? '\n✖ The load test found problems (above).' : '\n✓ No 5xx, no lost report.');
} finally {
  await server.stop();
  await smtp.close();
  await database.drop();
  rmSync(logDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
