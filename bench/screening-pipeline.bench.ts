import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { CompanyParty } from '../src/shared/contracts/assessment.js';
import { loadConfig } from '../src/server/config.js';
import { JobQueue } from '../src/server/db/job-queue.js';
import { createScreening } from '../src/server/modules/screening/index.js';
import { listSampleCompanies } from '../src/server/providers/companies/sample-directory.js';
import { createSignedInUser } from '../test/auth.js';
import { createTestDatabase } from '../test/db.js';
import { buildTestApp } from '../test/providers.js';
import { median, ms, p95, printFigure, printTable } from './support.js';
import { assessOnce, pipelineEnv } from './support/pipeline.js';

/**
 * What sanctions screening costs an assessment, as shipped (the default configuration outside
 * production: the bundled lists only, today the UN snapshot; the EU and UK lists start empty).
 *
 * 1. The Screener alone, as the analysis call runs it: `screenCompany` on the index of the
 *    bundled lists (loaded and indexed once, then held), for each sample company in turn, and
 *    again with ten officers and owners each (a register that names them, as CZ or FR do).
 * 2. The in-process pipeline of the `pipeline` bench (calls 9–13) on two apps side by side: one
 *    as shipped, one with every list `off` (the screening then runs on an empty index: no list,
 *    no cost). Their runs alternate in blocks, so the machine's load weighs on both alike.
 *
 * Figures only: a busy machine inflates wall times, so the CPU columns are the ones to compare.
 */
const screenRounds = 20;
const pipelineRuns = 40;
const pipelineBlocks = 4;
const targetAddedMs = 10;

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
const companies = listSampleCompanies();

// ── 1. The Screener alone ──────────────────────────────────────────────────────────────────────
const shipped = loadConfig(pipelineEnv);
const screenDb = await createTestDatabase();
const screening = createScreening({ database: screenDb, jobs: new JobQueue(screenDb.jobQueueDb, console), config: shipped.sanctions, log: { info: () => {}, warn: (obj, msg) => console.warn(msg, obj) } });

const loadStart = performance.now();
const loadCpu = process.cpuUsage();
await screening.service.load();
const loadMs = performance.now() - loadStart;
const loadCpuMs = cpuMs(process.cpuUsage(loadCpu));
const held = screening.lists.getCurrentLists();

const asScreened = (c: (typeof companies)[number], parties: CompanyParty[] = []) => ({
  name: c.name,
  fiscal_number: c.vatNumber,
  country: c.country,
  officers: parties.filter((_, i) => i % 2 === 0),
  owners: parties.filter((_, i) => i % 2 === 1),
});
// Ten parties per company: persons and companies with the names registers give.
const FIRST = ['Jan', 'Petra', 'Marie', 'Tomáš', 'Jean', 'Claire', 'Anna', 'Piotr', 'Mikko', 'Ioana'];
const LAST = ['Novák', 'Dvořáková', 'Martin', 'Bernard', 'Kowalski', 'Virtanen', 'Popescu', 'Horváth', 'Schmidt', 'Rossi'];
const partiesOf = (i: number): CompanyParty[] =>
  Array.from({ length: 10 }, (_, j) =>
    j % 3 === 2
      ? { name: `${LAST[(i + j) % LAST.length]} Holding s.r.o.`, role: '25 %', kind: 'enterprise' }
      : { name: `${FIRST[(i * 3 + j) % FIRST.length]} ${LAST[(i + j * 7) % LAST.length]}`, role: 'director', kind: 'person' },
  );

const indexStart = performance.now();
const indexCpu = process.cpuUsage();
await screening.screener.screenCompany(asScreened(companies[0]!)); // the first call builds the index
const indexMs = performance.now() - indexStart;
const indexCpuMs = cpuMs(process.cpuUsage(indexCpu));

async function timeScreenings(parties: boolean): Promise<{ wall: number[]; cpu: number[]; hits: number }> {
  const wall: number[] = [];
  const cpu: number[] = [];
  let hits = 0;
  for (let round = 0; round < screenRounds; round++) {
    for (const [i, c] of companies.entries()) {
      const company = asScreened(c, parties ? partiesOf(i) : []);
      const t = performance.now();
      const before = process.cpuUsage();
      const result = await screening.screener.screenCompany(company);
      cpu.push(cpuMs(process.cpuUsage(before)));
      wall.push(performance.now() - t);
      if (round === 0) hits += result.hits.length;
    }
  }
  return { wall, cpu, hits };
}
const bare = await timeScreenings(false);
const withParties = await timeScreenings(true);
await screening.stop();
await screenDb.close();

// ── 2. The pipeline with and without lists ─────────────────────────────────────────────────────
const logDir = mkdtempSync(join(tmpdir(), 'corisk-bench-log-'));
const logStream = pino.destination({ dest: join(logDir, 'access.log'), sync: false, mkdir: true });

async function pipelineApp(extra: Record<string, string>) {
  const database = await createTestDatabase();
  const { app, closeProviders } = await buildTestApp({ config: loadConfig({ ...pipelineEnv, ...extra }), database, logStream });
  await app.ready();
  const user = await createSignedInUser(app);
  const wall: number[] = [];
  const cpu: number[] = [];
  const analysisCpu: number[] = [];
  return {
    /** One run over sample company `i`; recorded unless it is the warm-up. */
    async run(i: number, recorded: boolean) {
      const before = process.cpuUsage();
      let analysis = 0;
      const total = await assessOnce(app, user, companies[i % companies.length]!, (step, _wall, stepCpu) => {
        if (step === '13 analysis') analysis = stepCpu;
      });
      if (!recorded) return;
      wall.push(total);
      cpu.push(cpuMs(process.cpuUsage(before)));
      analysisCpu.push(analysis);
    },
    wall,
    cpu,
    analysisCpu,
    async close() {
      await app.close();
      await closeProviders();
      await database.close();
    },
  };
}

const withLists = await pipelineApp({});
const noLists = await pipelineApp({ SANCTIONS_EU_URL: 'off', SANCTIONS_UN_URL: 'off', SANCTIONS_UK_URL: 'off' });
// Blocks of runs, the two apps in turn. A process holds the index of one set of lists (a server
// runs one app): each block's first run, which builds it again after the other app's, is its
// warm-up and not counted.
for (let block = 0; block < 2 * pipelineBlocks; block++) {
  const app = block % 2 ? noLists : withLists;
  for (let i = 0; i <= pipelineRuns / pipelineBlocks; i++) await app.run(block * 100 + i, i > 0);
}
await withLists.close();
await noLists.close();
logStream.flushSync();
logStream.end();
rmSync(logDir, { recursive: true, force: true });

// ── Figures ────────────────────────────────────────────────────────────────────────────────────
const listsText = held.map((l) => `${l.list} ${l.entries.length}${l.generatedAt ? ` of ${l.generatedAt.slice(0, 10)}` : ''}`).join(', ');
console.log(`\nSanctions screening per assessment, as shipped (bundled lists: ${listsText} entries; ${companies.length} sample companies × ${screenRounds} rounds)`);
printFigure('screening cost per assessment, median', `${median(bare.wall).toFixed(3)} ms`);
printFigure('screening cost per assessment, median CPU time', `${median(bare.cpu).toFixed(3)} ms`);
printFigure('with 10 officers and owners, median', `${median(withParties.wall).toFixed(3)} ms`);
printFigure('with 10 officers and owners, median CPU time', `${median(withParties.cpu).toFixed(3)} ms`);
console.log('');
printTable(
  ['figure', 'value'],
  [
    ['lists loaded (bundled snapshot parsed and stored)', `${ms(loadMs)} (CPU ${ms(loadCpuMs)})`],
    ['first screening (builds the index)', `${ms(indexMs)} (CPU ${ms(indexCpuMs)})`],
    ['screening p95, company alone', `${p95(bare.wall).toFixed(3)} ms`],
    ['screening p95, with 10 parties', `${p95(withParties.wall).toFixed(3)} ms`],
    ['hits over the sample companies (alone / with parties)', `${bare.hits} / ${withParties.hits}`],
  ],
);

const added = median(withLists.wall) - median(noLists.wall);
const addedCpu = median(withLists.cpu) - median(noLists.cpu);
console.log(`\nPipeline calls 9–13 with and without the lists (in process, ${pipelineRuns} runs each, in ${pipelineBlocks} alternating blocks)`);
printFigure('pipeline median, as shipped', ms(median(withLists.wall)));
printFigure('pipeline median, every list off', ms(median(noLists.wall)));
printFigure('added by screening, median wall', `${added.toFixed(1)} ms`, `≤ ${targetAddedMs} ms`);
printFigure('added by screening, median CPU time', `${addedCpu.toFixed(1)} ms`, `≤ ${targetAddedMs} ms`);
printFigure('ratio, as shipped / lists off (median wall)', (median(withLists.wall) / median(noLists.wall)).toFixed(3));
console.log('');
printTable(
  ['app', 'median', 'p95', 'CPU median', 'analysis (13) CPU median'],
  [
    ['as shipped (bundled lists)', ms(median(withLists.wall)), ms(p95(withLists.wall)), ms(median(withLists.cpu)), `${median(withLists.analysisCpu).toFixed(1)} ms`],
    ['every list off', ms(median(noLists.wall)), ms(p95(noLists.wall)), ms(median(noLists.cpu)), `${median(noLists.analysisCpu).toFixed(1)} ms`],
  ],
);
if (added > targetAddedMs) console.log(`\n  ! screening adds more than ${targetAddedMs} ms to the pipeline's median (a busy machine inflates wall time: read the CPU line)`);
