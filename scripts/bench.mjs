// `npm run bench [-- name…]`: builds when stale, then runs every bench/*.bench.ts (or those whose
// file name contains one of the given names). Each prints its figures next to their targets.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale, root } from './run-step.mjs';

const filters = process.argv.slice(2);
const benches = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !filters.length || filters.some((name) => f.includes(name)))
  .sort();
if (!benches.length) {
  console.error(`No bench matches ${filters.join(', ')}.`);
  process.exit(2);
}

try {
  buildIfStale();
} catch {
  console.error('\n✖ The build failed (see above); the benches measure the build, so they did not run.');
  process.exit(1);
}
let failed = 0;
for (const file of benches) {
  console.log(`\n━━ ${file.replace(/\.bench\.ts$/, '')} ━━`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', join('bench', file)], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`✖ ${file} did not complete (exit ${res.status ?? res.signal}).`);
    failed++;
  }
}
process.exit(failed ? 1 : 0);
