import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Where a newest-first page ends: the last row's creation time in microseconds since the epoch
 * (the column's own precision, so a row stored with `now()` compares exactly) and its id.
 * Paging by this key, not by an offset, keeps pages stable while rows are added.
 */
export interface PageKey {
  at: string;
  id: string;
}

/** The page key of each row, selected beside it. */
export const pageKeyAt = (createdAt: AnyColumn): SQL<string> =>
  sql<string>`(extract(epoch from ${createdAt}) * 1000000)::bigint::text`;

/** Rows after `key` in the order (created_at desc, id desc). */
export const beforeKey = (createdAt: AnyColumn, id: AnyColumn, key: PageKey): SQL =>
  sql`(${createdAt}, ${id}) < (timestamptz 'epoch' + ${key.at}::bigint * interval '1 microsecond', ${key.id}::uuid)`;
