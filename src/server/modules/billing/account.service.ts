import type { PlanStatus, ServiceAccess, Subscription } from '../../../shared/contracts/billing.js';
import { BASE_LOCALE, type Locale } from '../../../shared/i18n/locales.js';
import { msg } from '../../../shared/i18n/message.js';
import { isCreditResetDue } from '../../../shared/plans.js';
import { errorText, unauthorized } from '../../lib/errors.js';
import * as repo from './billing.repo.js';
import { loadBillingDetails } from './billing-details.js';
import type { BillingParts } from './billing-deps.js';
import { applyDueReset } from './credits.service.js';
import { decideAccess, isActive, isCurrent, planString, statusOf } from './subscription-state.js';
import type { SubscriptionSync } from './webhooks.service.js';

/** A subscription whose period has ended is re-read from the provider at most this often. */
const resyncIntervalMs = 60_000;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The user's plan, balance and access as the account screens read them (calls 8, 9, 16). */
export class Accounts {
  private readonly lastResync = new Map<string, number>();

  constructor(
    private readonly deps: BillingParts,
    private readonly sync: SubscriptionSync,
  ) {}

  /**
   * The user's balance and subscription, after the lazy yearly reset and, when the stored
   * billing period has ended (a renewal or an end we have not heard of), a fresh read from the
   * provider.
   */
  private async account(userId: string): Promise<{ user: repo.BillingUser; sub: repo.SubscriptionRow | null }> {
    const { db, cache } = this.deps;
    const now = this.deps.now();
    // From the cache or one query in the common case; read again only after something changed the account.
    let account = await cache.get(userId, 'account', () => repo.findAccount(db, userId));
    if (account?.sub && this.needsResync(account.sub, now)) {
      await this.resync(userId, account.sub);
      account = await repo.findAccount(db, userId);
    }
    if (account?.sub && isActive(account.sub) && isCreditResetDue(account.sub.limitDate, now)) {
      await db.transaction((tx) => applyDueReset(tx, userId, now));
      cache.invalidate(userId);
      account = await repo.findAccount(db, userId);
    }
    if (!account) throw unauthorized(msg('error.billing.userNotFound'));
    return account;
  }

  private needsResync(sub: repo.SubscriptionRow, now: Date): boolean {
    if (!isCurrent(sub) || !sub.stripeSubscriptionId || !sub.currentPeriodEnd) return false;
    if (sub.currentPeriodEnd.getTime() > now.getTime()) return false;
    const last = this.lastResync.get(sub.stripeSubscriptionId) ?? 0;
    return now.getTime() - last >= resyncIntervalMs;
  }

  private async resync(userId: string, sub: repo.SubscriptionRow): Promise<void> {
    const id = sub.stripeSubscriptionId;
    if (!id) return;
    this.lastResync.set(id, this.deps.now().getTime());
    try {
      const ps = await this.deps.provider.retrieveSubscription(id);
      if (ps) await this.sync.applySubscription(userId, ps);
    } catch (err) {
      this.deps.log.warn({ err, subscription: id }, 'subscription re-read failed; using the stored state');
    }
  }

  private toSubscription(credits: number, sub: repo.SubscriptionRow | null): Subscription {
    const current = isCurrent(sub);
    return {
      plan: planString(sub),
      status: statusOf(sub),
      credits,
      limit_date: current && sub ? iso(sub.limitDate) : null,
      end_date: current && sub ? iso(sub.currentPeriodEnd) : null,
      cancel_at_period_end: current && sub ? sub.cancelAtPeriodEnd : false,
      active: isActive(sub),
    };
  }

  /** Call 8; `reason` in the reader's language. */
  async planStatus(userId: string, locale: Locale = BASE_LOCALE): Promise<PlanStatus> {
    const { user, sub } = await this.account(userId);
    const access = decideAccess(user.credits, sub);
    const s = this.toSubscription(user.credits, sub);
    return {
      plan: s.plan,
      allowed: access.allowed,
      reason: errorText(access.reason, locale),
      signup_credits: isCurrent(sub) ? 0 : user.credits,
      credits: user.credits,
      limit_date: s.limit_date,
      end_date: s.end_date,
      status: s.status,
    };
  }

  /** Call 9; `reason` in the reader's language. */
  async validateServiceAccess(userId: string, locale: Locale = BASE_LOCALE): Promise<ServiceAccess> {
    const { user, sub } = await this.account(userId);
    const access = decideAccess(user.credits, sub);
    return { allowed: access.allowed, reason: errorText(access.reason, locale), plan: planString(sub) };
  }

  /** Call 16. */
  async subscription(userId: string): Promise<Subscription> {
    const { user, sub } = await this.account(userId);
    const details = await loadBillingDetails(this.deps.db, userId);
    return { ...this.toSubscription(user.credits, sub), ...(details ? { billing_details: details } : {}) };
  }
}
