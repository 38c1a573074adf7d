import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { migrationsDir, projectRoot } from '../src/server/lib/paths.js';

/**
 * A fresh, migrated database for one test file.
 * TEST_DB=postgres creates a throw-away database on the server at TEST_DATABASE_URL (default: the
 * local server's `test` database) and drops it on close; otherwise PGlite in memory.
 */
export const testEngine: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this database (postgres engine only). */
  url?: string;
}

function migrationsKey(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(readFileSync(join(projectRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
  hash.update(String(pglite.version));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else hash.update(entry.name).update(readFileSync(p));
    }
  };
  walk(migrationsDir);
  return hash.digest('hex').slice(0, 16);
}

let snapshot: Promise<Blob> | undefined;

/**
 * A migrated PGlite data directory, dumped once per migrations version and shared by test
 * files through the temp folder: a fresh database then starts in a fraction of initdb's time.
 */
export function migratedSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const file = join(tmpdir(), `corisk-pglite-${migrationsKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const client = new PGlite('memory://');
    await migrate(drizzle(client), { migrationsFolder: migrationsDir });
    const dump = await client.dumpDataDir('none');
    await client.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })();
  return snapshot;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testEngine === 'pglite') return openDatabase({ pgliteDir: 'memory://', pgliteSnapshot: await migratedSnapshot() });
  const name = `corisk_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
