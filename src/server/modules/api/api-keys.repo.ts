import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow } from '../../db/first-row.js';
import { apiKeys, users } from '../../db/schema.js';
import type { Locale } from '../../../shared/i18n/locales.js';

/** SQL of the API keys. Every query of a user's keys filters by the owner; only the secret's hash is stored. */

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export async function insertKey(db: Db, key: { userId: string; name: string; prefix: string; secretHash: string }): Promise<ApiKeyRow> {
  const [row] = await db
    .insert(apiKeys)
    .values(key)
    .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt });
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The user's live (not revoked) keys, newest first. */
export async function listLiveKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function countLiveKeys(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return Number(row?.n ?? 0);
}

/** Revokes one of the user's live keys; false when the user has no such live key. */
export async function revokeKey(db: Db, userId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export interface KeyOwnerRow {
  id: string;
  userId: string;
  /** The owner's account language. */
  locale: Locale;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const keyOwnerColumns = { id: apiKeys.id, userId: apiKeys.userId, locale: users.locale, lastUsedAt: apiKeys.lastUsedAt, revokedAt: apiKeys.revokedAt };

export async function findKeyByHash(db: Db, secretHash: string): Promise<KeyOwnerRow | null> {
  return firstRow(db.select(keyOwnerColumns).from(apiKeys).innerJoin(users, eq(users.id, apiKeys.userId)).where(eq(apiKeys.secretHash, secretHash)));
}

/** Sets last_used_at unless it was set after `unlessAfter` (one write a minute per key, whatever the traffic). */
export async function touchKey(db: Db, id: string, at: Date, unlessAfter: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, unlessAfter))));
}
