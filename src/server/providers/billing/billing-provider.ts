import type { SubscriptionStatus } from '../../../shared/contracts/billing.js';
import type { BillingPeriod, PlanTier } from '../../../shared/plans.js';

/**
 * Payments: `stripe` with STRIPE_SECRET_KEY, else the built-in `test` checkout.
 * The billing service speaks only this interface; both implementations report subscriptions in
 * the same normalised shape, so one code path applies them.
 */

/** A sellable price; `amount` in euros. */
export interface ProviderPrice {
  id: string;
  amount: number;
}

export type ProviderPriceTable = Record<PlanTier, Record<BillingPeriod, ProviderPrice | null>>;

/** A subscription as the payment provider reports it now. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: Exclude<SubscriptionStatus, 'none'>;
  /** Price of the (single) subscription item. */
  priceId: string | null;
  /** The plan that price sells, when the provider can tell (Stripe: the price's lookup key). */
  plan: { tier: PlanTier; period: BillingPeriod } | null;
  /** Our user id, from the subscription's metadata (set at checkout). */
  userId: string | null;
  startedAt: Date;
  /** End of the current billing period (read from the subscription items). */
  currentPeriodEnd: Date | null;
  /** True when the subscription ends at the period end or at a scheduled `cancel_at`. */
  willCancel: boolean;
}

/** A verified webhook event, reduced to what the billing service needs. */
export interface BillingWebhookEvent {
  id: string;
  type: string;
  subscriptionId: string | null;
  customerId: string | null;
  /** client_reference_id or metadata.user_id, when the event carries one. */
  userId: string | null;
  /** What the buyer entered at checkout (Stripe's customer_details, or the test checkout's form). */
  billingDetails?: CheckoutBillingDetails | null;
}

/** The company, billing address and EU VAT ID collected at checkout, as typed. */
export interface CheckoutBillingDetails {
  companyName: string;
  address: string;
  /** ISO code or selector name of the billing address's state. */
  country: string | null;
  vatId: string | null;
}

export interface CheckoutRequest {
  userId: string;
  customerId: string;
  priceId: string;
  tier: PlanTier;
  period: BillingPeriod;
  /** What the test checkout page shows (Stripe shows its own). */
  title: string;
  amount: number;
  credits: number;
  successUrl: string;
  cancelUrl: string;
}

/** How a plan change is billed: an upgrade is invoiced at once, a period switch prorated. */
export type PlanChange = 'upgrade' | 'switch';

/** The test checkout page's data (test provider only): the request, and where it stands. */
export interface TestCheckoutRecord extends CheckoutRequest {
  id: string;
  status: 'open' | 'completed';
  expiresAt: string;
  subscriptionId: string | null;
}

/** The built-in test checkout: no payment taken, activates the plan like the Stripe webhook. */
export interface TestCheckoutDesk {
  /** The session behind a signed token, or null (unknown, forged or expired). */
  get(token: string): Promise<TestCheckoutRecord | null>;
  /**
   * Completes the session once (creating its subscription, as Stripe does when a checkout is
   * paid) and returns the checkout.session.completed event; later calls return the same event.
   */
  complete(token: string): Promise<{ record: TestCheckoutRecord; event: BillingWebhookEvent } | null>;
}

export class WebhookSignatureError extends Error {}
export class BillingNotConfiguredError extends Error {}

export interface BillingProvider {
  readonly mode: 'stripe' | 'test';
  /** False when nothing can be bought (production without Stripe and without dev tools). */
  readonly purchasesEnabled: boolean;
  listPrices(): Promise<ProviderPriceTable>;
  createCustomer(user: { id: string; email: string }): Promise<string>;
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** null when the provider does not know the subscription. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription>;
  changePrice(id: string, priceId: string, change: PlanChange): Promise<ProviderSubscription>;
  /** Verifies the signature of a raw webhook body; throws WebhookSignatureError otherwise. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): BillingWebhookEvent;
  /** Present only on the test provider with dev tools on. */
  readonly testCheckout?: TestCheckoutDesk;
}
