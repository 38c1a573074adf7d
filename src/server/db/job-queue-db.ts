import type { PGlite } from '@electric-sql/pglite';
import { Param, SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './db.js';

/**
 * The database as the job queue (pg-boss, its `db` option) talks to it: text with `$n`
 * parameters, or without parameters several statements at once (its schema creation and
 * maintenance). Both engines, and inside one of our drizzle transactions (`jobQueueDbIn`), so a
 * job is stored in the same commit as the rows it is about.
 */
export interface JobQueueDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * pg-boss sends its multi-statement work wrapped as `BEGIN; …; COMMIT;` in one string. Sent as
 * one simple query, a failing statement would skip the COMMIT and leave the connection inside
 * an aborted transaction; we run the inner statements in a transaction we close ourselves.
 */
const wrappedTransaction = /^\s*BEGIN;([\s\S]*?)COMMIT;\s*$/;

type Rows = { rows: Record<string, unknown>[] };
const lastResult = (results: readonly Rows[]): Rows => results[results.length - 1] ?? { rows: [] };

/**
 * PGlite: one connection whose calls (query, exec, transaction) are queued one after the other,
 * so pg-boss's statements never run inside one of our transactions nor interleave with it.
 * query() takes one statement with parameters, exec() several without.
 */
export function pgliteJobQueueDb(client: PGlite): JobQueueDb {
  return {
    async executeSql(text, values) {
      if (values && values.length) return (await client.query<Record<string, unknown>>(text, values)) as Rows;
      const inner = wrappedTransaction.exec(text)?.[1];
      if (inner !== undefined) return lastResult((await client.transaction((tx) => tx.exec(inner))) as Rows[]);
      return lastResult((await client.exec(text)) as Rows[]);
    },
  };
}

/** PostgreSQL: the app's pool (pg sends a query without parameters as one simple query, several statements allowed). */
export function postgresJobQueueDb(pool: pg.Pool): JobQueueDb {
  return {
    async executeSql(text, values) {
      const inner = !values?.length ? wrappedTransaction.exec(text)?.[1] : undefined;
      // Several statements in one simple query answer an array of results: the last one counts.
      const one = (result: Rows | Rows[]): Rows => (Array.isArray(result) ? lastResult(result) : result);
      if (inner === undefined) return one(await pool.query(text, values as unknown[] | undefined));
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await client.query(inner);
        await client.query('COMMIT');
        return one(result);
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
  };
}

/**
 * pg-boss's parameterised statements inside one of our drizzle transactions: `$n` become drizzle
 * parameters (passed whole: an array stays one array parameter), the statement runs on `tx`.
 */
export function jobQueueDbIn(tx: Db): JobQueueDb {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const query = new SQL([]);
      parts.forEach((part, i) => {
        query.append(i % 2 === 0 ? sql.raw(part) : new SQL([new Param(values[Number(part) - 1])]));
      });
      const result = (await tx.execute(query)) as unknown as Rows;
      return { rows: result.rows };
    },
  };
}
