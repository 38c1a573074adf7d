/**
 * Billing as other features see it: may this user spend a credit, and spend one inside the
 * caller's transaction. Other modules import this file only, never billing's repo or services.
 */
import { isCreditResetDue } from '../../../shared/plans.js';
import type { Message } from '../../../shared/i18n/message.js';
import type { Db } from '../../db/client.js';
import * as repo from './billing.repo.js';
import { applyDueReset, spendCredit } from './credits.service.js';
import { decideAccess, isActive } from './subscription-state.js';

export interface SpendCheck {
  allowed: boolean;
  /** Why not (or, when allowed, the balance in words), as validate-service-access says it: a message in the reader's language. */
  reason: string | Message;
}

export interface Credits {
  /** Whether the user may spend a credit now; a yearly reset that is due is applied first. */
  canSpend(userId: string, now?: Date): Promise<SpendCheck>;
  /**
   * Spends one credit for `reportId` inside `tx`, the transaction that stores the report, so a
   * failed report spends nothing and parallel requests never overspend. Throws 403 (the plan does
   * not allow the tool) or 402 (no credits left).
   */
  spendInTransaction(tx: Db, userId: string, reportId: string, now?: Date): Promise<{ credits: number }>;
}

export function createCredits(db: Db): Credits {
  return {
    async canSpend(userId, now = new Date()) {
      // Balance and subscription in one query; read again only after a due reset changed them.
      let account = await repo.findAccount(db, userId);
      const sub = account?.sub;
      if (sub && isActive(sub) && isCreditResetDue(sub.limitDate, now)) {
        await db.transaction((tx) => applyDueReset(tx, userId, now));
        account = await repo.findAccount(db, userId);
      }
      return decideAccess(account?.user.credits ?? 0, account?.sub ?? null);
    },
    spendInTransaction: (tx, userId, reportId, now) => spendCredit(tx, userId, reportId, now),
  };
}

/** The user's credit balance now (0 for an unknown user). */
export async function creditBalance(db: Db, userId: string): Promise<number> {
  return (await repo.findUser(db, userId))?.credits ?? 0;
}
