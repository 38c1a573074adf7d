import type { Locale } from '../../../shared/i18n/locales.js';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appState, billingCustomers, billingEvents, creditLedger, subscriptions, users } from '../../db/schema.js';

/** SQL of the billing module. Every function takes a Db or a transaction (a transaction is a Db). */

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionValues = typeof subscriptions.$inferInsert;
export type LedgerValues = typeof creditLedger.$inferInsert;

export interface BillingUser {
  id: string;
  email: string;
  credits: number;
}

/** The account, with the language its mails are written in. */
export async function findUser(db: Db, userId: string): Promise<(BillingUser & { locale: Locale }) | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, credits: users.credits, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Locks the user row for the rest of the transaction (serialises credit changes). */
export async function lockUser(tx: Db, userId: string): Promise<BillingUser | null> {
  const [row] = await tx
    .select({ id: users.id, email: users.email, credits: users.credits })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

export async function setUserCredits(tx: Db, userId: string, credits: number): Promise<void> {
  await tx.update(users).set({ credits, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Takes one credit only if one is left; the new balance, or null when there was none. */
export async function takeOneCredit(tx: Db, userId: string): Promise<number | null> {
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} - 1` })
    .where(and(eq(users.id, userId), gt(users.credits, 0)))
    .returning({ credits: users.credits });
  return row ? row.credits : null;
}

export async function giveOneCredit(tx: Db, userId: string): Promise<number | null> {
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + 1` })
    .where(eq(users.id, userId))
    .returning({ credits: users.credits });
  return row ? row.credits : null;
}

/** Inserts a ledger row; a row whose `ref` was already used is skipped (returns false). */
export async function insertLedger(tx: Db, values: LedgerValues): Promise<boolean> {
  const rows = await tx
    .insert(creditLedger)
    .values(values)
    .onConflictDoNothing({ target: creditLedger.ref })
    .returning({ id: creditLedger.id });
  return rows.length > 0;
}

export async function ledgerRefExists(tx: Db, ref: string): Promise<boolean> {
  const rows = await tx.select({ id: creditLedger.id }).from(creditLedger).where(eq(creditLedger.ref, ref));
  return rows.length > 0;
}

/** The user's balance and subscription in one round trip (plan-status and friends, on a miss of the per-user read cache). */
export async function findAccount(db: Db, userId: string): Promise<{ user: BillingUser; sub: SubscriptionRow | null } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, credits: users.credits, sub: subscriptions })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId));
  return row ? { user: { id: row.id, email: row.email, credits: row.credits }, sub: row.sub } : null;
}

export async function findSubscription(db: Db, userId: string, lock = false): Promise<SubscriptionRow | null> {
  const q = db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findUserIdBySubscription(db: Db, stripeSubscriptionId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId));
  return row?.userId ?? null;
}

export async function upsertSubscription(tx: Db, values: SubscriptionValues): Promise<SubscriptionRow> {
  const { userId: _userId, ...update } = values;
  const [row] = await tx
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...update, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('subscription upsert returned no row');
  return row;
}

export async function setLimitDate(tx: Db, userId: string, limitDate: Date): Promise<void> {
  await tx.update(subscriptions).set({ limitDate, updatedAt: new Date() }).where(eq(subscriptions.userId, userId));
}

export async function findCustomerId(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  return row?.id ?? null;
}

export async function findUserIdByCustomer(db: Db, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, customerId));
  return row?.userId ?? null;
}

export async function insertCustomer(db: Db, userId: string, customerId: string): Promise<void> {
  await db.insert(billingCustomers).values({ userId, stripeCustomerId: customerId }).onConflictDoNothing();
}

export async function eventSeen(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, id));
  return rows.length > 0;
}

/** Records an event id; false when it was already recorded (the event was applied before). */
export async function recordEvent(tx: Db, id: string, type: string): Promise<boolean> {
  const rows = await tx
    .insert(billingEvents)
    .values({ id, type })
    .onConflictDoNothing({ target: billingEvents.id })
    .returning({ id: billingEvents.id });
  return rows.length > 0;
}

export async function readState(db: Db, key: string): Promise<{ value: unknown; updatedAt: Date } | null> {
  const [row] = await db.select({ value: appState.value, updatedAt: appState.updatedAt }).from(appState).where(eq(appState.key, key));
  return row ?? null;
}

export async function writeState(db: Db, key: string, value: unknown, at: Date): Promise<void> {
  await db
    .insert(appState)
    .values({ key, value, updatedAt: at })
    .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: at } });
}
