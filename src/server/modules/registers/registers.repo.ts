import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ImportedCompany, ImportState } from './facts.js';

/** SQL of the imported registers: companies under their import's id, and each state's current import. */

/** The rows of a raw statement (both drivers answer `{rows}`). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Adds a batch of companies to an import (a number listed twice in a file: the first row counts). */
export async function insertCompanies(db: Db, state: ImportState, importId: number, batch: readonly ImportedCompany[]): Promise<void> {
  if (!batch.length) return;
  const json = JSON.stringify(batch.map((c) => ({ vat_id: c.vatId, facts: c.facts })));
  await db.execute(sql`
    insert into register_companies (state, import_id, vat_id, facts)
    select ${state}, ${importId}, x.vat_id, x.facts from jsonb_to_recordset(${json}::jsonb) as x(vat_id text, facts jsonb)
    on conflict do nothing`);
}

export async function countCompanies(db: Db, state: ImportState, importId: number): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, sql`select count(*) as n from register_companies where state = ${state} and import_id = ${importId}`);
  return Number(row?.n ?? 0);
}

export interface ImportRecord {
  state: ImportState;
  importId: number;
  publishedOn: string;
  importedAt: Date;
  companies: number;
  files: string[];
}

/**
 * Makes an import the state's current one, unless a newer import already is (two imports of one
 * state ran at once): true when it became current.
 */
export async function makeCurrent(db: Db, record: ImportRecord): Promise<boolean> {
  const done = await rows<{ import_id: unknown }>(
    db,
    sql`
    insert into register_imports (state, import_id, published_on, imported_at, companies, files)
    values (${record.state}, ${record.importId}, ${record.publishedOn}, ${record.importedAt.toISOString()}, ${record.companies}, ${JSON.stringify(record.files)}::jsonb)
    on conflict (state) do update set import_id = excluded.import_id, published_on = excluded.published_on,
      imported_at = excluded.imported_at, companies = excluded.companies, files = excluded.files
    where register_imports.import_id < excluded.import_id
    returning import_id`,
  );
  return done.length === 1;
}

/**
 * Deletes a state's rows of older imports (`below`: ids under it) or of one import (`only`), a
 * slice at a time, so that no single statement holds the database for long.
 */
export async function deleteImportRows(db: Db, state: ImportState, which: { below: number } | { only: number }): Promise<void> {
  const match = 'below' in which ? sql`import_id < ${which.below}` : sql`import_id = ${which.only}`;
  for (;;) {
    const gone = await rows<{ vat_id: string }>(
      db,
      sql`delete from register_companies where ctid in (
        select ctid from register_companies where state = ${state} and ${match} limit 20000) returning vat_id`,
    );
    if (gone.length === 0) return;
  }
}

/** A company of the state's current import: the file's facts and the date its publisher gave it. */
export async function findImported(db: Db, state: ImportState, vatId: string): Promise<{ facts: unknown; publishedOn: string } | null> {
  const [row] = await rows<{ facts: unknown; published_on: string }>(
    db,
    sql`select c.facts, i.published_on from register_imports i
      join register_companies c on c.state = i.state and c.import_id = i.import_id and c.vat_id = ${vatId}
      where i.state = ${state}`,
  );
  return row ? { facts: typeof row.facts === 'string' ? (JSON.parse(row.facts) as unknown) : row.facts, publishedOn: row.published_on } : null;
}

/** Every state's current import. */
export async function currentImports(db: Db): Promise<ImportRecord[]> {
  const found = await rows<{ state: ImportState; import_id: unknown; published_on: string; imported_at: unknown; companies: number; files: unknown }>(
    db,
    sql`select state, import_id, published_on, imported_at, companies, files from register_imports order by state`,
  );
  return found.map((r) => ({
    state: r.state,
    importId: Number(r.import_id),
    publishedOn: r.published_on,
    importedAt: new Date(String(r.imported_at)),
    companies: r.companies,
    files: (typeof r.files === 'string' ? JSON.parse(r.files) : r.files) as string[],
  }));
}

/** The newest import id so far of a state (current or not), so that the next is always higher. */
export async function lastImportId(db: Db, state: ImportState): Promise<number> {
  const [row] = await rows<{ id: unknown }>(
    db,
    sql`select greatest(
      coalesce((select max(import_id) from register_companies where state = ${state}), 0),
      coalesce((select import_id from register_imports where state = ${state}), 0)) as id`,
  );
  return Number(row?.id ?? 0);
}
