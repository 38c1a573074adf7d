import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsDir } from '../lib/paths.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
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

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
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
    return {
      db,
      engine: 'postgres',
      ping: async (ms = 2000) => {
        // query_timeout makes pg drop a connection that stopped answering instead of keeping it.
        const query: pg.QueryConfig & { query_timeout: number } = { text: 'select 1', query_timeout: ms };
        await withTimeout(pool.query(query), ms);
      },
      close: () => pool.end(),
    };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, opts.pgliteSnapshot ? { loadDataDir: opts.pgliteSnapshot } : {});
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir });
  return {
    db,
    engine: 'pglite',
    ping: async (ms = 2000) => {
      await withTimeout(db.execute(sql`select 1`), ms);
    },
    close: () => client.close(),
  };
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pglite');
}
