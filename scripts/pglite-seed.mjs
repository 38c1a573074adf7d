// After `tsc` (build:server): writes dist/pglite-seed-<pglite version>.tar.gz, a migrated empty
// embedded database that a fresh DATA_DIR unpacks instead of running initdb (fast first start).
import { readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { writePgliteSeed } from '../dist/node/server/db/client.js';

const started = Date.now();
const file = await writePgliteSeed();
const dist = new URL('../dist/', import.meta.url).pathname;
for (const old of readdirSync(dist)) {
  if (old.startsWith('pglite-seed-') && old !== basename(file)) rmSync(join(dist, old), { force: true });
}
console.log(`pglite-seed: ${basename(file)} written in ${Date.now() - started} ms`);
