// After the server's bundle (build:server): writes dist/pglite-seed-<pglite version>/, a migrated empty embedded
// database that a fresh DATA_DIR copies instead of running initdb (fast first start).
import { readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { writePgliteSeed } from '../dist/node/server/db/client.js';

const started = Date.now();
const dir = await writePgliteSeed();
const dist = new URL('../dist/', import.meta.url).pathname;
// Seeds of other PGlite versions, and the archives earlier builds wrote.
for (const old of readdirSync(dist)) {
  if (old.startsWith('pglite-seed-') && old !== basename(dir)) rmSync(join(dist, old), { recursive: true, force: true });
}
console.log(`pglite-seed: ${basename(dir)}/ written in ${Date.now() - started} ms`);
