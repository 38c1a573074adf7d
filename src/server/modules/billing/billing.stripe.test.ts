import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { startStripePeer, type PeerSubscription, type StripePeer } from '../../../../test/stripe-peer.js';
import { planStatusResponseSchema, pricesResponseSchema } from '../../../shared/contracts/billing.js';
import { billingCustomers, billingEvents, creditLedger } from '../../db/schema.js';
import { StripeBillingProvider } from '../../providers/billing/stripe.js';

/** Stripe mode: the official SDK against a local peer speaking Stripe's API; webhooks signed by the SDK. */

const WEBHOOK_SECRET = 'whsec_test_corisk';
const stripe = new Stripe('sk_test_signing_only');
let peer: StripePeer;
let t: TestApp;
let appUrl: string;

beforeAll(async () => {
  peer = await startStripePeer([
    { id: 'price_1BasicMonth', lookup_key: 'corisk_basic_month', unit_amount: 4900, currency: 'eur' },
    { id: 'price_1BasicYear', lookup_key: 'corisk_basic_year', unit_amount: 49000, currency: 'eur' },
    { id: 'price_1PremiumMonth', lookup_key: 'corisk_premium_month', unit_amount: 14900, currency: 'eur' },
    { id: 'price_1PremiumYear', lookup_key: 'corisk_premium_year', unit_amount: 149000, currency: 'eur' },
    // Enterprise monthly is not for sale in this account; a non-EUR price is ignored.
    { id: 'price_1EnterpriseYear', lookup_key: 'corisk_enterprise_year', unit_amount: 449000, currency: 'usd' },
  ]);
  t = await createTestApp({
    APP_URL: 'http://localhost:4200',
    STRIPE_SECRET_KEY: 'sk_test_corisk',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: peer.url,
  });
  appUrl = t.config.appUrl;
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

let eventSeq = 0;
function event(type: string, object: Record<string, unknown>, eventId = `evt_${randomBytes(6).toString('hex')}_${++eventSeq}`) {
  return JSON.stringify({ id: eventId, object: 'event', type, api_version: '2026-10-28.endive', created: 1, data: { object } });
}

function deliver(payload: string, signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url, headers: user.headers });
const post = (url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });
const planStatus = async (user: TestUser) =>
  planStatusResponseSchema.parse((await get('/api/stripe/plan-status', user)).json());

async function customerOf(user: TestUser): Promise<string> {
  const [row] = await t.database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, user.user_id));
  if (!row) throw new Error('no customer');
  return row.stripeCustomerId;
}

/** Checkout through the app, then Stripe's part: the subscription and a checkout.session.completed. */
async function subscribe(user: TestUser, price = 'price_1BasicYear'): Promise<{ sub: PeerSubscription; payload: string }> {
  const res = await post('/api/stripe/create-checkout-session', user, {
    price_id: price,
    success_url: `${appUrl}/dashboard?payment_success=true&plan=basic&period=year&price=490`,
    cancel_url: `${appUrl}/products`,
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_/);
  const customer = await customerOf(user);
  const sub = peer.addSubscription({ customer, price, userId: user.user_id, interval: price.endsWith('Year') ? 'year' : 'month' });
  const payload = event('checkout.session.completed', {
    id: 'cs_x',
    object: 'checkout.session',
    mode: 'subscription',
    customer,
    subscription: sub.id,
    client_reference_id: user.user_id,
  });
  expect((await deliver(payload)).statusCode).toBe(200);
  return { sub, payload };
}

describe('prices in Stripe mode', () => {
  it('looks prices up by lookup key and serves their ids and euro amounts', async () => {
    const body = pricesResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/stripe/prices' })).json());
    expect(body.data.basic.price_ids).toEqual({ month: 'price_1BasicMonth', year: 'price_1BasicYear' });
    expect(body.data.basic.prices).toEqual({ month: 49, year: 490 });
    expect(body.data.premium.price_ids).toEqual({ month: 'price_1PremiumMonth', year: 'price_1PremiumYear' });
    expect(body.data.enterprise.price_ids).toEqual({ month: null, year: null });
    const lookups = peer.calls('/v1/prices', 'GET');
    expect(lookups.length).toBeGreaterThanOrEqual(1);
    expect(Object.values(lookups[0]?.params ?? {})).toEqual(
      expect.arrayContaining(['corisk_basic_month', 'corisk_basic_year', 'corisk_enterprise_year']),
    );
    // Cached: a second read does not ask Stripe again.
    const before = peer.calls('/v1/prices').length;
    await t.app.inject({ method: 'GET', url: '/api/stripe/prices' });
    expect(peer.calls('/v1/prices').length).toBe(before);
  });
});

describe('checkout in Stripe mode', () => {
  it('creates one customer per user and a subscription-mode Checkout Session', async () => {
    const user = await createSignedInUser(t.app);
    for (let i = 0; i < 2; i++) {
      const res = await post('/api/stripe/create-checkout-session', user, {
        price_id: 'price_1BasicMonth',
        success_url: `${appUrl}/products/risk-assessment?payment_success=true&plan=basic&period=month&price=49`,
        cancel_url: `${appUrl}/products`,
      });
      expect(res.statusCode).toBe(200);
    }
    const customers = peer.calls('/v1/customers', 'POST').filter((c) => c.params['metadata[user_id]'] === user.user_id);
    expect(customers).toHaveLength(1);
    const sessions = peer.calls('/v1/checkout/sessions', 'POST').slice(-2);
    for (const s of sessions) {
      expect(s.params).toMatchObject({
        mode: 'subscription',
        customer: await customerOf(user),
        client_reference_id: user.user_id,
        'line_items[0][price]': 'price_1BasicMonth',
        'line_items[0][quantity]': '1',
        success_url: `${appUrl}/products/risk-assessment?payment_success=true&plan=basic&period=month&price=49`,
        cancel_url: `${appUrl}/products`,
        'subscription_data[metadata][user_id]': user.user_id,
      });
    }
  });
});

describe('webhooks', () => {
  it('applies checkout.session.completed once even when delivered 10 times', async () => {
    const user = await createSignedInUser(t.app);
    const { payload } = await subscribe(user);
    const again = await Promise.all(Array.from({ length: 9 }, () => deliver(payload)));
    for (const res of again) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    const status = await planStatus(user);
    expect(status).toMatchObject({ plan: 'basic_year', status: 'active', credits: 103, allowed: true, signup_credits: 0 });
    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.user_id));
    expect(ledger.filter((r) => r.reason === 'grant')).toHaveLength(1);
    const eventId = (JSON.parse(payload) as { id: string }).id;
    expect(await t.database.db.select().from(billingEvents).where(eq(billingEvents.id, eventId))).toHaveLength(1);
  });

  it('answers 400 to a bad or missing signature and changes nothing', async () => {
    const user = await createSignedInUser(t.app);
    const customer = 'cus_forged';
    const sub = peer.addSubscription({ customer, price: 'price_1BasicYear', userId: user.user_id, interval: 'year' });
    const payload = event('customer.subscription.created', peer.subscriptionJson(sub));
    const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    for (const res of [
      await deliver(payload, wrongSecret),
      await deliver(payload, 't=1,v1=deadbeef'),
      await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload }),
      // A valid signature over other bytes.
      await deliver(payload.replace('"active"', '"canceled"'), stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    expect((await planStatus(user)).plan).toBe('');
  });

  it('acknowledges event types it does not handle with 200', async () => {
    const res = await deliver(event('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(res.statusCode).toBe(200);
  });

  it('applies the subscription as Stripe reports it now, whatever the event order; cancel_at counts as will-cancel', async () => {
    const user = await createSignedInUser(t.app);
    const { sub } = await subscribe(user);
    const staleCopy = peer.subscriptionJson(sub);
    // Stripe now has a cancellation scheduled through cancel_at (not cancel_at_period_end).
    sub.cancel_at = sub.item.current_period_end;
    // An older "created" event arrives late, carrying the old state.
    expect((await deliver(event('customer.subscription.created', staleCopy))).statusCode).toBe(200);
    const subRes = (await get('/api/stripe/subscription', user)).json();
    expect(subRes).toMatchObject({ plan: 'basic_year', status: 'active', cancel_at_period_end: true, active: true });
    expect(subRes.end_date).toBe(new Date(sub.item.current_period_end * 1000).toISOString());

    // Reactivate clears cancel_at at Stripe.
    const re = await post('/api/stripe/subscription/reactivate', user);
    expect(re.statusCode).toBe(200);
    expect(re.json().subscription.cancel_at_period_end).toBe(false);
    expect(peer.calls(`/v1/subscriptions/${sub.id}`, 'POST').at(-1)?.params).toEqual({ cancel_at: '' });

    // Cancel sets cancel_at_period_end.
    const cancel = await post('/api/stripe/subscription/cancel', user);
    expect(cancel.json()).toMatchObject({ detail: 'Subscription scheduled for cancellation', subscription: { cancel_at_period_end: true } });
    expect(peer.calls(`/v1/subscriptions/${sub.id}`, 'POST').at(-1)?.params).toEqual({ cancel_at_period_end: 'true' });
    const back = await post('/api/stripe/subscription/reactivate', user);
    expect(back.json().subscription.cancel_at_period_end).toBe(false);
    expect(peer.calls(`/v1/subscriptions/${sub.id}`, 'POST').at(-1)?.params).toEqual({ cancel_at_period_end: 'false' });
  });

  it('invoice.payment_failed → past_due (access refused); invoice.paid → active again', async () => {
    const user = await createSignedInUser(t.app);
    const { sub } = await subscribe(user);
    const invoice = (status: string) => ({
      id: `in_${status}`,
      object: 'invoice',
      customer: sub.customer,
      status,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: {} } },
    });
    sub.status = 'past_due';
    expect((await deliver(event('invoice.payment_failed', invoice('open')))).statusCode).toBe(200);
    expect(await planStatus(user)).toMatchObject({
      plan: 'basic_year',
      status: 'past_due',
      allowed: false,
      reason: 'Your last payment failed. Update your payment method in Plan & Billing to keep running assessments.',
    });
    sub.status = 'active';
    expect((await deliver(event('invoice.paid', invoice('paid')))).statusCode).toBe(200);
    expect(await planStatus(user)).toMatchObject({ status: 'active', allowed: true, credits: 103 });
  });

  it('customer.subscription.deleted ends the plan and its credits; a late event about it never replaces a newer plan', async () => {
    const user = await createSignedInUser(t.app);
    const { sub } = await subscribe(user);
    sub.status = 'canceled';
    expect((await deliver(event('customer.subscription.deleted', peer.subscriptionJson(sub)))).statusCode).toBe(200);
    expect(await planStatus(user)).toMatchObject({
      plan: '',
      status: 'canceled',
      credits: 0,
      allowed: false,
      reason: 'Your subscription has ended. Subscribe to a plan to run more assessments.',
    });

    const { sub: second } = await subscribe(user, 'price_1BasicMonth');
    expect((await planStatus(user)).plan).toBe('basic_month');
    expect((await deliver(event('customer.subscription.updated', peer.subscriptionJson(sub)))).statusCode).toBe(200);
    const status = await planStatus(user);
    expect(status).toMatchObject({ plan: 'basic_month', status: 'active', credits: 100 });
    expect(second.status).toBe('active');
  });
});

describe('plan changes and the billing portal', () => {
  it('switches the period by updating the subscription item price with proration', async () => {
    const user = await createSignedInUser(t.app);
    const { sub } = await subscribe(user);
    const success = `${appUrl}/dashboard?payment_success=true&plan=basic&period=month&price=49`;
    const res = await post('/api/stripe/create-checkout-session', user, {
      price_id: 'price_1BasicMonth',
      success_url: success,
      cancel_url: `${appUrl}/products`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: success });
    expect(peer.calls(`/v1/subscriptions/${sub.id}`, 'POST').at(-1)?.params).toMatchObject({
      'items[0][id]': sub.item.id,
      'items[0][price]': 'price_1BasicMonth',
      proration_behavior: 'create_prorations',
    });
    expect((await planStatus(user)).plan).toBe('basic_month');
  });

  it('invoices an upgrade at once (provider level: the only higher tiers are coming soon)', async () => {
    const provider = new StripeBillingProvider({ secretKey: 'sk_test_corisk', apiUrl: peer.url });
    const sub = peer.addSubscription({ customer: 'cus_up', price: 'price_1BasicYear', userId: 'u', interval: 'year' });
    const updated = await provider.changePrice(sub.id, 'price_1PremiumYear', 'upgrade');
    expect(updated.plan).toEqual({ tier: 'premium', period: 'year' });
    expect(peer.calls(`/v1/subscriptions/${sub.id}`, 'POST').at(-1)?.params).toMatchObject({
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
  });

  it('refuses the premium plan (coming soon) even with a Stripe price', async () => {
    const user = await createSignedInUser(t.app);
    const res = await post('/api/stripe/create-checkout-session', user, {
      price_id: 'price_1PremiumYear',
      success_url: `${appUrl}/dashboard`,
      cancel_url: `${appUrl}/products`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('The Premium plan is coming soon and cannot be purchased yet.');
  });

  it('opens a Stripe billing portal session for the customer, returning to Plan & Billing', async () => {
    const user = await createSignedInUser(t.app);
    await subscribe(user);
    const res = await get('/api/stripe/subscription/billing-portal', user);
    expect(res.json()).toEqual({ url: 'https://billing.stripe.test/p/session/1' });
    expect(peer.calls('/v1/billing_portal/sessions', 'POST').at(-1)?.params).toEqual({
      customer: await customerOf(user),
      return_url: `${appUrl}/profile?tab=billing`,
    });
  });

  it('has no test checkout routes in Stripe mode', async () => {
    const user = await createSignedInUser(t.app);
    expect((await get('/api/billing/test-checkout/cs_test_x.y', user)).statusCode).toBe(404);
  });
});
