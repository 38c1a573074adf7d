import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/db.js';
import { creditLedger, subscriptions, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { applyDueReset, refundCredit, spendCredit } from './credits.service.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function makeUser(credits: number): Promise<string> {
  const [row] = await database.db
    .insert(users)
    .values({
      email: `credits-${randomUUID()}@example.com`,
      passwordHash: 'x',
      firstName: 'Ana',
      lastName: 'Silva',
      companyName: 'Silva Lda',
      fiscalNumber: 'PT1',
      credits,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

async function balance(userId: string): Promise<number> {
  const [row] = await database.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? -1;
}

async function ledger(userId: string) {
  return database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(creditLedger.id);
}

async function subscribe(userId: string, values: Partial<typeof subscriptions.$inferInsert> = {}): Promise<void> {
  await database.db.insert(subscriptions).values({
    userId,
    tier: 'basic',
    period: 'year',
    status: 'active',
    stripeSubscriptionId: `sub_${randomUUID()}`,
    startedAt: new Date('2025-01-15T10:00:00Z'),
    currentPeriodEnd: new Date('2099-01-15T10:00:00Z'),
    limitDate: new Date('2026-01-15T10:00:00Z'),
    ...values,
  });
}

const spend = (userId: string, now?: Date) =>
  database.db.transaction((tx) => spendCredit(tx, userId, randomUUID(), now));

describe('spendCredit', () => {
  it('lets exactly 5 of 50 parallel spends through against 5 credits', async () => {
    const userId = await makeUser(5);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => spend(userId)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).status).toBe(402);
    }
    expect(await balance(userId)).toBe(0);
    const rows = await ledger(userId);
    expect(rows.filter((r) => r.reason === 'spend')).toHaveLength(5);
    expect(rows.map((r) => r.balanceAfter).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('spends nothing when the caller’s transaction fails after the spend', async () => {
    const userId = await makeUser(2);
    await expect(
      database.db.transaction(async (tx) => {
        await spendCredit(tx, userId, randomUUID());
        throw new Error('report could not be stored');
      }),
    ).rejects.toThrow('report could not be stored');
    expect(await balance(userId)).toBe(2);
    expect(await ledger(userId)).toHaveLength(0);
  });

  it('lets a free-trial user spend signup credits, then explains why not', async () => {
    const userId = await makeUser(1);
    await expect(spend(userId)).resolves.toEqual({ credits: 0 });
    await expect(spend(userId)).rejects.toMatchObject({
      status: 402,
      code: 'no_credits',
      message: 'Your free trial credits are used up. Subscribe to a plan to run more assessments.',
    });
  });

  it('refuses a past-due subscription and a plan without the basic tool, whatever the credits', async () => {
    const pastDue = await makeUser(10);
    await subscribe(pastDue, { status: 'past_due' });
    await expect(spend(pastDue)).rejects.toMatchObject({ status: 403, code: 'access_denied' });
    const premium = await makeUser(10);
    await subscribe(premium, { tier: 'premium' });
    await expect(spend(premium)).rejects.toMatchObject({ status: 403 });
    expect(await balance(pastDue)).toBe(10);
  });

  it('resets to the allotment at limit_date before spending, once, and moves limit_date a year on', async () => {
    const userId = await makeUser(2);
    await subscribe(userId);
    const now = new Date('2026-01-15T10:00:00Z');
    await expect(spend(userId, now)).resolves.toEqual({ credits: 99 });
    const [sub] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(sub?.limitDate.toISOString()).toBe('2027-01-15T10:00:00.000Z');
    // A second pass at the same moment does not reset again.
    expect(await database.db.transaction((tx) => applyDueReset(tx, userId, now))).toBe(false);
    const rows = await ledger(userId);
    expect(rows.map((r) => [r.reason, r.delta, r.balanceAfter])).toEqual([
      ['reset', 98, 100],
      ['spend', -1, 99],
    ]);
  });

  it('does not reset credits of a cancelled (ended) subscription', async () => {
    const userId = await makeUser(0);
    await subscribe(userId, { status: 'canceled' });
    expect(await database.db.transaction((tx) => applyDueReset(tx, userId, new Date('2030-01-01T00:00:00Z')))).toBe(false);
    expect(await balance(userId)).toBe(0);
  });
});

describe('refundCredit', () => {
  it('gives a report’s credit back once', async () => {
    const userId = await makeUser(1);
    const reportId = randomUUID();
    await database.db.transaction((tx) => spendCredit(tx, userId, reportId));
    expect(await database.db.transaction((tx) => refundCredit(tx, userId, reportId))).toEqual({ credits: 1 });
    expect(await database.db.transaction((tx) => refundCredit(tx, userId, reportId))).toBeNull();
    expect(await balance(userId)).toBe(1);
    expect((await ledger(userId)).map((r) => r.reason)).toEqual(['spend', 'refund']);
  });
});
