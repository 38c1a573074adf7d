import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  billingPeriods,
  planCatalogue,
  planTiers,
  testPriceId,
  type BillingPeriod,
  type PlanTier,
} from '../../../shared/plans.js';
import type { Db } from '../../db/client.js';
import { appState } from '../../db/schema.js';
import { msg } from '../../../shared/i18n/message.js';
import { AppError } from '../../lib/errors.js';
import {
  BillingNotConfiguredError,
  type BillingProvider,
  type BillingWebhookEvent,
  type CheckoutRequest,
  type PlanChange,
  type ProviderPriceTable,
  type ProviderSubscription,
  type TestCheckoutDesk,
  type TestCheckoutRecord,
} from './billing-provider.js';

/**
 * The offline billing provider: the catalogue's prices under test ids ('price_basic_month'),
 * the app's own test checkout page instead of Stripe Checkout, and subscriptions kept in
 * app_state the way Stripe would keep them (renewing each period, ending at the period end
 * when cancelled). Only enabled with dev tools (outside production, or ENABLE_DEV_TOOLS=true).
 */

export interface TestBillingOptions {
  db: Db;
  appUrl: string;
  /** Signs test checkout tokens (derived from JWT_SECRET). */
  secret: string;
  /** Dev tools on: test checkouts can be opened and completed. */
  enabled: boolean;
  now?: () => Date;
}

/** A test checkout is open for 24 hours, like a Stripe Checkout Session. */
export const testCheckoutTtlMs = 24 * 60 * 60 * 1000;

const checkoutKey = (id: string) => `test_checkout:${id}`;
const subscriptionKey = (id: string) => `test_subscription:${id}`;

const recordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  customerId: z.string(),
  priceId: z.string(),
  tier: z.enum(planTiers),
  period: z.enum(billingPeriods),
  title: z.string(),
  amount: z.number(),
  credits: z.number(),
  successUrl: z.string(),
  cancelUrl: z.string(),
  status: z.enum(['open', 'completed']),
  expiresAt: z.string(),
  subscriptionId: z.string().nullable(),
});

const storedSubscriptionSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  userId: z.string(),
  priceId: z.string(),
  status: z.enum(['active', 'canceled']),
  startedAt: z.string(),
  currentPeriodEnd: z.string(),
  willCancel: z.boolean(),
});
type StoredSubscription = z.infer<typeof storedSubscriptionSchema>;

function addMonthsUtc(date: Date, months: number): Date {
  const total = date.getUTCMonth() + months;
  const y = date.getUTCFullYear() + Math.floor(total / 12);
  const m = ((total % 12) + 12) % 12;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = new Date(date);
  d.setUTCFullYear(y, m, Math.min(date.getUTCDate(), last));
  return d;
}

const periodMonths: Record<BillingPeriod, number> = { month: 1, year: 12 };

function priceFromId(priceId: string): { tier: PlanTier; period: BillingPeriod } | null {
  for (const tier of planTiers) for (const period of billingPeriods) if (testPriceId(tier, period) === priceId) return { tier, period };
  return null;
}

const toProvider = (s: StoredSubscription): ProviderSubscription => ({
  id: s.id,
  customerId: s.customerId,
  status: s.status,
  priceId: s.priceId,
  plan: priceFromId(s.priceId),
  userId: s.userId,
  startedAt: new Date(s.startedAt),
  currentPeriodEnd: new Date(s.currentPeriodEnd),
  willCancel: s.willCancel,
});

const disabled = () =>
  new AppError(503, 'payments_unavailable', msg('error.billing.paymentsUnavailable'));

export class TestCheckoutProvider implements BillingProvider {
  readonly mode = 'test' as const;
  readonly purchasesEnabled: boolean;
  readonly testCheckout?: TestCheckoutDesk;
  private readonly now: () => Date;
  private readonly key: Buffer;

  constructor(private readonly options: TestBillingOptions) {
    this.purchasesEnabled = options.enabled;
    this.now = options.now ?? (() => new Date());
    this.key = createHmac('sha256', options.secret).update('corisk-test-checkout').digest();
    if (options.enabled) {
      this.testCheckout = { get: (token) => this.getCheckout(token), complete: (token) => this.completeCheckout(token) };
    }
  }

  async listPrices(): Promise<ProviderPriceTable> {
    const row = (tier: PlanTier) => ({
      month: { id: testPriceId(tier, 'month'), amount: planCatalogue[tier].prices.month },
      year: { id: testPriceId(tier, 'year'), amount: planCatalogue[tier].prices.year },
    });
    return { basic: row('basic'), premium: row('premium'), enterprise: row('enterprise') };
  }

  async createCustomer(user: { id: string; email: string }): Promise<string> {
    return `cus_test_${user.id.replace(/-/g, '')}`;
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    if (!this.options.enabled) throw disabled();
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const record: TestCheckoutRecord = {
      id,
      userId: request.userId,
      customerId: request.customerId,
      priceId: request.priceId,
      tier: request.tier,
      period: request.period,
      title: request.title,
      amount: request.amount,
      credits: request.credits,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      status: 'open',
      expiresAt: new Date(this.now().getTime() + testCheckoutTtlMs).toISOString(),
      subscriptionId: null,
    };
    await this.options.db.insert(appState).values({ key: checkoutKey(id), value: record });
    const token = this.sign(id);
    return { id, url: `${this.options.appUrl}/checkout/test?session=${encodeURIComponent(token)}` };
  }

  async createPortalSession(): Promise<string> {
    // The test "billing portal" is the Plan & Billing tab of the profile.
    return `${this.options.appUrl}/profile?tab=billing`;
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    const stored = await this.loadSubscription(id);
    return stored ? toProvider(stored) : null;
  }

  async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription> {
    const stored = await this.requireSubscription(id);
    if (stored.status === 'canceled') {
      throw new AppError(400, 'subscription_ended', msg('error.billing.subscriptionEnded'));
    }
    const next = { ...stored, willCancel: cancel };
    await this.saveSubscription(next);
    return toProvider(next);
  }

  async changePrice(id: string, priceId: string, _change: PlanChange): Promise<ProviderSubscription> {
    const stored = await this.requireSubscription(id);
    const target = priceFromId(priceId);
    const current = priceFromId(stored.priceId);
    if (!target) throw new AppError(400, 'unknown_price', 'Unknown price');
    if (stored.status === 'canceled') throw new AppError(400, 'subscription_ended', msg('error.billing.subscriptionEnded'));
    const now = this.now();
    // Like Stripe, a new billing interval starts a new period now.
    const periodEnd =
      current?.period === target.period
        ? stored.currentPeriodEnd
        : addMonthsUtc(now, periodMonths[target.period]).toISOString();
    const next: StoredSubscription = { ...stored, priceId, currentPeriodEnd: periodEnd };
    await this.saveSubscription(next);
    return toProvider(next);
  }

  verifyWebhook(): BillingWebhookEvent {
    throw new BillingNotConfiguredError('Stripe is not configured: webhooks are not accepted');
  }

  // --- test checkout -------------------------------------------------------------------------

  private sign(id: string): string {
    return `${id}.${createHmac('sha256', this.key).update(id).digest('base64url')}`;
  }

  /** The session id of a correctly signed token, else null. */
  private verify(token: string): string | null {
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return null;
    const id = token.slice(0, dot);
    const expected = Buffer.from(this.sign(id));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
  }

  private async loadRecord(id: string): Promise<TestCheckoutRecord | null> {
    const [row] = await this.options.db.select().from(appState).where(eq(appState.key, checkoutKey(id)));
    if (!row) return null;
    const parsed = recordSchema.safeParse(row.value);
    return parsed.success ? parsed.data : null;
  }

  private async getCheckout(token: string): Promise<TestCheckoutRecord | null> {
    const id = this.verify(token);
    if (!id) return null;
    const record = await this.loadRecord(id);
    if (!record) return null;
    if (record.status === 'open' && new Date(record.expiresAt).getTime() <= this.now().getTime()) return null;
    return record;
  }

  private async completeCheckout(
    token: string,
  ): Promise<{ record: TestCheckoutRecord; event: BillingWebhookEvent } | null> {
    const id = this.verify(token);
    if (!id) return null;
    const now = this.now();
    const subscriptionId = `sub_test_${randomBytes(12).toString('hex')}`;
    await this.options.db.transaction(async (tx) => {
      // Only the first completion of an open, unexpired session wins (row lock + condition).
      const won = await tx
        .update(appState)
        .set({
          value: sql`${appState.value} || ${JSON.stringify({ status: 'completed', subscriptionId })}::jsonb`,
          updatedAt: now,
        })
        .where(
          and(
            eq(appState.key, checkoutKey(id)),
            sql`${appState.value}->>'status' = 'open'`,
            sql`(${appState.value}->>'expiresAt')::timestamptz > ${now.toISOString()}::timestamptz`,
          ),
        )
        .returning({ value: appState.value });
      const first = won[0] ? recordSchema.safeParse(won[0].value) : null;
      if (!first?.success) return;
      const record = first.data;
      const stored: StoredSubscription = {
        id: subscriptionId,
        customerId: record.customerId,
        userId: record.userId,
        priceId: record.priceId,
        status: 'active',
        startedAt: now.toISOString(),
        currentPeriodEnd: addMonthsUtc(now, periodMonths[record.period]).toISOString(),
        willCancel: false,
      };
      await tx.insert(appState).values({ key: subscriptionKey(subscriptionId), value: stored });
    });
    const record = await this.loadRecord(id);
    if (!record || record.status !== 'completed' || !record.subscriptionId) return null;
    return {
      record,
      event: {
        id: `evt_test_${record.id}`,
        type: 'checkout.session.completed',
        subscriptionId: record.subscriptionId,
        customerId: record.customerId,
        userId: record.userId,
      },
    };
  }

  // --- embedded subscriptions ----------------------------------------------------------------

  /** Loads a subscription and rolls it forward to now: renew each period, or end if cancelling. */
  private async loadSubscription(id: string): Promise<StoredSubscription | null> {
    const [row] = await this.options.db.select().from(appState).where(eq(appState.key, subscriptionKey(id)));
    if (!row) return null;
    const parsed = storedSubscriptionSchema.safeParse(row.value);
    if (!parsed.success) return null;
    const stored = parsed.data;
    const now = this.now().getTime();
    if (stored.status !== 'active' || new Date(stored.currentPeriodEnd).getTime() > now) return stored;
    let next: StoredSubscription;
    if (stored.willCancel) {
      next = { ...stored, status: 'canceled' };
    } else {
      const period = priceFromId(stored.priceId)?.period ?? 'month';
      let end = new Date(stored.currentPeriodEnd);
      while (end.getTime() <= now) end = addMonthsUtc(end, periodMonths[period]);
      next = { ...stored, currentPeriodEnd: end.toISOString() };
    }
    await this.saveSubscription(next);
    return next;
  }

  private async requireSubscription(id: string): Promise<StoredSubscription> {
    const stored = await this.loadSubscription(id);
    if (!stored) throw new AppError(404, 'subscription_not_found', msg('error.billing.subscriptionNotFound'));
    return stored;
  }

  private async saveSubscription(s: StoredSubscription): Promise<void> {
    await this.options.db
      .update(appState)
      .set({ value: s, updatedAt: this.now() })
      .where(eq(appState.key, subscriptionKey(s.id)));
  }
}
