// `npm test`: type-check, lint, Vitest on PGlite, the database tests again on PostgreSQL, build,
// Playwright. `node scripts/test.mjs unit pg` runs only the named steps.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { dirname, join, relative, resolve } from 'node:path';
import { root, run } from './run-step.mjs';

const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function reachable(url) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 5432), timeout: 1500 });
    s.on('connect', () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
    s.on('timeout', () => (s.destroy(), resolve(false)));
  });
}

const dbModules = [join(root, 'test/db.ts'), join(root, 'src/server/db/client.ts')];
const importsCache = new Map();

/** Relative runtime imports of a TypeScript file (type-only imports do not load the module). */
function runtimeImports(file) {
  if (importsCache.has(file)) return importsCache.get(file);
  const source = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const found = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm)) {
    found.push(resolve(dirname(file), m[1].replace(/\.js$/, '.ts')));
  }
  importsCache.set(file, found);
  return found;
}

/** Does the file load the database layer, directly or through helpers and app code? */
function touchesDatabase(file, seen = new Set()) {
  if (dbModules.includes(file)) return true;
  if (seen.has(file)) return false;
  seen.add(file);
  return runtimeImports(file).some((dep) => touchesDatabase(dep, seen));
}

/** Test files that touch the database: server and test/ files that load it (not web unit tests). */
function databaseTestFiles() {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.test\.ts$/.test(entry.name) && touchesDatabase(p)) found.push(relative(root, p));
    }
  };
  walk(join(root, 'src/server'));
  walk(join(root, 'test'));
  return found.sort();
}

/**
 * Runs the commands side by side (each is single-threaded or waits on peers, and the machine has
 * two cores or more), each one's output printed whole when it ends. Every one runs to its end
 * (none is left behind when another fails); then rejects with the first failure's status. A
 * command is a string or `{ cmd, env }`.
 */
async function runTogether(cmds) {
  const jobs = cmds.map((c) => (typeof c === 'string' ? { cmd: c, env: {} } : c));
  const shown = ({ cmd, env }) => `${Object.entries(env).map(([k, v]) => `${k}=${v} `).join('')}${cmd}`;
  console.log(`\n▶ together: ${jobs.map(shown).join(' · ')}`);
  const results = await Promise.allSettled(
    jobs.map(
      (job) =>
        new Promise((resolve, reject) => {
          const child = spawn(job.cmd, { cwd: root, shell: true, env: { ...process.env, ...job.env }, stdio: ['ignore', 'pipe', 'pipe'] });
          const out = [];
          child.stdout.on('data', (d) => out.push(d));
          child.stderr.on('data', (d) => out.push(d));
          child.on('close', (code) => {
            const text = Buffer.concat(out).toString().trim();
            console.log(`\n── ${shown(job)}: ${code === 0 ? 'ok' : `exit ${code}`}${text ? `\n${text}` : ''}`);
            if (code === 0) resolve();
            else reject(Object.assign(new Error(`${job.cmd} failed`), { status: code || 1 }));
          });
        }),
    ),
  );
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/** The type-checks of the projects: package.json's typecheck script, split at its `&&`. */
const typecheckCommands = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  .scripts.typecheck.split('&&')
  .map((cmd) => `npx ${cmd.trim()}`);

/** The command that runs the database tests on PostgreSQL, or null (said why) when it is not reachable outside CI. */
async function postgresJob() {
  if (await reachable(pgUrl)) {
    const files = databaseTestFiles();
    console.log(`\n${files.length} test files load the database; running them on PostgreSQL.`);
    return { cmd: `npx vitest run ${files.join(' ')}`, env: { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl } };
  }
  if (process.env.CI) {
    console.error(`\n✖ PostgreSQL is not reachable at ${new URL(pgUrl).host}; CI runs the database tests on it.`);
    throw Object.assign(new Error('PostgreSQL not reachable'), { status: 1 });
  }
  console.log(`\n(PostgreSQL not reachable at ${new URL(pgUrl).host}: the database tests ran on PGlite only.)`);
  return null;
}

const steps = {
  typecheck: () => runTogether(typecheckCommands),
  lint: () => run('npm run lint'),
  // Both at once when both are asked for: four single-threaded checks share the cores.
  checks: () => runTogether([...typecheckCommands, 'npm run lint']),
  unit: () => run('npx vitest run', { TEST_DB: 'pglite' }),
  pg: async () => {
    const job = await postgresJob();
    if (job) run(job.cmd, job.env);
  },
  // The database tests on PostgreSQL wait on it much of the time: the build fills that time.
  pgAndBuild: async () => {
    const job = await postgresJob();
    await runTogether(job ? [job, 'npm run build'] : ['npm run build']);
  },
  build: () => run('npm run build'),
  // e2e.mjs checks for Chromium first and explains how to get it when it is missing.
  e2e: () => run('node scripts/e2e.mjs --no-build'),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((s) => !Object.hasOwn(steps, s));
if (unknown.length) {
  console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${Object.keys(steps).join(', ')}.`);
  process.exit(2);
}
const order = ['typecheck', 'lint', 'unit', 'pg', 'build', 'e2e'];
// Steps that share the machine well run as one when all their parts are asked for.
const combined = { checks: ['typecheck', 'lint'], pgAndBuild: ['pg', 'build'] };
const asked = wanted.flatMap((s) => combined[s] ?? [s]);
let selected = wanted.length ? order.filter((s) => asked.includes(s)) : order;
for (const [name, parts] of Object.entries(combined)) {
  if (!parts.every((p) => selected.includes(p))) continue;
  const at = selected.indexOf(parts[0]);
  selected = selected.filter((s) => !parts.includes(s));
  selected.splice(at, 0, name);
}

const timings = [];
const started = Date.now();
let failed;
for (const name of selected) {
  const t0 = Date.now();
  try {
    await steps[name]();
    timings.push([name, Date.now() - t0, 'ok']);
  } catch (err) {
    timings.push([name, Date.now() - t0, 'FAILED']);
    // Commands print their own failure; anything else is a bug in this script.
    if (typeof err.status !== 'number') console.error(err);
    failed = typeof err.status === 'number' && err.status > 0 ? err.status : 1;
    break;
  }
}
console.log('\nnpm test summary');
for (const [name, ms, result] of timings) console.log(`  ${name.padEnd(10)} ${(ms / 1000).toFixed(1).padStart(6)} s  ${result}`);
console.log(`  ${'total'.padEnd(10)} ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`);
process.exit(failed ?? 0);
