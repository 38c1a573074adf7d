import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { projectRoot } from '../src/server/lib/paths.js';
import { freePort, spawnServer, type ServerProcess } from '../test/server-process.js';
import { startSmtpCapture } from '../test/smtp-capture.js';
import { createAccountOverHttp } from './support/accounts.js';
import { analyse, prepareAnalysis, sampleCompanies, type Caller } from './support/assessment.js';
import { portfolioClient } from '../test/portfolio-helpers.js';
import { startCorisk } from './support/corisk-server.js';
import { adminUrl, createScratchDatabase, postgresReachable } from './support/postgres.js';
import { printFigure, printTable, requireBuild } from './support.js';

/**
 * API throughput of an authenticated read on PostgreSQL, as a ratio to a bare Fastify
 * hello-world on the same machine in the same run (target ≥ 0.35).
 *
 * Both servers run in their own process, so autocannon (in this process) never shares an event
 * loop with the server it measures. The real one is the built server (NODE_ENV=production) on a
 * fresh PostgreSQL database; the request is `GET /api/stripe/plan-status` with the access token
 * of an account that signed up, followed its confirmation link and signed in. The bearer check
 * (signature, live session) and the plan computation run on every request; the session and the
 * account come from the per-user read cache (ADR 009), which the database's change notifications
 * keep current, so the steady state makes no round trip to PostgreSQL. The server runs as shipped:
 * started like `npm start` (default NODE_ENV and LOG_LEVEL=info), writing its access line per
 * request to stdout, here a file (the hello-world has no logger). The two are measured in turn, twice, after a
 * warm-up; the figures are the means of the two rounds. A third server gives a reference: bare
 * Fastify running the two SQL statements of an uncached request (session, account) over raw pg,
 * nothing else — what any design reading the database on every request could at best reach.
 *
 * Requests per second swing with whatever else runs on the machine, so the CPU time each request
 * costs is printed too (Linux /proc): the server process, the PostgreSQL backends serving it (when
 * PostgreSQL runs on this machine) and autocannon itself. On a machine with N cores the ratio can
 * not exceed hello-world's total CPU per request over plan-status's.
 *
 * Then the instance serves BENCH_LOAD_ASSESSMENTS (default 300) whole assessments (4 at once) and a
 * BENCH_LOAD_ROWS-row portfolio (default 100), and plan-status is measured again against hello-world
 * (target ≥ 0.35 after load too): what a long-running instance grows must not slow every request.
 * For that the providers are the embedded ones and the account has enough credits.
 *
 * BENCH_DURATION_S (default 10) and BENCH_CONNECTIONS (default 50) change the run.
 */
const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmupS = 3;
const rounds = 2;
const targetRatio = 0.35;
const loadAssessments = Number(process.env.BENCH_LOAD_ASSESSMENTS ?? 300);
const loadRows = Number(process.env.BENCH_LOAD_ROWS ?? 100);

requireBuild();
if (!(await postgresReachable())) {
  console.error(`PostgreSQL is not reachable at ${new URL(adminUrl).host} (BENCH_DATABASE_URL): the throughput bench needs it.`);
  process.exit(1);
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU microseconds per request: server process, PostgreSQL backends, autocannon. */
  cpu: { server: number; postgres: number; client: number };
}

/** User + system CPU time of a process in ms (Linux); 0 where /proc cannot tell. */
function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
  } catch {
    return 0;
  }
}

/** PostgreSQL backends of the bench database, other than the one asking. */
let listBackends: () => Promise<number[]> = async () => [];

async function measure(url: string, headers: Record<string, string>, seconds: number, serverPid?: number, withDb = false): Promise<Run> {
  // A second of load first, so the server's pool has all its connections: their backends are the ones measured.
  if (withDb) await autocannon({ url, headers, connections, duration: 1 });
  const pgPids = withDb ? await listBackends() : [];
  const before = new Map(pgPids.map((p) => [p, cpuMs(p)]));
  const [s0, c0] = [cpuMs(serverPid), process.cpuUsage()];
  const r = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
  const client = process.cpuUsage(c0);
  // A backend that ended during the run (pool idle timeout) no longer tells its CPU: left out.
  const postgres = pgPids.reduce((a, p) => {
    const after = cpuMs(p);
    return a + (after > 0 ? Math.max(0, after - (before.get(p) ?? after)) : 0);
  }, 0);
  const n = Math.max(1, r.requests.total);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    cpu: {
      server: ((cpuMs(serverPid) - s0) * 1000) / n,
      postgres: (postgres * 1000) / n,
      client: (client.user + client.system) / n,
    },
  };
}

async function startBaselines(env: Record<string, string>): Promise<{ url: string; proc: ServerProcess }> {
  const port = await freePort();
  const proc = spawnServer(['--import', 'tsx', 'bench/support/hello-server.ts'], { ...env, PORT: String(port) }, projectRoot);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/`)).ok) return { url, proc };
    } catch {
      // not listening yet
    }
    if (proc.child.exitCode !== null || Date.now() > deadline) throw new Error(`hello-world did not start:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The session id (`sid`) inside an access token (the baseline queries the same session). */
function sessionIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid?: string };
  if (!payload.sid) throw new Error('the access token has no sid');
  return payload.sid;
}

const smtp = await startSmtpCapture();
const database = await createScratchDatabase();
const logDir = mkdtempSync(join(tmpdir(), 'corisk-throughput-'));
const logFile = join(logDir, 'server.log');
const corisk = await startCorisk(
  {
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Corisk <no-reply@corisk.eu>',
    COMPANY_SOURCES: 'sample',
    GEOCODERS: 'offline',
    SIGNUP_CREDITS: '1000',
    ANALYSIS_RATE_LIMIT_PER_HOUR: '100000',
  },
  { asShipped: true, logFile },
);
let baselines: { url: string; proc: ServerProcess } | undefined;
try {
  const account = await createAccountOverHttp(corisk.url, smtp);
  const planUrl = `${corisk.url}/api/stripe/plan-status`;
  const auth = { authorization: `Bearer ${account.token}` };
  const check = await fetch(planUrl, { headers: auth });
  if (check.status !== 200) throw new Error(`plan-status answered ${check.status}: ${await check.text()}`);
  baselines = await startBaselines({ DATABASE_URL: database.url, SESSION_ID: sessionIdOf(account.token), USER_ID: account.userId });
  const helloUrl = `${baselines.url}/`;
  const floorUrl = `${baselines.url}/two-queries`;

  await measure(helloUrl, {}, warmupS);
  await measure(floorUrl, {}, warmupS);
  await measure(planUrl, auth, warmupS);
  listBackends = async () =>
    (
      await database.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database.name])
    ).map((r) => r.pid);
  const helloRuns: Run[] = [];
  const floorRuns: Run[] = [];
  const planRuns: Run[] = [];
  for (let i = 0; i < rounds; i++) {
    helloRuns.push(await measure(helloUrl, {}, durationS, baselines.proc.child.pid));
    floorRuns.push(await measure(floorUrl, {}, durationS, baselines.proc.child.pid, true));
    planRuns.push(await measure(planUrl, auth, durationS, corisk.proc.child.pid, true));
  }
  const mean = (runs: Run[], k: 'rps' | 'p50' | 'p99') => runs.reduce((a, r) => a + r[k], 0) / runs.length;
  const meanCpu = (runs: Run[], k: keyof Run['cpu']) => runs.reduce((a, r) => a + r.cpu[k], 0) / runs.length;
  const cpuTotal = (runs: Run[]) => meanCpu(runs, 'server') + meanCpu(runs, 'postgres') + meanCpu(runs, 'client');
  const helloRps = mean(helloRuns, 'rps');
  const planRps = mean(planRuns, 'rps');
  const ratio = planRps / helloRps;

  console.log(`\nAPI throughput (autocannon, ${connections} connections, ${rounds} × ${durationS} s each, after ${warmupS} s warm-up)`);
  printFigure('bare Fastify hello-world', `${Math.round(helloRps)} req/s`);
  printFigure('GET /api/stripe/plan-status (PostgreSQL)', `${Math.round(planRps)} req/s`);
  printFigure('ratio plan-status / hello-world', ratio.toFixed(2), `≥ ${targetRatio}`);
  const floorRps = mean(floorRuns, 'rps');
  printFigure('reference: bare Fastify + the same 2 queries', `${Math.round(floorRps)} req/s`);
  printFigure('ratio reference / hello-world', (floorRps / helloRps).toFixed(2));
  const us = (n: number) => `${Math.round(n)} µs`;
  if (cpuTotal(helloRuns) > 0 && meanCpu(planRuns, 'server') > 0) {
    printFigure('CPU/request hello-world (server+client)', us(cpuTotal(helloRuns)));
    printFigure('CPU/request plan-status (server+db+client)', us(cpuTotal(planRuns)));
    printFigure('ratio of CPU/request (hello / plan-status)', (cpuTotal(helloRuns) / cpuTotal(planRuns)).toFixed(2));
  }
  console.log('');
  const row = (name: string, r: Run, i: number) => [
    `${name} #${i + 1}`,
    String(Math.round(r.rps)),
    `${r.p50} ms`,
    `${r.p99} ms`,
    String(r.non2xx),
    String(r.errors),
    us(r.cpu.server),
    us(r.cpu.postgres),
    us(r.cpu.client),
  ];
  printTable(
    ['run', 'req/s', 'p50', 'p99', 'non-2xx', 'errors', 'CPU server', 'CPU db', 'CPU client'],
    [
      ...helloRuns.map((r, i) => row('hello-world', r, i)),
      ...floorRuns.map((r, i) => row('2 queries', r, i)),
      ...planRuns.map((r, i) => row('plan-status', r, i)),
    ],
  );

  // The same instance after it served assessments and a portfolio.
  const loadStarted = performance.now();
  const samples = await sampleCompanies(corisk.url);
  const caller: Caller = { baseUrl: corisk.url, token: account.token };
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < loadAssessments) {
        const sample = samples[next++ % samples.length]!;
        const { company, png } = await prepareAnalysis(caller, sample.fiscal_number, sample.country);
        const res = await analyse(caller, company, png);
        if (res.status !== 200) throw new Error(`analysis: HTTP ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
    }),
  );
  const portfolios = portfolioClient(corisk.url, account.token);
  const rows = Array.from({ length: loadRows }, (_, i) => {
    const s = samples[i % samples.length]!;
    return { fiscal_number: s.fiscal_number, country: s.country, reference: `Site ${i + 1}` };
  });
  const portfolioId = await portfolios.create(rows);
  await portfolios.waitUntil(portfolioId, (p) => p.status === 'done', 600_000, 1000);
  const loadS = (performance.now() - loadStarted) / 1000;
  await measure(planUrl, auth, warmupS);
  const helloAfter: Run[] = [];
  const planAfter: Run[] = [];
  for (let i = 0; i < rounds; i++) {
    helloAfter.push(await measure(helloUrl, {}, durationS, baselines.proc.child.pid));
    planAfter.push(await measure(planUrl, auth, durationS, corisk.proc.child.pid, true));
  }
  const ratioAfter = mean(planAfter, 'rps') / mean(helloAfter, 'rps');
  console.log(`
After ${loadAssessments} assessments and a ${loadRows}-row portfolio on the same instance (${loadS.toFixed(0)} s)`);
  printFigure('bare Fastify hello-world', `${Math.round(mean(helloAfter, 'rps'))} req/s`);
  printFigure('GET /api/stripe/plan-status (PostgreSQL)', `${Math.round(mean(planAfter, 'rps'))} req/s`);
  printFigure('ratio plan-status / hello-world, after load', ratioAfter.toFixed(2), `≥ ${targetRatio}`);
  printFigure('ratio, fresh → after load', `${ratio.toFixed(2)} → ${ratioAfter.toFixed(2)}`);
  if (cpuTotal(planAfter) > 0) printFigure('CPU/request plan-status after load', us(cpuTotal(planAfter)));
  console.log('');
  printTable(
    ['run', 'req/s', 'p50', 'p99', 'non-2xx', 'errors', 'CPU server', 'CPU db', 'CPU client'],
    [...helloAfter.map((r, i) => row('hello-world', r, i)), ...planAfter.map((r, i) => row('plan-status after load', r, i))],
  );

  const bad = [...helloRuns, ...floorRuns, ...planRuns, ...helloAfter, ...planAfter].some((r) => r.non2xx > 0 || r.errors > 0);
  if (bad) {
    console.error('\n✖ Some requests failed (non-2xx or connection errors): the figures above are not comparable.');
    process.exitCode = 1;
  }
} finally {
  baselines?.proc.child.kill('SIGTERM');
  await corisk.stop();
  // The server logged as shipped: one access line per request it answered.
  const accessLines = readFileSync(logFile, 'utf8').split('\n').filter((l) => l.includes('"msg":"request"')).length;
  printFigure('server access-log lines written', `${accessLines} (${(statSync(logFile).size / 1e6).toFixed(1)} MB)`);
  rmSync(logDir, { recursive: true, force: true });
  await baselines?.proc.exited;
  await smtp.close();
  await database.drop();
}
