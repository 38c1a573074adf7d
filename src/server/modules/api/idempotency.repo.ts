import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow } from '../../db/first-row.js';
import { idempotencyKeys } from '../../db/schema.js';

/** SQL of the Idempotency-Key records: one per user and key, the first answer kept for replays. */

export interface IdempotencyRow {
  id: string;
  requestHash: string;
  statusCode: number | null;
  response: unknown;
  createdAt: Date;
}

const columns = {
  id: idempotencyKeys.id,
  requestHash: idempotencyKeys.requestHash,
  statusCode: idempotencyKeys.statusCode,
  response: idempotencyKeys.response,
  createdAt: idempotencyKeys.createdAt,
};

/** Claims the key for a request still running; null when the user already has a record under it (unique index). */
export async function tryInsert(db: Db, rec: { userId: string; key: string; requestHash: string; createdAt: Date }): Promise<string | null> {
  const rows = await db.insert(idempotencyKeys).values(rec).onConflictDoNothing().returning({ id: idempotencyKeys.id });
  return rows[0]?.id ?? null;
}

export async function find(db: Db, userId: string, key: string): Promise<IdempotencyRow | null> {
  return firstRow(db.select(columns).from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))));
}

/** Takes over a record left running (its process died) if nobody else did first; true when taken. */
export async function takeOver(db: Db, id: string, seenCreatedAt: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ createdAt: now })
    .where(and(eq(idempotencyKeys.id, id), isNull(idempotencyKeys.statusCode), eq(idempotencyKeys.createdAt, seenCreatedAt)))
    .returning({ id: idempotencyKeys.id });
  return rows.length > 0;
}

export async function complete(db: Db, id: string, statusCode: number, response: unknown): Promise<void> {
  await db.update(idempotencyKeys).set({ statusCode, response }).where(eq(idempotencyKeys.id, id));
}

/** Frees a key whose request failed, so a retry runs again. */
export async function release(db: Db, id: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, id), isNull(idempotencyKeys.statusCode)));
}

/** Records older than `before`: of one user and key, or of everyone when `where` is omitted. */
export async function deleteExpired(db: Db, before: Date, where?: { userId: string; key: string }): Promise<void> {
  const old = lt(idempotencyKeys.createdAt, before);
  await db
    .delete(idempotencyKeys)
    .where(where ? and(eq(idempotencyKeys.userId, where.userId), eq(idempotencyKeys.key, where.key), old) : old);
}
