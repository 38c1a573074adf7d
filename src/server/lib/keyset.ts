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

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A page key as an opaque cursor for clients (base64url of its JSON). */
export const encodePageKey = (key: PageKey): string => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

/** The key a cursor of encodePageKey names; null for anything this server did not hand out. */
export function decodePageKey(cursor: string): PageKey | null {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<PageKey>;
    if (typeof key.at === 'string' && /^\d{1,20}$/.test(key.at) && typeof key.id === 'string' && uuidRe.test(key.id)) return { at: key.at, id: key.id };
  } catch {
    // Not JSON: not one of ours.
  }
  return null;
}
