import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccountOverHttp } from './support/accounts.js';
import { builtMain, sourceMain, startCorisk } from './support/corisk-server.js';
import { startSmtpCapture } from '../test/smtp-capture.js';
import { manySites, portfolioClient } from '../test/portfolio-helpers.js';
import { ms, printFigure, printTable, requireBuild } from './support.js';

/**
 * Monitoring checks of a 1,000-row portfolio on the embedded providers (sample directory, offline
 * gazetteer, embedded analyst, embedded database; two portfolios of 500 rows, the most one holds), run by the built server started as `npm start`
 * starts it (default configuration, logging at info to a file): checks per second of one run, and
 * the server's memory over ten runs (10,000 checks) — resident set and anonymous memory (the JS
 * heap and native buffers) read from /proc at the start, their peak, and the end. The bundled
 * sources are not paced (pacing applies to remote registers and VIES only).
 */
const ROWS = 1_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const targetChecksPerSecond = 100;

/** Resident set and anonymous memory of a process, in MB (Linux /proc). */
function memoryMb(pid: number): { rss: number; anon: number } {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
  return { rss: kb('Rss') / 1024, anon: kb('Anonymous') / 1024 };
}

const fromSource = process.argv.includes('--source');
if (!fromSource) requireBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'corisk-bench-monitoring-'));
const smtp = await startSmtpCapture();
const server = await startCorisk(
  { DATA_DIR: join(dataDir, 'data'), COMPANY_SOURCES: 'sample', GEOCODERS: 'offline', SMTP_URL: smtp.url, SIGNUP_CREDITS: '1000' },
  { asShipped: true, logFile: join(dataDir, 'server.log'), main: fromSource ? sourceMain : builtMain },
);
try {
  const account = await createAccountOverHttp(server.url, smtp);
  const client = portfolioClient(server.url, account.token);
  const headers = { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' };
  // A portfolio holds at most 500 rows: the book is two of them, checked together.
  const sites = manySites(ROWS);
  const ids = [await client.create(sites.slice(0, ROWS / 2)), await client.create(sites.slice(ROWS / 2))];
  for (const id of ids) {
    const done = await client.waitUntil(id, (p) => p.status === 'done', 1_200_000, 2000);
    if (done.done !== ROWS / 2) throw new Error(`${done.done} of ${ROWS / 2} rows assessed, ${done.failed} failed`);
  }

  const monitoring = async (id: string) => {
    const res = await fetch(`${server.url}/api/portfolios/${id}/monitoring`, { headers });
    return (await res.json()) as { running: boolean; last_checked_at: string | null };
  };
  const pid = server.proc.child.pid!;
  const start = memoryMb(pid);
  const peak = { ...start };
  const sampler = setInterval(() => {
    const m = memoryMb(pid);
    peak.rss = Math.max(peak.rss, m.rss);
    peak.anon = Math.max(peak.anon, m.anon);
  }, 200);
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = Date.now();
    for (const id of ids) {
      const res = await fetch(`${server.url}/api/portfolios/${id}/check`, { method: 'POST', headers: { authorization: headers.authorization } });
      if (res.status !== 202) throw new Error(`check: ${res.status} ${await res.text()}`);
    }
    for (;;) {
      await new Promise((r) => setTimeout(r, 100));
      const states = await Promise.all(ids.map(monitoring));
      if (states.every((m) => !m.running && m.last_checked_at && Date.parse(m.last_checked_at) >= started - 1000)) break;
    }
    runs.push(Date.now() - started);
  }
  clearInterval(sampler);
  const end = memoryMb(pid);

  const best = Math.min(...runs);
  const median = [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  console.log(`\nMonitoring checks of a ${ROWS}-row portfolio (${fromSource ? 'sources through tsx' : 'built server'}, as npm start runs it, embedded providers, logging on)`);
  printFigure('checks per second (median run)', (ROWS / (median / 1000)).toFixed(0), `≥ ${targetChecksPerSecond}`);
  printFigure('checks per second (best run)', (ROWS / (best / 1000)).toFixed(0));
  printFigure(`one run of ${ROWS} checks (median)`, ms(median));
  console.log('');
  printTable(
    [`memory over ${RUNS * ROWS} checks`, 'start', 'peak', 'end'],
    [
      ['resident set (MB)', start.rss.toFixed(0), peak.rss.toFixed(0), end.rss.toFixed(0)],
      ['anonymous: heap and buffers (MB)', start.anon.toFixed(0), peak.anon.toFixed(0), end.anon.toFixed(0)],
    ],
  );
  if (ROWS / (median / 1000) < targetChecksPerSecond) console.log(`  ! below the ${targetChecksPerSecond} checks/s target (a busy machine inflates wall time)`);
} finally {
  await server.stop();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}
