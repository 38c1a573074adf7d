import { isCreditResetDue, nextCreditReset, planCatalogue } from '../../../shared/plans.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './billing.repo.js';
import { accessGate, isActive, noCreditsReason } from './subscription-state.js';

/**
 * Credits (see docs/decisions/007-billing-plans-credits-and-checkout.md): users.credits is the balance and every
 * change is a credit_ledger row written in the same transaction. Functions that take `tx`
 * run inside the caller's transaction (a Db works too: each statement then stands alone).
 */

/** The yearly allotment of a plan. */
export function allotment(sub: Pick<repo.SubscriptionRow, 'tier' | 'period'>): number {
  return planCatalogue[sub.tier].credits[sub.period];
}

/**
 * The yearly reset, applied lazily: when `now` has reached limit_date of an active
 * subscription, the balance becomes the plan's allotment and limit_date moves to the next
 * anniversary of the subscription start. Idempotent (the ledger ref names the reset date).
 */
export async function applyDueReset(tx: Db, userId: string, now: Date = new Date()): Promise<boolean> {
  const peek = await repo.findSubscription(tx, userId);
  if (!peek || !isActive(peek) || !isCreditResetDue(peek.limitDate, now)) return false;
  const user = await repo.lockUser(tx, userId);
  const sub = await repo.findSubscription(tx, userId, true);
  if (!user || !sub || !isActive(sub) || !isCreditResetDue(sub.limitDate, now)) return false;
  const credits = allotment(sub);
  const inserted = await repo.insertLedger(tx, {
    userId,
    delta: credits - user.credits,
    reason: 'reset',
    note: `Yearly credit reset to the ${planCatalogue[sub.tier].title} allotment`,
    balanceAfter: credits,
    ref: `reset:${sub.stripeSubscriptionId ?? userId}:${sub.limitDate.toISOString()}`,
  });
  if (inserted) await repo.setUserCredits(tx, userId, credits);
  await repo.setLimitDate(tx, userId, nextCreditReset(sub.startedAt, now));
  return inserted;
}

/**
 * Spends one credit for a report inside the caller's transaction (the one that stores the
 * report), so a failed analysis spends nothing. The conditional UPDATE never lets parallel
 * requests overspend. Throws 403 (plan does not allow the tool) or 402 (no credits left).
 */
export async function spendCredit(tx: Db, userId: string, reportId: string, now: Date = new Date()): Promise<{ credits: number }> {
  // The subscription is read once; again only after a due reset (applyDueReset re-checks it locked).
  let sub = await repo.findSubscription(tx, userId);
  if (sub && isActive(sub) && isCreditResetDue(sub.limitDate, now)) {
    await applyDueReset(tx, userId, now);
    sub = await repo.findSubscription(tx, userId);
  }
  const gate = accessGate(sub);
  if (gate) throw new AppError(403, 'access_denied', gate);
  const credits = await repo.takeOneCredit(tx, userId);
  if (credits === null) throw new AppError(402, 'no_credits', noCreditsReason(sub));
  await repo.insertLedger(tx, { userId, delta: -1, reason: 'spend', reportId, balanceAfter: credits, note: 'Risk assessment' });
  return { credits };
}

/** Gives back the credit of a report (e.g. a report withdrawn after the fact). Once per report. */
export async function refundCredit(tx: Db, userId: string, reportId: string, note = 'Refund'): Promise<{ credits: number } | null> {
  const user = await repo.lockUser(tx, userId);
  if (!user) return null;
  const inserted = await repo.insertLedger(tx, {
    userId,
    delta: 1,
    reason: 'refund',
    reportId,
    note,
    balanceAfter: user.credits + 1,
    ref: `refund:${reportId}`,
  });
  if (!inserted) return null;
  await repo.setUserCredits(tx, userId, user.credits + 1);
  return { credits: user.credits + 1 };
}

/**
 * Changes the balance of a user whose row the caller has locked (repo.lockUser), once per
 * `ref`. Returns the new balance, or null when the ref was applied before.
 */
export async function changeCredits(
  tx: Db,
  user: repo.BillingUser,
  change: { delta: number; reason: 'grant' | 'reset' | 'refund'; note: string; ref: string },
): Promise<number | null> {
  const balance = Math.max(0, user.credits + change.delta);
  const inserted = await repo.insertLedger(tx, {
    userId: user.id,
    delta: balance - user.credits,
    reason: change.reason,
    note: change.note,
    balanceAfter: balance,
    ref: change.ref,
  });
  if (!inserted) return null;
  await repo.setUserCredits(tx, user.id, balance);
  user.credits = balance;
  return balance;
}
