import type Stripe from 'stripe';
import { lazyModule } from '../../lib/lazy-module.js';
import { billingPeriods, planId, planTiers, stripeLookupKey, type BillingPeriod, type PlanTier } from '../../../shared/plans.js';
import { msg } from '../../../shared/i18n/message.js';
import { AppError } from '../../lib/errors.js';
import { subscriptionStatusSchema } from '../../../shared/contracts/billing.js';
import {
  BillingNotConfiguredError,
  WebhookSignatureError,
  type BillingProvider,
  type BillingWebhookEvent,
  type CheckoutBillingDetails,
  type CheckoutRequest,
  type PlanChange,
  type ProviderPriceTable,
  type ProviderSubscription,
} from './billing-provider.js';

export interface StripeBillingOptions {
  secretKey: string;
  webhookSecret?: string;
  /** Another API host (tests point it at a local peer); default Stripe's. */
  apiUrl?: string;
}

type StripeClientOptions = NonNullable<ConstructorParameters<typeof Stripe>[1]>;

function hostOptions(apiUrl: string | undefined): Pick<StripeClientOptions, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

// Webhook payloads are read defensively: only the few fields we need, checked by type.
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
/** An expandable reference: 'cus_123' or {id:'cus_123', ...}; anything not shaped like a Stripe id is no reference. */
const ref = (v: unknown): string | null => {
  const id = str(v) ?? (isObject(v) ? str(v.id) : null);
  return id && /^[A-Za-z0-9_]{1,255}$/.test(id) ? id : null;
};
const path = (v: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((acc, k) => (isObject(acc) ? acc[k] : undefined), v);

const statuses = new Set<ProviderSubscription['status']>(subscriptionStatusSchema.exclude(['none']).options);

/** 'corisk_basic_year' → {tier:'basic', period:'year'}. */
export function planFromLookupKey(key: string | null | undefined): { tier: PlanTier; period: BillingPeriod } | null {
  for (const tier of planTiers) for (const period of billingPeriods) if (stripeLookupKey(tier, period) === key) return { tier, period };
  return null;
}

export function normaliseSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const items = sub.items.data;
  // Current API: the billing period lives on each subscription item.
  const periodEnds = items.map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number');
  const status = statuses.has(sub.status as ProviderSubscription['status'])
    ? (sub.status as ProviderSubscription['status'])
    : 'incomplete';
  return {
    id: sub.id,
    customerId: ref(sub.customer) ?? '',
    status,
    priceId: items[0]?.price.id ?? null,
    plan: planFromLookupKey(items[0]?.price.lookup_key),
    userId: str(sub.metadata?.user_id),
    startedAt: new Date(sub.start_date * 1000),
    currentPeriodEnd: periodEnds.length ? new Date(Math.max(...periodEnds) * 1000) : null,
    // A cancellation scheduled through cancel_at counts like cancel_at_period_end.
    willCancel: Boolean(sub.cancel_at_period_end) || sub.cancel_at != null,
  };
}

/** Checkout's customer_details (name, address, the EU VAT ID of tax_ids) → our billing details; null without a name. */
function customerDetails(d: unknown): CheckoutBillingDetails | null {
  const name = str(path(d, 'name'));
  if (!name) return null;
  const a = path(d, 'address');
  const address = ['line1', 'line2', 'postal_code', 'city', 'state']
    .map((k) => str(path(a, k)))
    .filter(Boolean)
    .join(', ');
  const taxIds = path(d, 'tax_ids');
  const vat = Array.isArray(taxIds) ? taxIds.find((t) => str(path(t, 'type')) === 'eu_vat') : undefined;
  return { companyName: name.slice(0, 200), address: address.slice(0, 500), country: str(path(a, 'country')), vatId: str(path(vat, 'value'))?.slice(0, 40) ?? null };
}

/** Webhook event → the ids the billing service needs to fetch the subscription as it is now. */
export function summariseEvent(event: unknown): BillingWebhookEvent {
  // A correct signature proves the sender, not the shape: an event without id or type is refused.
  const id = ref(path(event, 'id'));
  const type = str(path(event, 'type'));
  if (!id || !type || !/^[a-z0-9_.]{1,100}$/.test(type)) {
    throw new AppError(400, 'invalid_event', 'Unreadable webhook event: no valid id or type');
  }
  const o = path(event, 'data', 'object');
  const base = { id, type, customerId: ref(path(o, 'customer')) };
  if (type.startsWith('checkout.session.')) {
    return {
      ...base,
      subscriptionId: ref(path(o, 'subscription')),
      userId: str(path(o, 'client_reference_id')) ?? str(path(o, 'metadata', 'user_id')),
      billingDetails: customerDetails(path(o, 'customer_details')),
    };
  }
  if (type.startsWith('customer.subscription.')) {
    return { ...base, subscriptionId: ref(path(o, 'id')), userId: str(path(o, 'metadata', 'user_id')) };
  }
  if (type.startsWith('invoice.')) {
    return {
      ...base,
      // Current API: invoice.parent.subscription_details; older payloads: invoice.subscription.
      subscriptionId:
        ref(path(o, 'parent', 'subscription_details', 'subscription')) ?? ref(path(o, 'subscription')),
      userId: str(path(o, 'parent', 'subscription_details', 'metadata', 'user_id')),
    };
  }
  return { ...base, subscriptionId: null, userId: null };
}

/** Stripe errors become AppErrors whose detail is safe to show. */
const stripeModule = lazyModule<typeof Stripe>('stripe');

function providerError(err: unknown): never {
  const { errors } = stripeModule();
  if (err instanceof errors.StripeCardError) {
    throw new AppError(402, 'card_declined', err.message || 'Your card was declined.');
  }
  if (err instanceof errors.StripeError) {
    throw new AppError(502, 'payment_provider_error', msg('error.billing.providerError'), {
      provider_code: err.code ?? err.type,
    });
  }
  throw err;
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    return providerError(err);
  }
}

export class StripeBillingProvider implements BillingProvider {
  readonly mode = 'stripe' as const;
  readonly purchasesEnabled = true;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeBillingOptions) {
    const StripeClient = stripeModule();
    this.stripe = new StripeClient(options.secretKey, {
      ...hostOptions(options.apiUrl),
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'Corisk' },
    });
  }

  async listPrices(): Promise<ProviderPriceTable> {
    const wanted = new Map<string, { tier: PlanTier; period: BillingPeriod }>();
    for (const tier of planTiers) for (const period of billingPeriods) wanted.set(stripeLookupKey(tier, period), { tier, period });
    const list = await call(() =>
      this.stripe.prices.list({ lookup_keys: [...wanted.keys()], active: true, limit: 100 }),
    );
    const table: ProviderPriceTable = {
      basic: { month: null, year: null },
      premium: { month: null, year: null },
      enterprise: { month: null, year: null },
    };
    for (const price of list.data) {
      const plan = price.lookup_key ? wanted.get(price.lookup_key) : undefined;
      if (!plan || price.currency !== 'eur' || price.unit_amount == null) continue;
      table[plan.tier][plan.period] = { id: price.id, amount: price.unit_amount / 100 };
    }
    return table;
  }

  async createCustomer(user: { id: string; email: string }): Promise<string> {
    const customer = await call(() =>
      this.stripe.customers.create(
        { email: user.email, metadata: { user_id: user.id } },
        { idempotencyKey: `corisk-customer-${user.id}` },
      ),
    );
    return customer.id;
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    const metadata = { user_id: request.userId, plan: planId(request.tier, request.period) };
    const session = await call(() =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: request.customerId,
        client_reference_id: request.userId,
        line_items: [{ price: request.priceId, quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata,
        subscription_data: { metadata },
        // EU VAT: the company, its billing address and VAT ID (reverse charge), kept on the customer
        billing_address_collection: 'required',
        tax_id_collection: { enabled: true },
        customer_update: { name: 'auto', address: 'auto' },
      }),
    );
    if (!session.url) throw new AppError(502, 'payment_provider_error', msg('error.billing.noCheckoutPage'));
    return { id: session.id, url: session.url };
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    const session = await call(() =>
      this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
    );
    return session.url;
  }

  private async retrieveRaw(id: string): Promise<Stripe.Subscription | null> {
    try {
      return await this.stripe.subscriptions.retrieve(id);
    } catch (err) {
      if (err instanceof stripeModule().errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
      return providerError(err);
    }
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    const sub = await this.retrieveRaw(id);
    return sub ? normaliseSubscription(sub) : null;
  }

  async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription> {
    if (cancel) {
      const sub = await call(() => this.stripe.subscriptions.update(id, { cancel_at_period_end: true }));
      return normaliseSubscription(sub);
    }
    const current = await this.retrieveRaw(id);
    if (!current) throw new AppError(404, 'subscription_not_found', msg('error.billing.subscriptionNotFound'));
    // A cancellation scheduled with cancel_at is undone by clearing cancel_at.
    const params: Stripe.SubscriptionUpdateParams =
      current.cancel_at != null && !current.cancel_at_period_end ? { cancel_at: '' } : { cancel_at_period_end: false };
    const sub = await call(() => this.stripe.subscriptions.update(id, params));
    return normaliseSubscription(sub);
  }

  async changePrice(id: string, priceId: string, change: PlanChange): Promise<ProviderSubscription> {
    const current = await this.retrieveRaw(id);
    const item = current?.items.data[0];
    if (!current || !item) throw new AppError(404, 'subscription_not_found', msg('error.billing.subscriptionNotFound'));
    const sub = await call(() =>
      this.stripe.subscriptions.update(id, {
        items: [{ id: item.id, price: priceId }],
        // An upgrade is invoiced and paid now (immediate access); a period switch is prorated.
        proration_behavior: change === 'upgrade' ? 'always_invoice' : 'create_prorations',
        payment_behavior: change === 'upgrade' ? 'error_if_incomplete' : 'allow_incomplete',
      }),
    );
    return normaliseSubscription(sub);
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): BillingWebhookEvent {
    const secret = this.options.webhookSecret;
    if (!secret) throw new BillingNotConfiguredError('STRIPE_WEBHOOK_SECRET is not configured');
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      throw new WebhookSignatureError('Invalid webhook signature');
    }
    return summariseEvent(event);
  }
}
