import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';

/**
 * Throw-away PostgreSQL databases for the benches and the process tests: created empty on the
 * server at BENCH_DATABASE_URL / TEST_DATABASE_URL (default: the local server's `test`
 * database), migrated by the server that opens them, dropped afterwards.
 */
export const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something accepts TCP connections at the URL's host and port. */
export function reachable(url: string, defaultPort: number): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || defaultPort), timeout: 1500 });
    s.on('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.on('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

export const postgresReachable = () => reachable(adminUrl, 5432);
export const redisReachable = () => reachable(redisUrl, 6379);

export interface ScratchDatabase {
  name: string;
  url: string;
  /** A query on the database (its own short connection). */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(prefix = 'corisk_b'): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`create database ${name}`));
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    name,
    url,
    query: async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      withClient(url, async (c) => (await c.query<R>(text, values)).rows),
    drop: () => withClient(adminUrl, async (c) => void (await c.query(`drop database if exists ${name} with (force)`))),
  };
}

/** `url` with its host and port replaced (e.g. to go through a TCP proxy). */
export function viaPort(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
}
