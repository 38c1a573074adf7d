import type pg from 'pg';
import type { Database } from '../../db/client.js';

/**
 * Who is assessing a portfolio row right now. A worker takes the row's lease before it claims the
 * row and gives it back after writing the row's outcome, so a row marked running whose lease is
 * free was left by a worker that no longer exists (a killed process), and may be taken over.
 *
 * - PGlite belongs to one process: the leases are this process's own set of rows in flight.
 * - PostgreSQL: the set, plus a session-level advisory lock per row on one connection of this
 *   process. PostgreSQL lets the locks go when that connection ends, as it does when the process
 *   dies, so other instances see the rows free within moments.
 */
export interface RowLeases {
  /** Takes the row's lease unless a live worker, here or in another process, holds it. */
  tryTake(rowId: string): Promise<boolean>;
  release(rowId: string): Promise<void>;
  /** Called when the leases held may have been lost (the lock connection ended): stop working on those rows. */
  onLost(listener: () => void): void;
  close(): Promise<void>;
}

/** The advisory lock class of portfolio rows (the two-key form; the migrations' lock uses the one-key form). */
const LOCK_CLASS = 727014;

export function createRowLeases(database: Pick<Database, 'engine' | 'url'>, log: { warn(obj: object, msg: string): void }): RowLeases {
  return database.engine === 'postgres' && database.url ? new PostgresRowLeases(database.url, log) : new LocalRowLeases();
}

class LocalRowLeases implements RowLeases {
  protected readonly held = new Set<string>();

  async tryTake(rowId: string): Promise<boolean> {
    if (this.held.has(rowId)) return false;
    this.held.add(rowId);
    return true;
  }

  async release(rowId: string): Promise<void> {
    this.held.delete(rowId);
  }

  onLost(_listener: () => void): void {}

  async close(): Promise<void> {
    this.held.clear();
  }
}

class PostgresRowLeases extends LocalRowLeases {
  private client: Promise<pg.Client> | undefined;
  private readonly lostListeners: (() => void)[] = [];
  private closed = false;
  /** Which connection is current: events of an ended one are ignored. */
  private generation = 0;
  /** Queries on the connection, one after the other (pg wants no overlapping queries on a client). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {
    super();
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const generation = ++this.generation;
    this.client = (async () => {
      const { default: pgModule } = await import('pg');
      const client = new pgModule.Client({ connectionString: this.url, application_name: 'corisk-row-leases', keepAlive: true });
      const lost = (err?: Error) => {
        if (generation !== this.generation || this.client === undefined) return;
        this.client = undefined;
        // Locks held on the connection are gone with it: nothing here may go on as their holder.
        const had = this.held.size;
        this.held.clear();
        if (!this.closed) {
          this.log.warn({ err: err?.message, rows: had }, 'row lease connection lost');
          for (const listener of this.lostListeners) listener();
        }
      };
      client.on('error', lost);
      client.on('end', () => lost());
      await client.connect();
      return client;
    })().catch((err: unknown) => {
      if (generation === this.generation) this.client = undefined;
      throw err;
    });
    return this.client;
  }

  private query<R extends pg.QueryResultRow>(client: pg.Client, text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
    const run = this.queue.then(() => client.query<R>(text, values));
    this.queue = run.catch(() => {});
    return run;
  }

  override async tryTake(rowId: string): Promise<boolean> {
    // Advisory locks are re-entrant within a session: this process's own rows are told apart by the set.
    if (!(await super.tryTake(rowId))) return false;
    try {
      const client = await this.connection();
      const res = await this.query<{ locked: boolean }>(client, 'select pg_try_advisory_lock($1::int, hashtext($2)) as locked', [LOCK_CLASS, rowId]);
      if (res.rows[0]?.locked) return true;
    } catch (err) {
      this.held.delete(rowId);
      throw err;
    }
    this.held.delete(rowId);
    return false;
  }

  override async release(rowId: string): Promise<void> {
    if (!this.held.has(rowId)) return;
    this.held.delete(rowId);
    const client = await this.client?.catch(() => undefined);
    if (client) await this.query(client, 'select pg_advisory_unlock($1::int, hashtext($2))', [LOCK_CLASS, rowId]).catch(() => {});
  }

  override onLost(listener: () => void): void {
    this.lostListeners.push(listener);
  }

  override async close(): Promise<void> {
    this.closed = true;
    const client = await this.client?.catch(() => undefined);
    this.client = undefined;
    this.held.clear();
    await client?.end().catch(() => {});
  }
}
