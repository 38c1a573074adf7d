import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsDir, projectRoot } from '../lib/paths.js';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Committed changes to users, sessions and subscriptions, from every process (the per-user read cache listens). */
  changes: ChangeFeed;
  /** A real round trip to the database; throws when it does not answer in time. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it PGlite is used. */
  url?: string;
  /** PGlite data directory, or 'memory://' for an in-memory database. */
  pgliteDir?: string;
  /** Start PGlite from this dumped data directory (tests: skips initdb and applied migrations). */
  pgliteSnapshot?: Blob;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** Longest a PostgreSQL query may take (every query of the app takes milliseconds). */
export const queryTimeoutMs = 10_000;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      // Also the longest wait for a free connection: a burst of requests queues for the pool's 10
      // connections, and should not fail before the client's own step timeouts (14 s and up).
      connectionTimeoutMillis: 15_000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      // A database that stops answering (network cut without a reset) must not hold requests
      // forever: the query fails, its connection leaves the pool, the next one reconnects.
      query_timeout: queryTimeoutMs,
    });
    // A dropped connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Several instances may start together: one migrates at a time.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727071)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsDir });
    } finally {
      await client.query('select pg_advisory_unlock(727071)').catch(() => {});
      client.release();
    }
    const changes = postgresChangeFeed(opts.url);
    await changes.started;
    return {
      db,
      engine: 'postgres',
      changes,
      ping: async (ms = 2000) => {
        // query_timeout makes pg drop a connection that stopped answering instead of keeping it.
        const query: pg.QueryConfig & { query_timeout: number } = { text: 'select 1', query_timeout: ms };
        try {
          await withTimeout(pool.query(query), ms);
        } catch (err) {
          changes.suspect();
          throw err;
        }
      },
      close: async () => {
        await changes.close();
        await pool.end();
      },
    };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  const client = dir.startsWith('memory://')
    ? new PGlite(dir, opts.pgliteSnapshot ? { loadDataDir: opts.pgliteSnapshot } : {})
    : await openPgliteDir(dir, opts.pgliteSnapshot);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir });
  const changes = await pgliteChangeFeed(client);
  return {
    db,
    engine: 'pglite',
    changes,
    ping: async (ms = 2000) => {
      await withTimeout(db.execute(sql`select 1`), ms);
    },
    close: async () => {
      await changes.close();
      await client.close();
    },
  };
}

/** The installed PGlite's version: a seed is only valid for the PGlite that wrote it. */
function installedPgliteVersion(): string | undefined {
  try {
    let dir = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
    while (dir !== dirname(dir)) {
      const file = join(dir, 'package.json');
      if (existsSync(file)) {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === '@electric-sql/pglite') return pkg.version;
      }
      dir = dirname(dir);
    }
  } catch {
    // not resolvable: no seed
  }
  return undefined;
}

/**
 * `npm run build` writes a migrated, empty PGlite data directory here (a template database), so
 * a fresh DATA_DIR starts by unpacking it instead of running initdb, which takes seconds.
 */
export function pgliteSeedFile(): string | undefined {
  const version = installedPgliteVersion();
  return version ? join(projectRoot, 'dist', `pglite-seed-${version}.tar.gz`) : undefined;
}

export async function writePgliteSeed(): Promise<string> {
  const file = pgliteSeedFile();
  if (!file) throw new Error('cannot tell the installed PGlite version');
  const client = new PGlite('memory://');
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir });
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${file}.partial`, file);
  return file;
}

/** Opens a PGlite data directory; a new one starts from the build's seed when there is one. */
async function openPgliteDir(dir: string, snapshot?: Blob): Promise<PGlite> {
  const isNew = !existsSync(dir) || readdirSync(dir).length === 0;
  mkdirSync(dir, { recursive: true });
  const seedFile = isNew && !snapshot ? pgliteSeedFile() : undefined;
  const seed = snapshot ?? (seedFile && existsSync(seedFile) ? new Blob([readFileSync(seedFile)]) : undefined);
  if (!isNew || !seed) return PGlite.create(dir);
  try {
    return await PGlite.create(dir, { loadDataDir: seed });
  } catch {
    // A seed that does not load must not stop a first start: clear what it wrote, run initdb.
    for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
    return PGlite.create(dir);
  }
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pglite');
}
