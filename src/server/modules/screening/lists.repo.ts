import { eq } from 'drizzle-orm';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Db } from '../../db/client.js';
import { sanctionsLists } from '../../db/schema.js';
import type { ListName, SanctionsEntry, SanctionsList } from './entry.js';

/** SQL of the sanctions lists: the last good version of each, entries stored as gzipped JSON. */

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export interface StoredList {
  list: SanctionsList;
  fetchedAt: string;
  contentHash: string;
}

export async function saveList(db: Db, stored: StoredList): Promise<void> {
  const entries = await gzipAsync(JSON.stringify(stored.list.entries));
  const row = {
    generatedAt: new Date(stored.list.generatedAt),
    fetchedAt: new Date(stored.fetchedAt),
    entryCount: stored.list.entries.length,
    contentHash: stored.contentHash,
    entries,
  };
  await db
    .insert(sanctionsLists)
    .values({ list: stored.list.list, ...row })
    .onConflictDoUpdate({ target: sanctionsLists.list, set: row });
}

/** The same content fetched again: only its generation date and the fetch time move on. */
export async function touchList(db: Db, list: ListName, fetchedAt: string, generatedAt: string): Promise<void> {
  await db
    .update(sanctionsLists)
    .set({ fetchedAt: new Date(fetchedAt), generatedAt: new Date(generatedAt) })
    .where(eq(sanctionsLists.list, list));
}

/** Which version of each list the database holds (cheap: no entries). */
export async function listVersions(db: Db): Promise<{ list: string; contentHash: string; generatedAt: Date; fetchedAt: Date }[]> {
  return db
    .select({ list: sanctionsLists.list, contentHash: sanctionsLists.contentHash, generatedAt: sanctionsLists.generatedAt, fetchedAt: sanctionsLists.fetchedAt })
    .from(sanctionsLists);
}

export async function loadList(db: Db, list: ListName): Promise<StoredList | null> {
  const [row] = await db.select().from(sanctionsLists).where(eq(sanctionsLists.list, list));
  if (!row) return null;
  const entries = JSON.parse((await gunzipAsync(row.entries)).toString('utf8')) as SanctionsEntry[];
  return {
    list: { list, generatedAt: row.generatedAt.toISOString(), entries },
    fetchedAt: row.fetchedAt.toISOString(),
    contentHash: row.contentHash,
  };
}
