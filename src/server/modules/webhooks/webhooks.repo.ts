import type { Locale } from '../../../shared/i18n/locales.js';
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow } from '../../db/first-row.js';
import { users, webhookCursor, webhookDeliveries, webhookEndpoints } from '../../db/schema.js';
import { beforeKey, pageKeyAt, type PageKey } from '../../lib/keyset.js';

/** SQL of webhooks. Every query of a user's endpoints filters by the owner. */

const FEED = 'monitoring';

export interface EndpointRow {
  id: string;
  userId: string;
  url: string;
  eventTypes: string[] | null;
  enabled: boolean;
  createdAt: Date;
  disabledAt: Date | null;
}

const endpointColumns = {
  id: webhookEndpoints.id,
  userId: webhookEndpoints.userId,
  url: webhookEndpoints.url,
  eventTypes: webhookEndpoints.eventTypes,
  enabled: webhookEndpoints.enabled,
  createdAt: webhookEndpoints.createdAt,
  disabledAt: webhookEndpoints.disabledAt,
};

export async function countEndpoints(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertEndpoint(db: Db, values: { userId: string; url: string; eventTypes: string[] | null; secret: string }): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning(endpointColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function listEndpoints(db: Db, userId: string): Promise<EndpointRow[]> {
  return db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

export async function findEndpoint(db: Db, userId: string, id: string): Promise<EndpointRow | null> {
  return firstRow(db.select(endpointColumns).from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId))));
}

/** Deletes one of the user's endpoints with its deliveries; false when the user has no such endpoint. */
export async function deleteEndpoint(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Where to mail an endpoint's owner, and in which language. */
export async function owner(db: Db, userId: string): Promise<{ email: string; locale: Locale } | null> {
  const rows = await db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0] ?? null;
}

/** The last monitoring event seq whose deliveries are made (0 before the first). */
export async function readCursor(db: Db): Promise<number> {
  const rows = await db.select({ lastSeq: webhookCursor.lastSeq }).from(webhookCursor).where(eq(webhookCursor.id, FEED)).limit(1);
  return rows[0]?.lastSeq ?? 0;
}

export interface NewDelivery {
  endpointId: string;
  userId: string;
  eventId: string;
  eventType: string;
  body: string;
}

export interface EndpointTarget {
  id: string;
  userId: string;
  eventTypes: string[] | null;
  createdAt: Date;
}

/**
 * Stores the deliveries of the events after `fromSeq` up to `toSeq` and moves the cursor there,
 * in one transaction: a process killed half-way leaves neither. `deliveriesFor` picks them from
 * the owners' enabled endpoints, read inside the transaction. False (nothing written) when
 * another instance moved the cursor first.
 */
export async function advanceCursor(
  db: Db,
  fromSeq: number,
  toSeq: number,
  userIds: string[],
  deliveriesFor: (endpoints: EndpointTarget[]) => NewDelivery[],
  dueAt: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.insert(webhookCursor).values({ id: FEED, lastSeq: 0 }).onConflictDoNothing();
    const [cursor] = await tx.select({ lastSeq: webhookCursor.lastSeq }).from(webhookCursor).where(eq(webhookCursor.id, FEED)).for('update');
    if ((cursor?.lastSeq ?? 0) !== fromSeq) return false;
    const endpoints = userIds.length
      ? await tx
          .select({ id: webhookEndpoints.id, userId: webhookEndpoints.userId, eventTypes: webhookEndpoints.eventTypes, createdAt: webhookEndpoints.createdAt })
          .from(webhookEndpoints)
          .where(and(inArray(webhookEndpoints.userId, userIds), eq(webhookEndpoints.enabled, true)))
      : [];
    const deliveries = deliveriesFor(endpoints);
    if (deliveries.length) {
      await tx
        .insert(webhookDeliveries)
        .values(deliveries.map((d) => ({ ...d, nextAttemptAt: dueAt })))
        .onConflictDoNothing();
    }
    await tx.update(webhookCursor).set({ lastSeq: toSeq }).where(eq(webhookCursor.id, FEED));
    return true;
  });
}

export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  userId: string;
  eventId: string;
  body: string;
  /** This attempt's number (1 for the first). */
  attempt: number;
  leaseUntil: Date;
  url: string;
  secret: string;
}

/**
 * Leases up to `limit` due deliveries of enabled endpoints until `leaseUntil` and counts the
 * attempt. A lease whose holder died runs out and the delivery is taken again (same event id).
 */
export async function claimDue(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          or(isNull(webhookDeliveries.leaseUntil), lt(webhookDeliveries.leaseUntil, now)),
          eq(webhookEndpoints.enabled, true),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit)
      .for('update', { of: webhookDeliveries, skipLocked: true });
    if (!due.length) return [];
    const claimed = await tx
      .update(webhookDeliveries)
      .set({ leaseUntil, attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((d) => d.id),
        ),
      )
      .returning({
        id: webhookDeliveries.id,
        endpointId: webhookDeliveries.endpointId,
        userId: webhookDeliveries.userId,
        eventId: webhookDeliveries.eventId,
        body: webhookDeliveries.body,
        attempt: webhookDeliveries.attempts,
      });
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(
        inArray(
          webhookEndpoints.id,
          claimed.map((c) => c.endpointId),
        ),
      );
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    return claimed.flatMap((c) => {
      const endpoint = byId.get(c.endpointId);
      return endpoint ? [{ ...c, leaseUntil, url: endpoint.url, secret: endpoint.secret }] : [];
    });
  });
}

export interface AttemptOutcome {
  status: 'pending' | 'delivered' | 'failed';
  code: number | null;
  at: Date;
  /** When pending: the next attempt. */
  nextAttemptAt?: Date;
}

/** Writes an attempt's outcome if the lease is still this attempt's; false when it was lost. */
export async function finishAttempt(db: Db, claim: Pick<ClaimedDelivery, 'id' | 'leaseUntil'>, outcome: AttemptOutcome): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      lastStatusCode: outcome.code,
      lastAttemptAt: outcome.at,
      leaseUntil: null,
      ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
    })
    .where(and(eq(webhookDeliveries.id, claim.id), eq(webhookDeliveries.leaseUntil, claim.leaseUntil)))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

export async function markEndpointHealthy(db: Db, endpointId: string): Promise<void> {
  await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpointId));
}

/** Notes a failure; answers since when the endpoint has been failing. */
export async function markEndpointFailing(db: Db, endpointId: string, at: Date): Promise<Date | null> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return rows[0]?.failingSince ?? null;
}

/**
 * Disables an endpoint and gives up its pending deliveries. Answers the endpoint only to the
 * caller that disabled it (so its owner is told once, whichever instance got there first).
 */
export async function disableEndpoint(db: Db, endpointId: string, at: Date): Promise<{ userId: string; url: string } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledAt: at })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
      .returning({ userId: webhookEndpoints.userId, url: webhookEndpoints.url });
    if (!row) return null;
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', leaseUntil: null })
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
    return row;
  });
}

/** When the earliest pending delivery of an enabled endpoint is due (or its lease runs out); null when none. */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`min(greatest(${webhookDeliveries.nextAttemptAt}, coalesce(${webhookDeliveries.leaseUntil}, ${webhookDeliveries.nextAttemptAt})))` })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.status, 'pending'), eq(webhookEndpoints.enabled, true)));
  return row?.at ? new Date(row.at) : null;
}

export interface DeliveryRow {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date;
  createdAt: Date;
  pageAt: string;
}

/** An endpoint's deliveries, newest first, after `key`. */
export async function listDeliveries(db: Db, endpointId: string, limit: number, key?: PageKey): Promise<DeliveryRow[]> {
  return db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      createdAt: webhookDeliveries.createdAt,
      pageAt: pageKeyAt(webhookDeliveries.createdAt),
    })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), key ? beforeKey(webhookDeliveries.createdAt, webhookDeliveries.id, key) : undefined))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}
