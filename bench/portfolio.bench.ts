import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccountOverHttp } from './support/accounts.js';
import { builtMain, sourceMain, startCorisk } from './support/corisk-server.js';
import { startSmtpCapture } from '../test/smtp-capture.js';
import type { PortfolioRowInput } from '../src/shared/contracts/portfolio.js';
import { portfolioClient } from '../test/portfolio-helpers.js';
import { ms, printFigure, printTable, requireBuild } from './support.js';

/**
 * A 200-row portfolio on the embedded providers (sample directory, offline gazetteer, embedded
 * analyst) and the embedded database, run by the built server started as `npm start` starts it
 * (default configuration, request and row logging at info to a file): rows per second, total time,
 * and the cost of a row over the run (first quarter against last, to show it stays flat), in wall
 * time and in the server's CPU time. `--source` runs src/server/main.ts through tsx instead.
 */
const ROWS = 200;
const targetRowsPerSecond = 20;

/** Sample companies and a city of their country: each row is the company at a numbered site there. */
const companies: { vat: string; country: string; city: string }[] = [
  { vat: 'PT500697256', country: 'Portugal', city: '4000-447 Porto' },
  { vat: 'DE143454214', country: 'Germany', city: '69190 Walldorf' },
  { vat: 'FR59542051180', country: 'France', city: '92400 Courbevoie' },
  { vat: 'ATU33864707', country: 'Austria', city: '5330 Fuschl am See' },
  { vat: 'RO14056826', country: 'Romania', city: '551130 Mediaș' },
  { vat: 'ESA28015865', country: 'Spain', city: '28050 Madrid' },
  { vat: 'IT00905811006', country: 'Italy', city: '00144 Roma' },
  { vat: 'NL805734958B01', country: 'Netherlands', city: '1043 Amsterdam' },
];
const rows: PortfolioRowInput[] = Array.from({ length: ROWS }, (_, i) => {
  const c = companies[i % companies.length]!;
  return { fiscal_number: c.vat, country: c.country, reference: `Site ${i + 1}`, site_address: `Rua ${i + 1}, ${c.city}` };
});

/** User + system CPU time of a process so far, in ms (Linux /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const fromSource = process.argv.includes('--source');
if (!fromSource) requireBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'corisk-bench-portfolio-'));
const logFile = join(dataDir, 'server.log');
const smtp = await startSmtpCapture();
const server = await startCorisk(
  { DATA_DIR: join(dataDir, 'data'), COMPANY_SOURCES: 'sample', GEOCODERS: 'offline', SMTP_URL: smtp.url, SIGNUP_CREDITS: '1000' },
  { asShipped: true, logFile, main: fromSource ? sourceMain : builtMain },
);
try {
  const account = await createAccountOverHttp(server.url, smtp);
  const client = portfolioClient(server.url, account.token);
  // The engine's data loads a moment after the server listens: let it, as a user's first visit would.
  await new Promise((r) => setTimeout(r, 3000));

  const pid = server.proc.child.pid!;
  const cpuBefore = cpuMs(pid);
  const started = Date.now();
  const id = await client.create(rows);
  // Polled as the portfolio screen polls it (every 2 s); the times come from the server's log.
  const done = await client.waitUntil(id, (p) => p.status === 'done', 600_000, 2000);
  const cpuTotal = cpuMs(pid) - cpuBefore;
  if (done.done !== ROWS) throw new Error(`${done.done} of ${ROWS} rows done, ${done.failed} failed: ${done.rows.find((r) => r.error)?.error}`);
  // The log is written asynchronously: complete once the server has stopped.
  await server.stop();

  // Each row's finish, from the server's own log lines (pino's `time`, ms).
  const finishes = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((l) => l.includes('"portfolio row assessed"'))
    .map((l) => (JSON.parse(l) as { time: number }).time)
    .sort((a, b) => a - b);
  if (finishes.length !== ROWS) throw new Error(`${finishes.length} rows in the log, ${ROWS} expected`);
  const totalMs = finishes[ROWS - 1]! - started;
  const quarter = ROWS / 4;
  // Wall time between row finishes; the first quarter counts from the first row's finish (its
  // wait is the create call and the first loads, shown above).
  const perRow = (from: number, to: number) => (finishes[to - 1]! - finishes[Math.max(0, from - 1)]!) / (to - Math.max(1, from));
  const quarters = [0, 1, 2, 3].map((q) => perRow(q * quarter, (q + 1) * quarter));

  const rate = ROWS / (totalMs / 1000);
  console.log(`\nPortfolio of ${ROWS} rows (${fromSource ? 'sources through tsx' : 'built server'}, as npm start runs it, embedded providers, logging on)`);
  printFigure('rows per second', rate.toFixed(1), `≥ ${targetRowsPerSecond}`);
  printFigure('total time (create to last row)', ms(totalMs));
  printFigure('server CPU per row (polls included)', ms(cpuTotal / ROWS));
  // The create call (200 rows and their jobs in one transaction), and each country's data loaded once.
  printFigure('first row done after', ms(finishes[0]! - started));
  console.log('');
  printTable(
    ['quarter of the run', 'wall time per row'],
    quarters.map((q, i) => [`rows ${Math.max(2, i * quarter + 1)}–${(i + 1) * quarter}`, ms(q)]),
  );
  const drift = quarters[3]! / quarters[0]!;
  console.log(`\n  last quarter / first quarter: ${drift.toFixed(2)} (flat cost ≈ 1)`);
  if (drift > 1.25) console.log('  ! rows cost more as the run goes on');
  if (rate < targetRowsPerSecond) console.log(`  ! below the ${targetRowsPerSecond} rows/s target (a busy machine inflates wall time)`);
} finally {
  await server.stop();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}
