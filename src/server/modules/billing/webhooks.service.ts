import { nextCreditReset, planCatalogue, planId } from '../../../shared/plans.js';
import type { Db } from '../../db/client.js';
import { badRequest, unavailable } from '../../lib/errors.js';
import {
  BillingNotConfiguredError,
  WebhookSignatureError,
  type BillingWebhookEvent,
  type ProviderSubscription,
} from '../../providers/billing/billing-provider.js';
import * as repo from './billing.repo.js';
import type { BillingParts, Plan } from './billing-deps.js';
import { allotment, changeCredits } from './credits.service.js';
import type { Prices } from './prices.service.js';
import { isActive, isCurrent } from './subscription-state.js';

/** Webhook events that change a subscription; others are acknowledged and ignored. */
export const handledEventTypes = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Subscriptions as the provider reports them, applied to our tables: webhooks, the test checkout, plan changes. */
export class SubscriptionSync {
  constructor(
    private readonly deps: BillingParts,
    private readonly prices: Prices,
    /** Told once per applied checkout.session.completed (billing details, receipt). */
    private readonly onCheckout?: (userId: string, plan: Plan, event: BillingWebhookEvent) => Promise<void>,
  ) {}

  /** Applies the subscription as the provider reports it now. */
  async applySubscription(userId: string, ps: ProviderSubscription): Promise<void> {
    const plan = await this.prices.resolvePlan(ps);
    if (!plan) {
      this.deps.log.warn({ subscription: ps.id, price: ps.priceId }, 'subscription price matches no plan; ignored');
      return;
    }
    await this.deps.db.transaction((tx) => this.applyInTransaction(tx, userId, ps, plan));
    this.deps.cache.invalidate(userId);
  }

  private async applyInTransaction(tx: Db, userId: string, ps: ProviderSubscription, plan: Plan): Promise<void> {
    const now = this.deps.now();
    const user = await repo.lockUser(tx, userId);
    if (!user) return;
    const existing = await repo.findSubscription(tx, userId, true);
    const sameSub = existing?.stripeSubscriptionId === ps.id;
    const incomingCurrent = isCurrent(ps);
    // A late event about an older subscription never replaces the current one.
    if (existing && !sameSub && isCurrent(existing) && !incomingCurrent) return;

    if (ps.customerId) await repo.insertCustomer(tx, userId, ps.customerId);
    const startedAt = sameSub && existing ? existing.startedAt : ps.startedAt;
    await repo.upsertSubscription(tx, {
      userId,
      tier: plan.tier,
      period: plan.period,
      status: ps.status,
      stripeCustomerId: ps.customerId || null,
      stripeSubscriptionId: ps.id,
      startedAt,
      currentPeriodEnd: ps.currentPeriodEnd,
      cancelAtPeriodEnd: ps.willCancel,
      // Credits reset a year after the subscription began, whatever the billing period.
      limitDate: sameSub && existing ? existing.limitDate : nextCreditReset(startedAt, now),
    });

    const title = planCatalogue[plan.tier].title;
    if (isActive(ps)) {
      const activated = await changeCredits(tx, user, {
        delta: allotment(plan),
        reason: 'grant',
        note: `${title} plan activated`,
        ref: `activate:${ps.id}`,
      });
      if (activated === null && sameSub && existing) {
        const extra = allotment(plan) - allotment(existing);
        if (extra > 0) {
          await changeCredits(tx, user, {
            delta: extra,
            reason: 'grant',
            note: `Changed to the ${title} plan`,
            ref: `change:${ps.id}:${planId(plan.tier, plan.period)}`,
          });
        }
      }
    } else if (!incomingCurrent && (await repo.ledgerRefExists(tx, `activate:${ps.id}`))) {
      await changeCredits(tx, user, {
        delta: -user.credits,
        reason: 'reset',
        note: 'Subscription ended',
        ref: `end:${ps.id}`,
      });
    }
  }

  /**
   * One webhook event (Stripe's, or the test checkout's): applied once per event id, by
   * reading the subscription as the provider reports it now (events may arrive late, out of
   * order or twice).
   */
  async processEvent(event: BillingWebhookEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    if (!handledEventTypes.has(event.type)) return 'ignored';
    const { db } = this.deps;
    if (await repo.eventSeen(db, event.id)) return 'duplicate';
    const ps = event.subscriptionId ? await this.deps.provider.retrieveSubscription(event.subscriptionId) : null;
    const userId = ps ? await this.ownerOf(ps, event) : null;
    const plan = ps && userId ? await this.prices.resolvePlan(ps) : null;
    if (!ps || !userId || !plan) {
      this.deps.log.warn({ event: event.id, type: event.type }, 'billing event names no known subscription or user');
      await repo.recordEvent(db, event.id, event.type);
      return 'ignored';
    }
    const applied = await db.transaction(async (tx) => {
      if (!(await repo.recordEvent(tx, event.id, event.type))) return false;
      await this.applyInTransaction(tx, userId, ps, plan);
      return true;
    });
    this.deps.cache.invalidate(userId);
    if (applied && event.type === 'checkout.session.completed') await this.onCheckout?.(userId, plan, event);
    return applied ? 'applied' : 'duplicate';
  }

  private async ownerOf(ps: ProviderSubscription, event: BillingWebhookEvent): Promise<string | null> {
    const { db } = this.deps;
    for (const candidate of [ps.userId, event.userId]) {
      if (candidate && uuidRe.test(candidate) && (await repo.findUser(db, candidate))) return candidate;
    }
    const customerId = ps.customerId || event.customerId;
    const byCustomer = customerId ? await repo.findUserIdByCustomer(db, customerId) : null;
    return byCustomer ?? (await repo.findUserIdBySubscription(db, ps.id));
  }

  /** POST /api/stripe/webhook: verify the signature of the raw body, then apply the event. */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    let event: BillingWebhookEvent;
    try {
      event = this.deps.provider.verifyWebhook(rawBody, signature);
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw badRequest(err.message, 'invalid_signature');
      if (err instanceof BillingNotConfiguredError) throw unavailable(err.message, 'webhooks_not_configured');
      throw err;
    }
    const outcome = await this.processEvent(event);
    this.deps.log.info({ event: event.id, type: event.type, outcome }, 'billing webhook');
  }
}
