import type { CheckoutSessionResponse, CreateCheckoutSessionBody, Subscription } from '../../../shared/contracts/billing.js';
import { msg, type Message } from '../../../shared/i18n/message.js';
import { planCatalogue, planRank } from '../../../shared/plans.js';
import { badRequest, unauthorized, unavailable } from '../../lib/errors.js';
import type { Accounts } from './account.service.js';
import * as repo from './billing.repo.js';
import type { BillingParts } from './billing-deps.js';
import { findPrice, type Prices } from './prices.service.js';
import { isActive, isCurrent } from './subscription-state.js';
import type { SubscriptionSync } from './webhooks.service.js';

/** Buying and changing a plan: checkout, the billing portal, cancel and reactivate (calls 15, 17–19). */
export class Checkout {
  constructor(
    private readonly deps: BillingParts,
    private readonly parts: { prices: Prices; sync: SubscriptionSync; accounts: Accounts },
  ) {}

  private assertOwnUrl(value: string, field: string): void {
    const own = new URL(this.deps.config.appUrl).origin;
    let origin: string | null = null;
    try {
      origin = new URL(value).origin;
    } catch {
      origin = null;
    }
    if (origin !== own) throw badRequest(`${field} must be an address on ${own}`, 'invalid_redirect_url');
  }

  private async ensureCustomer(user: { id: string; email: string }): Promise<string> {
    const { db, provider } = this.deps;
    const existing = await repo.findCustomerId(db, user.id);
    if (existing) return existing;
    const created = await provider.createCustomer(user);
    await repo.insertCustomer(db, user.id, created);
    return (await repo.findCustomerId(db, user.id)) ?? created;
  }

  /**
   * Call 15. Without a current subscription: a checkout page (Stripe Checkout, or the test
   * checkout). With one: an upgrade or a period switch is applied to the subscription at once
   * (immediate access) and the browser goes straight to success_url.
   */
  async createCheckoutSession(userId: string, body: CreateCheckoutSessionBody): Promise<CheckoutSessionResponse> {
    const { db, provider } = this.deps;
    const { prices, sync } = this.parts;
    this.assertOwnUrl(body.success_url, 'success_url');
    this.assertOwnUrl(body.cancel_url, 'cancel_url');
    const user = await repo.findUser(db, userId);
    if (!user) throw unauthorized(msg('error.billing.userNotFound'));
    const target = findPrice((await prices.cached()).table, body.price_id);
    if (!target) throw badRequest(msg('error.billing.unknownPrice'), 'unknown_price');
    const def = planCatalogue[target.tier];
    if (def.comingSoon) {
      throw badRequest(msg('error.billing.planComingSoon', { plan: def.title }), 'plan_coming_soon');
    }
    if (!provider.purchasesEnabled) {
      throw unavailable(msg('error.billing.paymentsUnavailable'), 'payments_unavailable');
    }

    const sub = await repo.findSubscription(db, userId);
    if (sub && isCurrent(sub) && sub.stripeSubscriptionId) {
      if (sub.tier === target.tier && sub.period === target.period) {
        throw badRequest(msg('error.billing.alreadySubscribed'), 'already_subscribed');
      }
      const rankChange = planRank(target.tier) - planRank(sub.tier);
      if (rankChange < 0) throw badRequest(msg('error.billing.downgradeUnavailable'), 'downgrade_not_available');
      if (!isActive(sub)) {
        throw badRequest(msg('error.billing.subscriptionInactive'), 'subscription_inactive');
      }
      const price = (await prices.cached()).table[target.tier][target.period];
      if (!price) throw badRequest(msg('error.billing.unknownPrice'), 'unknown_price');
      const ps = await provider.changePrice(sub.stripeSubscriptionId, price.id, rankChange > 0 ? 'upgrade' : 'switch');
      await sync.applySubscription(userId, ps);
      return { url: body.success_url };
    }

    const customerId = await this.ensureCustomer(user);
    const session = await provider.createCheckoutSession({
      userId,
      customerId,
      priceId: body.price_id,
      tier: target.tier,
      period: target.period,
      title: def.title,
      amount: target.amount,
      credits: def.credits[target.period],
      successUrl: body.success_url,
      cancelUrl: body.cancel_url,
    });
    return { url: session.url };
  }

  /** Call 17. */
  async billingPortal(userId: string): Promise<{ url: string }> {
    const customerId = await repo.findCustomerId(this.deps.db, userId);
    if (!customerId) throw badRequest(msg('error.billing.noBillingAccount'), 'no_billing_account');
    const url = await this.deps.provider.createPortalSession(customerId, `${this.deps.config.appUrl}/profile?tab=billing`);
    return { url };
  }

  private async currentSubscriptionId(userId: string, detail: Message): Promise<string> {
    const sub = await repo.findSubscription(this.deps.db, userId);
    if (!sub || !isCurrent(sub) || !sub.stripeSubscriptionId) throw badRequest(detail, 'no_subscription');
    return sub.stripeSubscriptionId;
  }

  /** Call 18: keeps running until the period end, then ends. */
  async cancel(userId: string): Promise<Subscription> {
    const id = await this.currentSubscriptionId(userId, msg('error.billing.nothingToCancel'));
    await this.parts.sync.applySubscription(userId, await this.deps.provider.setCancelAtPeriodEnd(id, true));
    return this.parts.accounts.subscription(userId);
  }

  /** Call 19: undoes a scheduled cancellation. */
  async reactivate(userId: string): Promise<Subscription> {
    const id = await this.currentSubscriptionId(userId, msg('error.billing.nothingToReactivate'));
    await this.parts.sync.applySubscription(userId, await this.deps.provider.setCancelAtPeriodEnd(id, false));
    return this.parts.accounts.subscription(userId);
  }
}
