import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpCapture } from '../test/smtp-capture.js';
import { createAccountOverHttp, randomIp } from './support/accounts.js';
import { analyse, prepareAnalysis, sampleCompanies, validateAccess, type Caller } from './support/assessment.js';
import { startCorisk } from './support/corisk-server.js';
import { median, printFigure, printTable, requireBuild } from './support.js';

/**
 * Whole assessments per second (calls 9–13 over HTTP) with BENCH_CLIENTS (default 4) clients at
 * once, each its own signed-in account looping over the sample companies without think time,
 * against the built server started as `npm start` starts it (embedded database in a fresh
 * DATA_DIR, LOG_LEVEL info to a file), with the embedded providers and enough credits. A warm-up
 * first (the engine's data loaded, the workers up), then BENCH_DURATION_S (default 15) seconds
 * counted. The server's CPU time per assessment is printed too: a busy machine does not inflate it.
 */
const clients = Number(process.env.BENCH_CLIENTS ?? 4);
const durationS = Number(process.env.BENCH_DURATION_S ?? 15);
const warmupAssessments = 12;
const target = 60;

requireBuild();

/** User + system CPU time of a process in ms (Linux /proc; 0 elsewhere). Includes its worker threads. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
  } catch {
    return 0;
  }
}

const temp = mkdtempSync(join(tmpdir(), 'corisk-bench-assess-'));
const smtp = await startSmtpCapture();
const server = await startCorisk(
  {
    DATA_DIR: join(temp, 'data'),
    SMTP_URL: smtp.url,
    TRUST_PROXY: '127.0.0.1',
    COMPANY_SOURCES: 'sample',
    GEOCODERS: 'offline',
    SIGNUP_CREDITS: '1000',
    ANALYSIS_RATE_LIMIT_PER_HOUR: '100000',
  },
  { asShipped: true, logFile: join(temp, 'server.log') },
);
try {
  const samples = await sampleCompanies(server.url);
  const callers: Caller[] = [];
  for (let i = 0; i < clients; i++) {
    const ip = randomIp();
    const account = await createAccountOverHttp(server.url, smtp, { ip });
    callers.push({ baseUrl: server.url, token: account.token, ip });
  }

  let next = 0;
  async function assessment(c: Caller): Promise<number> {
    const sample = samples[next++ % samples.length]!;
    const started = performance.now();
    const access = await validateAccess(c);
    if (access.status !== 200) throw new Error(`access check: HTTP ${access.status}`);
    const { company, png } = await prepareAnalysis(c, sample.fiscal_number, sample.country);
    const res = await analyse(c, company, png);
    if (res.status !== 200) throw new Error(`analysis: HTTP ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - started;
  }

  // Warm-up: every client in parallel, so a pool of workers is all up and warm.
  await Promise.all(callers.map(async (c) => {
    for (let i = 0; i < warmupAssessments / clients; i++) await assessment(c);
  }));

  const latencies: number[] = [];
  const cpu0 = cpuMs(server.proc.child.pid);
  const started = performance.now();
  const deadline = started + durationS * 1000;
  await Promise.all(callers.map(async (c) => {
    while (performance.now() < deadline) latencies.push(await assessment(c));
  }));
  const elapsedS = (performance.now() - started) / 1000;
  const serverCpu = cpuMs(server.proc.child.pid) - cpu0;
  const rate = latencies.length / elapsedS;

  console.log(`\nWhole assessments (calls 9–13 over HTTP), ${clients} clients at once, ${durationS} s, built server as shipped`);
  printFigure('assessments per second', rate.toFixed(1), `≥ ${target}`);
  printFigure('assessment latency median', `${Math.round(median(latencies))} ms`);
  printFigure('server CPU time per assessment', `${(serverCpu / latencies.length).toFixed(1)} ms`);
  printFigure('server CPU use (cores busy)', (serverCpu / 1000 / elapsedS).toFixed(2));
  console.log('');
  printTable(['assessments', 'seconds', 'per second'], [[String(latencies.length), elapsedS.toFixed(1), rate.toFixed(1)]]);
} finally {
  await server.stop();
  await smtp.close();
  rmSync(temp, { recursive: true, force: true });
}
