import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { migrationsDir, projectRoot } from '../lib/paths.js';
import type { ChangeFeed } from '../lib/change-feed.js';
import { withTimeout } from '../lib/with-timeout.js';
import { pgliteChangeFeed, postgresChangeFeed } from './change-feed.js';
import type { Db } from './db.js';
import { pgliteJobQueueDb, postgresJobQueueDb, type JobQueueDb } from './job-queue-db.js';
import * as schema from './schema.js';

export type { Db };

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** PostgreSQL only: its URL, for a connection of one's own (session-level locks). */
  url?: string;
  /** Committed changes to users, sessions and subscriptions, from every process (the per-user read cache listens). */
  changes: ChangeFeed;
  /** The same database for the job queue (pg-boss's `db` option): its statements, never inside one of ours. */
  jobQueueDb: JobQueueDb;
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
  /** A new PGlite data directory starts as a copy of this one (default: the build's seed). */
  pgliteSeedDir?: string;
  /**
   * PGlite with small buffers, for a one-off bulk job in a process of its own (a register
   * import): PostgreSQL's 128 MB of shared buffers are resident from the start and are most of
   * its memory; a job that streams through its rows once gains little from them.
   */
  pgliteSmallBuffers?: boolean;
}

/** A database call that fails (instead of hanging) when the database does not answer within `ms`. */
function withDeadline<T>(p: Promise<T>, ms: number): Promise<T> {
  return withTimeout(p, ms, `database did not answer within ${ms} ms`);
}

/** Longest a PostgreSQL query may take (every query of the app takes milliseconds). */
export const queryTimeoutMs = 10_000;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    // Each engine's driver is loaded only when it is the one used (start-up time counts).
    const [{ default: pgModule }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pgModule.Pool({
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
    // pg-pool listens for errors on idle clients only: a client checked out (a transaction, the
    // job queue's batches) that loses its connection would emit an unhandled 'error' and end the
    // process. Its pending and next queries fail instead (503), and the pool drops it on release.
    pool.on('connect', (client) => client.on('error', () => {}));
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
      url: opts.url,
      changes,
      jobQueueDb: postgresJobQueueDb(pool),
      ping: async (ms = 2000) => {
        // query_timeout makes pg drop a connection that stopped answering instead of keeping it.
        const query: pg.QueryConfig & { query_timeout: number } = { text: 'select 1', query_timeout: ms };
        try {
          await withDeadline(pool.query(query), ms);
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
  // Started before anything else is awaited, so that it overlaps the most.
  const artifacts = dir.startsWith('memory://') ? undefined : pgliteArtifacts();
  const { PGlite: PGliteClass, drizzlePglite, migratePglite } = await pgliteModules();
  const { client, migrated } = artifacts
    ? await openPgliteDir(dir, artifacts, opts.pgliteSnapshot, opts.pgliteSeedDir ?? pgliteSeedDir(), opts.pgliteSmallBuffers)
    : { client: new PGliteClass(dir, opts.pgliteSnapshot ? { loadDataDir: opts.pgliteSnapshot } : {}), migrated: false };
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (!migrated) await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir });
  const changes = await pgliteChangeFeed(client);
  return {
    db,
    engine: 'pglite',
    changes,
    jobQueueDb: pgliteJobQueueDb(client),
    ping: async (ms = 2000) => {
      await withDeadline(db.execute(sql`select 1`), ms);
    },
    close: async () => {
      await changes.close();
      await client.close();
    },
  };
}

async function pgliteModules() {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { PGlite, drizzlePglite, migratePglite };
}

/** The folder of the installed PGlite's files (its WebAssembly and file bundle are there). */
function pgliteDistDir(): string {
  return dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
}

interface PgliteArtifacts {
  pgliteWasmModule?: WebAssembly.Module;
}

let compiledPglite: Promise<PgliteArtifacts> | undefined;

/**
 * PGlite's WebAssembly (9 MB), compiled from the moment the database starts opening: V8 compiles
 * it on background threads while the seed is copied and the app's modules load, instead of after
 * both (start-up time counts). Once per process, as PGlite itself keeps the module it compiled.
 * When it cannot be read, PGlite loads it itself.
 */
function pgliteArtifacts(): Promise<PgliteArtifacts> {
  compiledPglite ??= Promise.resolve()
    .then(() => readFile(join(pgliteDistDir(), 'pglite.wasm')))
    .then((bytes) => WebAssembly.compile(bytes))
    .then(
      (pgliteWasmModule) => ({ pgliteWasmModule }),
      () => ({}),
    );
  return compiledPglite;
}

/** The installed PGlite's version: a seed is only valid for the PGlite that wrote it. */
function installedPgliteVersion(): string | undefined {
  try {
    let dir = pgliteDistDir();
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
 * a fresh DATA_DIR starts as a copy of it instead of running initdb, which takes seconds. A plain
 * directory, not an archive: copying files is faster than unpacking them.
 */
export function pgliteSeedDir(): string | undefined {
  const version = installedPgliteVersion();
  return version ? join(projectRoot, 'dist', `pglite-seed-${version}`) : undefined;
}

/** Writes the seed (a new database in `dir`, migrated, cleanly shut down); the old one is replaced whole. */
export async function writePgliteSeed(dir: string | undefined = pgliteSeedDir()): Promise<string> {
  if (!dir) throw new Error('cannot tell the installed PGlite version');
  const { PGlite, drizzlePglite, migratePglite } = await pgliteModules();
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(dirname(dir), { recursive: true });
  const client = await PGlite.create(partial);
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir });
  // PGlite works in the `postgres` database only; the two templates are a third of the bytes
  // every fresh DATA_DIR would copy.
  await client.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  await client.exec('drop database template0');
  await client.exec('drop database template1');
  await client.exec('checkpoint');
  await client.close();
  writeFileSync(join(partial, seedStampFile), migrationsStamp());
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return dir;
}

const isSeed = (dir: string | undefined): dir is string => !!dir && existsSync(join(dir, 'PG_VERSION'));

/** In a seed: the migrations it holds (a file PostgreSQL ignores, not copied to a DATA_DIR). */
const seedStampFile = 'corisk-migrations.sha256';

/** The migrations the sources hold: drizzle applies those of the journal newer than the last applied. */
function migrationsStamp(): string {
  return createHash('sha256').update(readFileSync(join(migrationsDir, 'meta/_journal.json'))).digest('hex');
}

/** True when a copy of this seed needs no migration: it was migrated with the migrations of today. */
function seedIsCurrent(seedDir: string): boolean {
  try {
    return readFileSync(join(seedDir, seedStampFile), 'utf8') === migrationsStamp();
  } catch {
    return false;
  }
}

/**
 * Copies a directory tree: folders made at once, files copied in parallel on libuv's threads
 * (the kernel copies the bytes). Faster than fs.cp, which checks every entry in JavaScript.
 */
async function copyTree(from: string, to: string, skip: string[] = []): Promise<void> {
  const files: string[] = [];
  const walk = (rel: string) => {
    mkdirSync(join(to, rel), { recursive: true });
    for (const entry of readdirSync(join(from, rel), { withFileTypes: true })) {
      const path = join(rel, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!skip.includes(path)) files.push(path);
    }
  };
  walk('');
  await Promise.all(files.map((f) => copyFile(join(from, f), join(to, f))));
}

/**
 * PGlite's WebAssembly memory from the start: a started PostgreSQL holds about 190 MB (shared
 * buffers, caches), and growing to that step by step costs about a sixth of its start. Pages become
 * resident only when used.
 */
const pgliteOptions = { initialMemory: 256 * 2 ** 20 };

/**
 * Opens a PGlite data directory; a new one starts from a snapshot or the build's seed when there is
 * one. `migrated`: a copy of a seed that holds today's migrations, so none need checking (start-up
 * time counts: checking them is the first statements, that load much of PostgreSQL's code).
 */
async function openPgliteDir(
  dir: string,
  artifacts: Promise<PgliteArtifacts>,
  snapshot?: Blob,
  seedDir: string | undefined = pgliteSeedDir(),
  smallBuffers = false,
): Promise<{ client: PGlite; migrated: boolean }> {
  const { PGlite } = await pgliteModules();
  // Start parameters, not postgresql.conf, which PGlite would rewrite in the folder for every later start.
  const small = smallBuffers ? { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', '-c', 'maintenance_work_mem=16MB'] } : {};
  const create = async (extra: { loadDataDir?: Blob } = {}) => PGlite.create(dir, { ...pgliteOptions, ...small, ...(await artifacts), ...extra });
  const isNew = !existsSync(dir) || readdirSync(dir).length === 0;
  if (!isNew || (!snapshot && !isSeed(seedDir))) {
    mkdirSync(dir, { recursive: true });
    return { client: await create(), migrated: false };
  }
  try {
    if (snapshot) {
      mkdirSync(dir, { recursive: true });
      return { client: await create({ loadDataDir: snapshot }), migrated: false };
    }
    // Copied next to it, then renamed: a start cut short never leaves half a database behind.
    // Asynchronous, so the copy runs on libuv's threads while the app's modules load.
    const seed = seedDir ?? '';
    const partial = `${dir}.partial`;
    rmSync(partial, { recursive: true, force: true });
    await copyTree(seed, partial, [seedStampFile]);
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
    return { client: await create(), migrated: seedIsCurrent(seed) };
  } catch {
    // A seed that does not load must not stop a first start: clear what it wrote, run initdb.
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    return { client: await create(), migrated: false };
  }
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pglite');
}
