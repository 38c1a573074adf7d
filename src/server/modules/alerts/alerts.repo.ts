import type { Locale } from '../../../shared/i18n/locales.js';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { alertCursor, alertDigestItems, alertOutbox, users } from '../../db/schema.js';

export type DigestItemRow = typeof alertDigestItems.$inferSelect;
export type NewDigestItem = typeof alertDigestItems.$inferInsert;
export type OutboxRow = typeof alertOutbox.$inferSelect;
/** A mail to put in the outbox: what it says, to whom, and its key (one mail per alert or digest). */
export type NewOutboxMail = Pick<typeof alertOutbox.$inferInsert, 'key' | 'userId' | 'recipient' | 'subject' | 'text' | 'html'>;

const CURSOR = 'events';

/** The last event seq taken in (0 before the first). */
export async function readCursor(db: Db): Promise<number> {
  const rows = await db.select({ lastSeq: alertCursor.lastSeq }).from(alertCursor).where(eq(alertCursor.name, CURSOR));
  return rows[0]?.lastSeq ?? 0;
}

/** The cursor inside `tx`, locked until it ends (made on first use). */
export async function lockCursor(tx: Db): Promise<number> {
  await tx.insert(alertCursor).values({ name: CURSOR, lastSeq: 0 }).onConflictDoNothing();
  const rows = await tx.select({ lastSeq: alertCursor.lastSeq }).from(alertCursor).where(eq(alertCursor.name, CURSOR)).for('update');
  return rows[0]!.lastSeq;
}

export async function moveCursor(tx: Db, lastSeq: number, at: Date): Promise<void> {
  await tx.update(alertCursor).set({ lastSeq, updatedAt: at }).where(eq(alertCursor.name, CURSOR));
}

export interface Recipient {
  id: string;
  email: string;
  firstName: string;
  digestFrequency: string;
  /** The language the mails are written in. */
  locale: Locale;
}

export async function recipients(db: Db, userIds: readonly string[]): Promise<Map<string, Recipient>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, digestFrequency: users.digestFrequency, locale: users.locale })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Inserts mails; a key already there (the same alert or digest) is left as it is. True when one was new. */
export async function insertOutbox(tx: Db, mails: readonly NewOutboxMail[], at: Date): Promise<boolean> {
  if (mails.length === 0) return false;
  const rows = await tx
    .insert(alertOutbox)
    .values(mails.map((m) => ({ ...m, createdAt: at })))
    .onConflictDoNothing({ target: alertOutbox.key })
    .returning({ id: alertOutbox.id });
  return rows.length > 0;
}

export async function insertDigestItems(tx: Db, items: readonly NewDigestItem[]): Promise<void> {
  if (items.length === 0) return;
  await tx.insert(alertDigestItems).values([...items]).onConflictDoNothing({ target: alertDigestItems.eventId });
}

/**
 * Users of `frequency` with events waiting from before `end`, and no digest for `key(user)` yet
 * (events taken in after their period's digest was made wait for the next one).
 */
export async function usersDueDigest(db: Db, frequency: string, end: Date, label: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: alertDigestItems.userId })
    .from(alertDigestItems)
    .innerJoin(users, eq(users.id, alertDigestItems.userId))
    .where(
      and(
        isNull(alertDigestItems.digestKey),
        lt(alertDigestItems.detectedAt, end),
        eq(users.digestFrequency, frequency),
        sql`not exists (select 1 from ${alertOutbox} where ${alertOutbox.key} = 'digest:' || ${alertDigestItems.userId}::text || ${`:${label}`})`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.userId);
}

/** The user's waiting events from before `end`, oldest first, locked until `tx` ends. */
export async function lockPendingItems(tx: Db, userId: string, end: Date): Promise<DigestItemRow[]> {
  return tx
    .select()
    .from(alertDigestItems)
    .where(and(eq(alertDigestItems.userId, userId), isNull(alertDigestItems.digestKey), lt(alertDigestItems.detectedAt, end)))
    .orderBy(asc(alertDigestItems.seq))
    .for('update');
}

export async function markItemsDigested(tx: Db, eventIds: readonly string[], key: string): Promise<void> {
  if (eventIds.length === 0) return;
  await tx.update(alertDigestItems).set({ digestKey: key }).where(inArray(alertDigestItems.eventId, [...eventIds]));
}

/** Waiting events of users who turned digests off: they will never be sent. */
export async function dropItemsOfUsersWithoutDigest(db: Db): Promise<void> {
  await db
    .delete(alertDigestItems)
    .where(
      and(
        isNull(alertDigestItems.digestKey),
        sql`${alertDigestItems.userId} in (select ${users.id} from ${users} where ${users.digestFrequency} = 'off')`,
      ),
    );
}

/**
 * Up to `n` unsent mails nobody holds (never claimed, or their lease ran out), now held by the
 * caller until `leaseUntil`. SKIP LOCKED: two instances claiming at once get different mails.
 */
export async function claimOutbox(db: Db, n: number, now: Date, leaseUntil: Date): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const free = await tx
      .select({ id: alertOutbox.id })
      .from(alertOutbox)
      .where(and(isNull(alertOutbox.sentAt), isNull(alertOutbox.failedAt), or(isNull(alertOutbox.leaseUntil), lte(alertOutbox.leaseUntil, now))))
      .orderBy(asc(alertOutbox.createdAt))
      .limit(n)
      .for('update', { skipLocked: true });
    if (free.length === 0) return [];
    return tx
      .update(alertOutbox)
      .set({ leaseUntil, attempts: sql`${alertOutbox.attempts} + 1` })
      .where(inArray(alertOutbox.id, free.map((r) => r.id)))
      .returning();
  });
}

/** The SMTP server took the mail. Only the holder of the lease that sent it marks it. */
export async function markSent(db: Db, id: string, leaseUntil: Date, at: Date): Promise<void> {
  await db
    .update(alertOutbox)
    .set({ sentAt: at, leaseUntil: null, lastError: null })
    .where(and(eq(alertOutbox.id, id), isNull(alertOutbox.sentAt), eq(alertOutbox.leaseUntil, leaseUntil)));
}

/** Sending failed: tried again after `retryAt`, or given up (`failed`). */
export async function markFailed(db: Db, id: string, leaseUntil: Date, error: string, retryAt: Date, failed: boolean, at: Date): Promise<void> {
  await db
    .update(alertOutbox)
    .set(failed ? { lastError: error, leaseUntil: null, failedAt: at } : { lastError: error, leaseUntil: retryAt })
    .where(and(eq(alertOutbox.id, id), isNull(alertOutbox.sentAt), eq(alertOutbox.leaseUntil, leaseUntil)));
}

/** Sent mails are kept a while (what was sent, when), then removed with the events they listed. */
export async function pruneSent(db: Db, before: Date): Promise<void> {
  await db.delete(alertOutbox).where(lt(alertOutbox.sentAt, before));
  await db.delete(alertDigestItems).where(and(sql`${alertDigestItems.digestKey} is not null`, lt(alertDigestItems.detectedAt, before)));
}
