import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../src/server/lib/paths.js';
import { freePort, spawnServer, waitHealthy } from '../test/server-process.js';
import { builtServer, median, ms, printFigure, printTable, requireBuild } from './support.js';

/**
 * Start-to-healthy time of the built server with the embedded database (PGlite): from spawning
 * `node dist/node/server/main.js` until GET /api/health answers 200. A fresh DATA_DIR (initdb,
 * migrations, secret generation) and an existing one; median of 3 runs each.
 */
const runs = 3;
const targetMs = 2000;

requireBuild();

async function startOnce(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const server = spawnServer([builtServer], { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, projectRoot);
  let elapsed: number;
  try {
    await waitHealthy(`http://127.0.0.1:${port}/api/health`, server, 120_000, 5);
    elapsed = performance.now() - started;
  } finally {
    server.child.kill('SIGTERM');
  }
  const { code } = await server.exited;
  if (code !== 0) throw new Error(`server exited with ${code} after SIGTERM:\n${server.output()}`);
  return elapsed;
}

const temp = mkdtempSync(join(tmpdir(), 'corisk-bench-start-'));
try {
  const fresh: number[] = [];
  for (let i = 0; i < runs; i++) fresh.push(await startOnce(join(temp, `fresh-${i}`)));
  const existingDir = join(temp, 'existing');
  await startOnce(existingDir); // creates the database; not counted
  const existing: number[] = [];
  for (let i = 0; i < runs; i++) existing.push(await startOnce(existingDir));

  console.log(`\nServer start to healthy (PGlite, built server, median of ${runs})`);
  printFigure('fresh DATA_DIR', ms(median(fresh)), `≤ ${targetMs} ms`);
  printFigure('existing DATA_DIR', ms(median(existing)), `≤ ${targetMs} ms`);
  console.log('');
  printTable(
    ['data dir', ...fresh.map((_, i) => `run ${i + 1}`)],
    [
      ['fresh', ...fresh.map(ms)],
      ['existing', ...existing.map(ms)],
    ],
  );
} finally {
  rmSync(temp, { recursive: true, force: true });
}
