import type {
  CheckoutSessionResponse,
  CreateCheckoutSessionBody,
  PlanStatus,
  PricesResponse,
  RefreshPricesResponse,
  ServiceAccess,
  Subscription,
  TestCheckoutCompleteBody,
  TestCheckoutSession,
} from '../../../shared/contracts/billing.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import type { BillingWebhookEvent, ProviderSubscription } from '../../providers/billing/billing-provider.js';
import { Accounts } from './account.service.js';
import type { BillingParts, BillingServiceDeps } from './billing-deps.js';
import { Checkout } from './checkout.service.js';
import { Prices } from './prices.service.js';
import { Receipts } from './receipts.service.js';
import { TestCheckouts } from './test-checkout.service.js';
import { SubscriptionSync } from './webhooks.service.js';

export type { BillingLog, BillingServiceDeps } from './billing-deps.js';
export { priceCacheTtlMs } from './prices.service.js';
export { handledEventTypes } from './webhooks.service.js';

/**
 * Everything about paying, as the routes see it: prices (prices.service.ts), the account's plan
 * and access (account.service.ts), checkout and the subscription lifecycle (checkout.service.ts),
 * webhooks and applying subscriptions (webhooks.service.ts), the built-in test checkout
 * (test-checkout.service.ts).
 */
export class BillingService {
  private readonly prices: Prices;
  private readonly sync: SubscriptionSync;
  private readonly accounts: Accounts;
  private readonly checkout: Checkout;
  private readonly testCheckouts: TestCheckouts;

  constructor(private readonly deps: BillingServiceDeps) {
    const parts: BillingParts = { ...deps, now: deps.now ?? (() => new Date()) };
    this.prices = new Prices(parts);
    const receipts = new Receipts(parts, this.prices);
    this.sync = new SubscriptionSync(parts, this.prices, (userId, plan, event) => receipts.checkoutCompleted(userId, plan, event));
    this.accounts = new Accounts(parts, this.sync);
    this.checkout = new Checkout(parts, { prices: this.prices, sync: this.sync, accounts: this.accounts });
    this.testCheckouts = new TestCheckouts(parts, this.sync);
  }

  /** Whether the built-in test checkout is on (the test provider with dev tools). */
  get hasTestCheckout(): boolean {
    return Boolean(this.deps.provider.testCheckout);
  }

  /** Call 14. */
  getPrices(): Promise<PricesResponse> {
    return this.prices.getPrices();
  }

  /** Admin: reload the prices from the provider for everyone. */
  refreshPrices(): Promise<RefreshPricesResponse> {
    return this.prices.refreshPrices();
  }

  /** Call 8. */
  planStatus(userId: string, locale?: Locale): Promise<PlanStatus> {
    return this.accounts.planStatus(userId, locale);
  }

  /** Call 9. */
  validateServiceAccess(userId: string, locale?: Locale): Promise<ServiceAccess> {
    return this.accounts.validateServiceAccess(userId, locale);
  }

  /** Call 16. */
  subscription(userId: string): Promise<Subscription> {
    return this.accounts.subscription(userId);
  }

  /** Call 15. */
  createCheckoutSession(userId: string, body: CreateCheckoutSessionBody): Promise<CheckoutSessionResponse> {
    return this.checkout.createCheckoutSession(userId, body);
  }

  /** Call 17. */
  billingPortal(userId: string): Promise<{ url: string }> {
    return this.checkout.billingPortal(userId);
  }

  /** Call 18. */
  cancel(userId: string): Promise<Subscription> {
    return this.checkout.cancel(userId);
  }

  /** Call 19. */
  reactivate(userId: string): Promise<Subscription> {
    return this.checkout.reactivate(userId);
  }

  /** Applies the subscription as the provider reports it now. */
  applySubscription(userId: string, ps: ProviderSubscription): Promise<void> {
    return this.sync.applySubscription(userId, ps);
  }

  /** One webhook event, applied once per event id. */
  processEvent(event: BillingWebhookEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    return this.sync.processEvent(event);
  }

  /** POST /api/stripe/webhook. */
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    return this.sync.handleWebhook(rawBody, signature);
  }

  getTestCheckout(userId: string, token: string): Promise<TestCheckoutSession> {
    return this.testCheckouts.getTestCheckout(userId, token);
  }

  completeTestCheckout(userId: string, token: string, body?: TestCheckoutCompleteBody): Promise<{ redirect_url: string }> {
    return this.testCheckouts.completeTestCheckout(userId, token, body);
  }
}
