import type pg from 'pg';
import type { Database } from './client.js';

/**
 * Who is working on a piece of work (a portfolio row, a row's check) right now. A worker takes the
 * work's lease before it starts and gives it back when its outcome is written, so work marked
 * under way whose lease is free was left by a worker that no longer exists (a killed process),
 * and may be taken over.
 *
 * - PGlite belongs to one process: the leases are this process's own set of work in flight.
 * - PostgreSQL: the set, plus a session-level advisory lock per key on one connection of this
 *   process. PostgreSQL lets the locks go when that connection ends, as it does when the process
 *   dies, so other instances see the work free within moments.
 */
export interface Leases {
  /** Takes the key's lease unless a live worker, here or in another process, holds it. */
  tryTake(key: string): Promise<boolean>;
  release(key: string): Promise<void>;
  /** Called when the leases held may have been lost (the lock connection ended): stop that work. */
  onLost(listener: () => void): void;
  close(): Promise<void>;
}

export interface LeaseKind {
  /** The advisory lock class of these leases (the two-key form; the migrations' lock uses the one-key form). */
  lockClass: number;
  /** The lock connection's application_name, as the database's activity view shows it. */
  name: string;
}

export function createLeases(database: Pick<Database, 'engine' | 'url'>, kind: LeaseKind, log: { warn(obj: object, msg: string): void }): Leases {
  return database.engine === 'postgres' && database.url ? new PostgresLeases(database.url, kind, log) : new LocalLeases();
}

class LocalLeases implements Leases {
  protected readonly held = new Set<string>();

  async tryTake(key: string): Promise<boolean> {
    if (this.held.has(key)) return false;
    this.held.add(key);
    return true;
  }

  async release(key: string): Promise<void> {
    this.held.delete(key);
  }

  onLost(_listener: () => void): void {}

  async close(): Promise<void> {
    this.held.clear();
  }
}

class PostgresLeases extends LocalLeases {
  private client: Promise<pg.Client> | undefined;
  private readonly lostListeners: (() => void)[] = [];
  private closed = false;
  /** Which connection is current: events of an ended one are ignored. */
  private generation = 0;
  /** Queries on the connection, one after the other (pg wants no overlapping queries on a client). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly kind: LeaseKind,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {
    super();
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const generation = ++this.generation;
    this.client = (async () => {
      const { default: pgModule } = await import('pg');
      const client = new pgModule.Client({ connectionString: this.url, application_name: this.kind.name, keepAlive: true });
      const lost = (err?: Error) => {
        if (generation !== this.generation || this.client === undefined) return;
        this.client = undefined;
        // Locks held on the connection are gone with it: nothing here may go on as their holder.
        const had = this.held.size;
        this.held.clear();
        if (!this.closed) {
          this.log.warn({ err: err?.message, held: had, leases: this.kind.name }, 'lease connection lost');
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

  override async tryTake(key: string): Promise<boolean> {
    // Advisory locks are re-entrant within a session: this process's own work is told apart by the set.
    if (!(await super.tryTake(key))) return false;
    try {
      const client = await this.connection();
      const res = await this.query<{ locked: boolean }>(client, 'select pg_try_advisory_lock($1::int, hashtext($2)) as locked', [this.kind.lockClass, key]);
      if (res.rows[0]?.locked) return true;
    } catch (err) {
      this.held.delete(key);
      throw err;
    }
    this.held.delete(key);
    return false;
  }

  override async release(key: string): Promise<void> {
    if (!this.held.has(key)) return;
    this.held.delete(key);
    const client = await this.client?.catch(() => undefined);
    if (client) await this.query(client, 'select pg_advisory_unlock($1::int, hashtext($2))', [this.kind.lockClass, key]).catch(() => {});
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
