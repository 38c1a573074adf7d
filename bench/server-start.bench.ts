import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../src/server/lib/paths.js';
import { cleanEnv, freePort, serverProcess, spawnServer, waitHealthy, type ServerProcess } from '../test/server-process.js';
import { builtServer, median, ms, printFigure, printTable, requireBuild } from './support.js';

/**
 * Start-to-healthy time with the embedded database (PGlite): from running `npm start` as a user
 * does (npm's own start-up and the stale-build check included) until GET /api/health answers
 * 200, with a fresh DATA_DIR (the build's seed unpacked, migrations, secret generation), target
 * ≤ 1 s; and from spawning `node dist/node/server/main.js` directly, fresh and with an existing
 * DATA_DIR. Median of 3 runs each. Also the CPU time the server process used until then (Linux),
 * which a busy machine does not inflate the way it inflates wall time.
 */
const runs = 3;
const targetMs = 1000;
/** Kernel clock ticks per second for /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

requireBuild();

/** user + system CPU time of a running process, in ms (undefined where /proc is not available). */
function cpuTimeMs(pid: number | undefined): number | undefined {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return undefined;
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = readFileSync(file, 'utf8').slice(readFileSync(file, 'utf8').lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / ticksPerSecond;
}

/** `npm start` in a process group of its own, so the stop reaches npm's children too. */
function spawnNpmStart(env: Record<string, string>): ServerProcess {
  return serverProcess(spawn('npm', ['start', '--silent'], { cwd: projectRoot, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'], detached: true }));
}

async function startOnce(dataDir: string, viaNpm = false): Promise<{ wall: number; cpu?: number }> {
  const port = await freePort();
  const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  const started = performance.now();
  const server = viaNpm ? spawnNpmStart(env) : spawnServer([builtServer], env, projectRoot);
  let result: { wall: number; cpu?: number };
  try {
    await waitHealthy(`http://127.0.0.1:${port}/api/health`, server, 120_000, 5);
    result = { wall: performance.now() - started, cpu: viaNpm ? undefined : cpuTimeMs(server.child.pid) };
  } finally {
    if (viaNpm && server.child.pid) process.kill(-server.child.pid, 'SIGTERM');
    else server.child.kill('SIGTERM');
  }
  const { code } = await server.exited;
  if (code !== 0 && !viaNpm) throw new Error(`server exited with ${code} after SIGTERM:\n${server.output()}`);
  return result;
}

const temp = mkdtempSync(join(tmpdir(), 'corisk-bench-start-'));
try {
  const npmFresh: { wall: number; cpu?: number }[] = [];
  for (let i = 0; i < runs; i++) npmFresh.push(await startOnce(join(temp, `npm-${i}`), true));
  const fresh: { wall: number; cpu?: number }[] = [];
  for (let i = 0; i < runs; i++) fresh.push(await startOnce(join(temp, `fresh-${i}`)));
  const existingDir = join(temp, 'existing');
  await startOnce(existingDir); // creates the database; not counted
  const existing: { wall: number; cpu?: number }[] = [];
  for (let i = 0; i < runs; i++) existing.push(await startOnce(existingDir));

  const cpu = (rs: { cpu?: number }[]) => (rs.every((r) => r.cpu !== undefined) ? ms(median(rs.map((r) => r.cpu ?? 0))) : 'n/a');
  console.log(`\nServer start to healthy (PGlite, built server, median of ${runs})`);
  printFigure('npm start, fresh DATA_DIR', ms(median(npmFresh.map((r) => r.wall))), `≤ ${targetMs} ms`);
  printFigure('node main.js, fresh DATA_DIR', ms(median(fresh.map((r) => r.wall))));
  printFigure('node main.js, existing DATA_DIR', ms(median(existing.map((r) => r.wall))));
  printFigure('CPU time of the server until healthy, fresh', cpu(fresh));
  printFigure('CPU time of the server until healthy, existing', cpu(existing));
  console.log('');
  printTable(
    ['data dir', ...fresh.map((_, i) => `run ${i + 1}`)],
    [
      ['npm start, fresh', ...npmFresh.map((r) => ms(r.wall))],
      ['fresh', ...fresh.map((r) => ms(r.wall))],
      ['existing', ...existing.map((r) => ms(r.wall))],
    ],
  );
} finally {
  rmSync(temp, { recursive: true, force: true });
}
