import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/server/config.js';
import { listSampleCompanies } from '../src/server/providers/companies/sample-directory.js';
import { createSignedInUser } from '../test/auth.js';
import { createTestDatabase } from '../test/db.js';
import { buildTestApp } from '../test/providers.js';
import { median, ms, p95, printFigure, printTable } from './support.js';
import { assessOnce, pipelineEnv, pipelineSteps, type PipelineStep } from './support/pipeline.js';

/**
 * The whole assessment as the screen runs it — calls 9 (access check), 10 (search), 11 (scrape),
 * 12 (map) and 13 (analysis, which stores the report and spends a credit) — on the embedded
 * providers (sample directory, offline gazetteer, offline map, embedded analyst), in process
 * through app.inject on an in-memory PGlite database, 50 runs over the sample companies in turn
 * after one warm-up run (data loaded once, as a server does when it starts listening).
 *
 * The app runs as shipped: the default configuration (LOG_LEVEL info: one access line per
 * request, written asynchronously as main.ts writes it to stdout, here to a scratch file so the
 * figures stay readable), with only the providers chosen offline and enough credits and
 * analyses per hour for the runs.
 */
const runs = 50;
const targetMedianMs = 50;
const targetP95Ms = 80;
const targetAnalysisMs = 20;

const logDir = mkdtempSync(join(tmpdir(), 'corisk-bench-log-'));
const logFile = join(logDir, 'access.log');
const logStream = pino.destination({ dest: logFile, sync: false, mkdir: true });
const config = loadConfig(pipelineEnv);
const database = await createTestDatabase();
const { app, closeProviders } = await buildTestApp({ config, database, logStream });
await app.ready();
const user = await createSignedInUser(app);
const companies = listSampleCompanies();

const steps = pipelineSteps;
type Step = PipelineStep;
const timings: Record<Step, number[]> = Object.fromEntries(steps.map((s) => [s, [] as number[]])) as Record<Step, number[]>;
const totals: number[] = [];
/** CPU time of each run (user + system; PGlite runs in this process too): what a run costs, however busy the machine. */
const cpuTotals: number[] = [];

/** CPU time of each step (user + system, PGlite included): unaffected by other processes. */
const cpuTimings: Record<Step, number[]> = Object.fromEntries(steps.map((s) => [s, [] as number[]])) as Record<Step, number[]>;

const record = (step: Step, wallMs: number, cpuMs: number) => {
  timings[step].push(wallMs);
  cpuTimings[step].push(cpuMs);
};
const pipeline = (i: number, recorded: boolean) => assessOnce(app, user, companies[i % companies.length]!, recorded ? record : undefined);

const warmStart = performance.now();
await pipeline(0, false);
const warmMs = performance.now() - warmStart;
for (let i = 0; i < runs; i++) {
  const cpu = process.cpuUsage();
  totals.push(await pipeline(i, true));
  const used = process.cpuUsage(cpu);
  cpuTotals.push((used.user + used.system) / 1000);
}

await app.close();
await closeProviders();
await database.close();
logStream.flushSync();
const accessLines = readFileSync(logFile, 'utf8').split('\n').filter((l) => l.includes('"route"')).length;
logStream.end();
rmSync(logDir, { recursive: true, force: true });

const m = median(totals);
console.log(`\nAssessment pipeline, calls 9–13 (in process, embedded providers, ${runs} runs over ${companies.length} sample companies, default configuration: ${accessLines} access-log lines written)`);
printFigure('pipeline median', ms(m), `≤ ${targetMedianMs} ms`);
printFigure('pipeline p95', ms(p95(totals)), `≤ ${targetP95Ms} ms`);
printFigure('pipeline median, CPU time', ms(median(cpuTotals)), `≤ ${targetMedianMs} ms`);
printFigure('pipeline p95, CPU time', ms(p95(cpuTotals)), `≤ ${targetP95Ms} ms`);
printFigure('analysis step (13) median', `${median(timings['13 analysis']).toFixed(1)} ms`, `≤ ${targetAnalysisMs} ms`);
printFigure('analysis step (13) p95', `${p95(timings['13 analysis']).toFixed(1)} ms`);
printFigure('analysis step (13) median, CPU time', `${median(cpuTimings['13 analysis']).toFixed(1)} ms`, `≤ ${targetAnalysisMs} ms`);
console.log('');
printTable(
  ['step', 'median', 'p95', 'max', 'CPU median', 'CPU p95'],
  [
    ...steps.map((s) => [
      s,
      `${median(timings[s]).toFixed(1)} ms`,
      `${p95(timings[s]).toFixed(1)} ms`,
      `${Math.max(...timings[s]).toFixed(1)} ms`,
      `${median(cpuTimings[s]).toFixed(1)} ms`,
      `${p95(cpuTimings[s]).toFixed(1)} ms`,
    ]),
    ['whole pipeline', ms(m), ms(p95(totals)), ms(Math.max(...totals)), ms(median(cpuTotals)), ms(p95(cpuTotals))],
    ['first run (data loaded once)', ms(warmMs), '', '', '', ''],
  ],
);
if (m > targetMedianMs) console.log(`\n  ! median above the ${targetMedianMs} ms target (a busy machine inflates wall time)`);
if (p95(totals) > targetP95Ms) console.log(`  ! p95 above the ${targetP95Ms} ms target`);
if (median(timings['13 analysis']) > targetAnalysisMs) console.log(`  ! analysis step above the ${targetAnalysisMs} ms target`);
