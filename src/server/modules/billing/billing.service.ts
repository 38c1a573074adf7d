import { z } from 'zod';
import type {
  CheckoutSessionResponse,
  CreateCheckoutSessionBody,
  PlanStatus,
  PricesResponse,
  PricingData,
  PricingPlan,
  RefreshPricesResponse,
  ServiceAccess,
  Subscription,
  TestCheckoutSession,
} from '../../../shared/contracts/billing.js';
import {
  billingPeriods,
  isCreditResetDue,
  nextCreditReset,
  planCatalogue,
  planId,
  planRank,
  planTiers,
  type BillingPeriod,
  type PlanTier,
} from '../../../shared/plans.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound, unauthorized, unavailable } from '../../lib/errors.js';
import {
  BillingNotConfiguredError,
  WebhookSignatureError,
  type BillingProvider,
  type BillingWebhookEvent,
  type ProviderPriceTable,
  type ProviderSubscription,
} from '../../providers/billing/billing-provider.js';
import type { UserCache } from '../../lib/user-cache.js';
import * as repo from './billing.repo.js';
import { allotment, applyDueReset, changeCredits } from './credits.service.js';
import { decideAccess, isActive, isCurrent, planString, statusOf } from './subscription-state.js';

export interface BillingLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface BillingServiceDeps {
  db: Db;
  config: Pick<Config, 'appUrl'>;
  provider: BillingProvider;
  log: BillingLog;
  /** Accounts kept between requests; told about every change this service makes. */
  cache: UserCache;
  now?: () => Date;
}

type Plan = { tier: PlanTier; period: BillingPeriod };

/** Webhook events that change a subscription; others are acknowledged and ignored. */
export const handledEventTypes = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const priceCacheKey = 'billing_prices';
/** Prices are re-read from the provider after a day (an admin can refresh at any time). */
export const priceCacheTtlMs = 24 * 60 * 60 * 1000;
/** A subscription whose period has ended is re-read from the provider at most this often. */
const resyncIntervalMs = 60_000;

const priceSchema = z.object({ id: z.string(), amount: z.number() }).nullable();
const priceRowSchema = z.object({ month: priceSchema, year: priceSchema });
const priceCacheSchema = z.object({
  mode: z.enum(['stripe', 'test']),
  cachedAt: z.string(),
  table: z.object({ basic: priceRowSchema, premium: priceRowSchema, enterprise: priceRowSchema }),
});
type PriceCache = z.infer<typeof priceCacheSchema>;

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function findPrice(table: ProviderPriceTable, priceId: string): (Plan & { amount: number }) | null {
  for (const tier of planTiers) {
    for (const period of billingPeriods) {
      const price = table[tier][period];
      if (price && price.id === priceId) return { tier, period, amount: price.amount };
    }
  }
  return null;
}

/** Everything about paying: prices, plan status, checkout, the subscription lifecycle and webhooks. */
export class BillingService {
  private readonly db: Db;
  private readonly provider: BillingProvider;
  private readonly now: () => Date;
  private readonly lastResync = new Map<string, number>();

  constructor(private readonly deps: BillingServiceDeps) {
    this.db = deps.db;
    this.provider = deps.provider;
    this.now = deps.now ?? (() => new Date());
  }

  /** Whether the built-in test checkout is on (the test provider with dev tools). */
  get hasTestCheckout(): boolean {
    return Boolean(this.provider.testCheckout);
  }

  // --- prices --------------------------------------------------------------------------------

  private async loadPriceCache(): Promise<PriceCache | null> {
    const row = await repo.readState(this.db, priceCacheKey);
    const parsed = row ? priceCacheSchema.safeParse(row.value) : null;
    return parsed?.success && parsed.data.mode === this.provider.mode ? parsed.data : null;
  }

  private async rebuildPriceCache(): Promise<PriceCache> {
    const table = await this.provider.listPrices();
    const now = this.now();
    const cache: PriceCache = { mode: this.provider.mode, cachedAt: now.toISOString(), table };
    await repo.writeState(this.db, priceCacheKey, cache, now);
    return cache;
  }

  /** The cached price table, rebuilt when missing or a day old; a stale one if the provider is down. */
  private async priceCache(): Promise<PriceCache> {
    const cache = await this.loadPriceCache();
    if (cache && this.now().getTime() - new Date(cache.cachedAt).getTime() < priceCacheTtlMs) return cache;
    try {
      return await this.rebuildPriceCache();
    } catch (err) {
      if (cache) {
        this.deps.log.warn({ err }, 'price refresh failed; serving the cached prices');
        return cache;
      }
      throw unavailable('Pricing is temporarily unavailable. Please try again.', 'pricing_unavailable');
    }
  }

  private pricingPlan(tier: PlanTier, table: ProviderPriceTable): PricingPlan {
    const def = planCatalogue[tier];
    const row = table[tier];
    const sellable = this.provider.purchasesEnabled;
    return {
      title: def.title,
      audience: def.audience,
      description: def.description,
      color: def.color,
      highlight: def.highlight,
      coming_soon: def.comingSoon,
      prices: { month: row.month?.amount ?? def.prices.month, year: row.year?.amount ?? def.prices.year },
      price_ids: {
        month: sellable ? (row.month?.id ?? null) : null,
        year: sellable ? (row.year?.id ?? null) : null,
      },
      credits: { ...def.credits },
      base_features: [...def.baseFeatures],
      additional_features: [...def.additionalFeatures],
      features: [...def.baseFeatures, ...def.additionalFeatures],
      route: def.route,
    };
  }

  /** Call 14. */
  async getPrices(): Promise<PricesResponse> {
    const cache = await this.priceCache();
    const data: PricingData = {
      basic: this.pricingPlan('basic', cache.table),
      premium: this.pricingPlan('premium', cache.table),
      enterprise: this.pricingPlan('enterprise', cache.table),
    };
    return { success: true, data, currency: 'EUR', cached_at: cache.cachedAt };
  }

  /** Admin: reload the prices from the provider for everyone. */
  async refreshPrices(): Promise<RefreshPricesResponse> {
    const cache = await this.rebuildPriceCache();
    this.deps.log.info({ cachedAt: cache.cachedAt }, 'price cache refreshed');
    return { success: true, detail: 'Price cache refreshed for all users', cached_at: cache.cachedAt };
  }

  /** The plan a price sells: from the provider, else the price table (re-read once if unknown). */
  private async resolvePlan(ps: ProviderSubscription): Promise<Plan | null> {
    if (ps.plan) return ps.plan;
    if (!ps.priceId) return null;
    const cached = findPrice((await this.priceCache()).table, ps.priceId);
    if (cached) return cached;
    return findPrice((await this.rebuildPriceCache()).table, ps.priceId);
  }

  // --- account state -------------------------------------------------------------------------

  /**
   * The user's balance and subscription, after the lazy yearly reset and, when the stored
   * billing period has ended (a renewal or an end we have not heard of), a fresh read from the
   * provider.
   */
  private async account(userId: string): Promise<{ user: repo.BillingUser; sub: repo.SubscriptionRow | null }> {
    const now = this.now();
    // From the cache or one query in the common case; read again only after something changed the account.
    let account = await this.deps.cache.get(userId, 'account', () => repo.findAccount(this.db, userId));
    if (account?.sub && this.needsResync(account.sub, now)) {
      await this.resync(userId, account.sub);
      account = await repo.findAccount(this.db, userId);
    }
    if (account?.sub && isActive(account.sub) && isCreditResetDue(account.sub.limitDate, now)) {
      await this.db.transaction((tx) => applyDueReset(tx, userId, now));
      this.deps.cache.invalidate(userId);
      account = await repo.findAccount(this.db, userId);
    }
    if (!account) throw unauthorized('User not found');
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
    this.lastResync.set(id, this.now().getTime());
    try {
      const ps = await this.provider.retrieveSubscription(id);
      if (ps) await this.applySubscription(userId, ps);
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

  /** Call 8. */
  async planStatus(userId: string): Promise<PlanStatus> {
    const { user, sub } = await this.account(userId);
    const access = decideAccess(user.credits, sub);
    const s = this.toSubscription(user.credits, sub);
    return {
      plan: s.plan,
      allowed: access.allowed,
      reason: access.reason,
      signup_credits: isCurrent(sub) ? 0 : user.credits,
      credits: user.credits,
      limit_date: s.limit_date,
      end_date: s.end_date,
      status: s.status,
    };
  }

  /** Call 9. */
  async validateServiceAccess(userId: string): Promise<ServiceAccess> {
    const { user, sub } = await this.account(userId);
    return { ...decideAccess(user.credits, sub), plan: planString(sub) };
  }

  /** Call 16. */
  async subscription(userId: string): Promise<Subscription> {
    const { user, sub } = await this.account(userId);
    return this.toSubscription(user.credits, sub);
  }

  // --- checkout and the subscription lifecycle -----------------------------------------------

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
    const existing = await repo.findCustomerId(this.db, user.id);
    if (existing) return existing;
    const created = await this.provider.createCustomer(user);
    await repo.insertCustomer(this.db, user.id, created);
    return (await repo.findCustomerId(this.db, user.id)) ?? created;
  }

  /**
   * Call 15. Without a current subscription: a checkout page (Stripe Checkout, or the test
   * checkout). With one: an upgrade or a period switch is applied to the subscription at once
   * (immediate access) and the browser goes straight to success_url.
   */
  async createCheckoutSession(userId: string, body: CreateCheckoutSessionBody): Promise<CheckoutSessionResponse> {
    this.assertOwnUrl(body.success_url, 'success_url');
    this.assertOwnUrl(body.cancel_url, 'cancel_url');
    const user = await repo.findUser(this.db, userId);
    if (!user) throw unauthorized('User not found');
    const target = findPrice((await this.priceCache()).table, body.price_id);
    if (!target) throw badRequest('Unknown price. Reload the pricing page and try again.', 'unknown_price');
    const def = planCatalogue[target.tier];
    if (def.comingSoon) {
      throw badRequest(`The ${def.title} plan is coming soon and cannot be purchased yet.`, 'plan_coming_soon');
    }
    if (!this.provider.purchasesEnabled) {
      throw unavailable('Payments are not available: Stripe is not configured on this server.', 'payments_unavailable');
    }

    const sub = await repo.findSubscription(this.db, userId);
    if (sub && isCurrent(sub) && sub.stripeSubscriptionId) {
      if (sub.tier === target.tier && sub.period === target.period) {
        throw badRequest('You are already subscribed to this plan.', 'already_subscribed');
      }
      const rankChange = planRank(target.tier) - planRank(sub.tier);
      if (rankChange < 0) throw badRequest('Downgrades are not available.', 'downgrade_not_available');
      if (!isActive(sub)) {
        throw badRequest(
          'Your subscription is not active. Update your payment method before changing plans.',
          'subscription_inactive',
        );
      }
      const price = (await this.priceCache()).table[target.tier][target.period];
      if (!price) throw badRequest('Unknown price. Reload the pricing page and try again.', 'unknown_price');
      const ps = await this.provider.changePrice(sub.stripeSubscriptionId, price.id, rankChange > 0 ? 'upgrade' : 'switch');
      await this.applySubscription(userId, ps);
      return { url: body.success_url };
    }

    const customerId = await this.ensureCustomer(user);
    const session = await this.provider.createCheckoutSession({
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
    const customerId = await repo.findCustomerId(this.db, userId);
    if (!customerId) throw badRequest('No billing account yet. Subscribe to a plan first.', 'no_billing_account');
    const url = await this.provider.createPortalSession(customerId, `${this.deps.config.appUrl}/profile?tab=billing`);
    return { url };
  }

  private async currentSubscriptionId(userId: string, detail: string): Promise<string> {
    const sub = await repo.findSubscription(this.db, userId);
    if (!sub || !isCurrent(sub) || !sub.stripeSubscriptionId) throw badRequest(detail, 'no_subscription');
    return sub.stripeSubscriptionId;
  }

  /** Call 18: keeps running until the period end, then ends. */
  async cancel(userId: string): Promise<Subscription> {
    const id = await this.currentSubscriptionId(userId, 'You have no active subscription to cancel.');
    await this.applySubscription(userId, await this.provider.setCancelAtPeriodEnd(id, true));
    return this.subscription(userId);
  }

  /** Call 19: undoes a scheduled cancellation. */
  async reactivate(userId: string): Promise<Subscription> {
    const id = await this.currentSubscriptionId(userId, 'You have no subscription to reactivate.');
    await this.applySubscription(userId, await this.provider.setCancelAtPeriodEnd(id, false));
    return this.subscription(userId);
  }

  // --- applying subscriptions (webhooks, the test checkout, plan changes) --------------------

  /** Applies the subscription as the provider reports it now. */
  async applySubscription(userId: string, ps: ProviderSubscription): Promise<void> {
    const plan = await this.resolvePlan(ps);
    if (!plan) {
      this.deps.log.warn({ subscription: ps.id, price: ps.priceId }, 'subscription price matches no plan; ignored');
      return;
    }
    await this.db.transaction((tx) => this.applyInTransaction(tx, userId, ps, plan));
    this.deps.cache.invalidate(userId);
  }

  private async applyInTransaction(tx: Db, userId: string, ps: ProviderSubscription, plan: Plan): Promise<void> {
    const now = this.now();
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
    if (await repo.eventSeen(this.db, event.id)) return 'duplicate';
    const ps = event.subscriptionId ? await this.provider.retrieveSubscription(event.subscriptionId) : null;
    const userId = ps ? await this.ownerOf(ps, event) : null;
    const plan = ps && userId ? await this.resolvePlan(ps) : null;
    if (!ps || !userId || !plan) {
      this.deps.log.warn({ event: event.id, type: event.type }, 'billing event names no known subscription or user');
      await repo.recordEvent(this.db, event.id, event.type);
      return 'ignored';
    }
    const applied = await this.db.transaction(async (tx) => {
      if (!(await repo.recordEvent(tx, event.id, event.type))) return false;
      await this.applyInTransaction(tx, userId, ps, plan);
      return true;
    });
    this.deps.cache.invalidate(userId);
    return applied ? 'applied' : 'duplicate';
  }

  private async ownerOf(ps: ProviderSubscription, event: BillingWebhookEvent): Promise<string | null> {
    for (const candidate of [ps.userId, event.userId]) {
      if (candidate && uuidRe.test(candidate) && (await repo.findUser(this.db, candidate))) return candidate;
    }
    const customerId = ps.customerId || event.customerId;
    const byCustomer = customerId ? await repo.findUserIdByCustomer(this.db, customerId) : null;
    return byCustomer ?? (await repo.findUserIdBySubscription(this.db, ps.id));
  }

  /** POST /api/stripe/webhook: verify the signature of the raw body, then apply the event. */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    let event: BillingWebhookEvent;
    try {
      event = this.provider.verifyWebhook(rawBody, signature);
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw badRequest(err.message, 'invalid_signature');
      if (err instanceof BillingNotConfiguredError) throw unavailable(err.message, 'webhooks_not_configured');
      throw err;
    }
    const outcome = await this.processEvent(event);
    this.deps.log.info({ event: event.id, type: event.type, outcome }, 'billing webhook');
  }

  // --- the built-in test checkout ------------------------------------------------------------

  private desk() {
    const desk = this.provider.testCheckout;
    if (!desk) throw notFound('The test checkout is not available on this server.', 'test_checkout_unavailable');
    return desk;
  }

  private async ownTestCheckout(userId: string, token: string) {
    const record = await this.desk().get(token);
    if (!record || record.userId !== userId) {
      throw notFound('This test checkout does not exist or has expired.', 'test_checkout_not_found');
    }
    return record;
  }

  async getTestCheckout(userId: string, token: string): Promise<TestCheckoutSession> {
    const r = await this.ownTestCheckout(userId, token);
    return {
      id: token,
      plan: planId(r.tier, r.period),
      tier: r.tier,
      period: r.period,
      title: r.title,
      price: r.amount,
      currency: 'EUR',
      credits: r.credits,
      success_url: r.successUrl,
      cancel_url: r.cancelUrl,
      status: r.status,
    };
  }

  /** Completes a test checkout through the same event path as Stripe's checkout.session.completed. */
  async completeTestCheckout(userId: string, token: string): Promise<{ redirect_url: string }> {
    const record = await this.ownTestCheckout(userId, token);
    if (record.status === 'open') {
      const sub = await repo.findSubscription(this.db, userId);
      if (sub && isCurrent(sub)) throw conflict('You already have a subscription. Manage it in Plan & Billing.', 'already_subscribed');
    }
    const done = await this.desk().complete(token);
    if (!done) throw notFound('This test checkout does not exist or has expired.', 'test_checkout_not_found');
    await this.processEvent(done.event);
    return { redirect_url: done.record.successUrl };
  }
}

