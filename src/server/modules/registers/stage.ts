import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from './registers.repo.js';

/**
 * Scratch tables for a format whose company is spread over several files (Belgium's enterprise,
 * name, address and activity files): rows are loaded as they stream in, and the database joins
 * them, so the import's memory stays small whatever the files' size. Unlogged tables of their own
 * name, not temporary ones, since a pool's statements may each run on another connection. Rows
 * go in batches, each statement short, so a server on the same database keeps answering.
 */
export class Stage {
  private readonly tables: string[] = [];

  constructor(
    private readonly db: Db,
    private readonly prefix: string,
  ) {}

  /** The real name of a scratch table. */
  name(table: string): string {
    return `${this.prefix}_${table}`;
  }

  /** Creates a scratch table of text columns. */
  async create(table: string, columns: readonly string[]): Promise<void> {
    const name = this.name(table);
    await this.db.execute(sql.raw(`drop table if exists ${name}`));
    await this.db.execute(sql.raw(`create unlogged table ${name} (${columns.map((c) => `${c} text`).join(', ')})`));
    this.tables.push(name);
  }

  /** Loads objects with the table's columns as keys. */
  async insert(table: string, columns: readonly string[], batch: readonly Record<string, string | null>[]): Promise<void> {
    if (!batch.length) return;
    const cols = columns.join(', ');
    const json = JSON.stringify(batch);
    await this.db.execute(
      sql`insert into ${sql.raw(this.name(table))} (${sql.raw(cols)}) select ${sql.raw(cols)} from jsonb_to_recordset(${json}::jsonb) as x(${sql.raw(columns.map((c) => `${c} text`).join(', '))})`,
    );
  }

  async index(table: string, columns: readonly string[]): Promise<void> {
    await this.db.execute(sql.raw(`create index on ${this.name(table)} (${columns.join(', ')})`));
    await this.db.execute(sql.raw(`analyze ${this.name(table)}`));
  }

  query<T>(query: SQL): Promise<T[]> {
    return rows<T>(this.db, query);
  }

  /** Drops every scratch table made. */
  async drop(): Promise<void> {
    for (const name of this.tables.splice(0)) await this.db.execute(sql.raw(`drop table if exists ${name}`));
  }
}

/**
 * Drops the scratch tables that imports cut short left (a process that died mid-import): those
 * named `<prefix><import id>_…` with an id below `belowId` (an import running now has a newer one).
 */
export async function dropStaleStages(db: Db, prefix: string, belowId: number): Promise<void> {
  const found = await rows<{ tablename: string }>(db, sql`select tablename from pg_tables where tablename like ${`${prefix}%`}`);
  for (const { tablename } of found) {
    const id = /^[a-z_]+?(\d+)_[a-z_]+$/.exec(tablename)?.[1];
    if (id && Number(id) < belowId) await db.execute(sql.raw(`drop table if exists ${tablename}`));
  }
}

/** Collects items and hands them on in batches of `size`. */
export class Batcher<T> {
  private items: T[] = [];

  constructor(
    private readonly size: number,
    private readonly flush: (items: T[]) => Promise<void>,
  ) {}

  async add(item: T): Promise<void> {
    this.items.push(item);
    if (this.items.length >= this.size) await this.end();
  }

  async end(): Promise<void> {
    const items = this.items;
    this.items = [];
    if (items.length) await this.flush(items);
  }
}
