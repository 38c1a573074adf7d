import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from '../../../../test/auth.js';
import {
  checkoutSessionResponseSchema,
  planStatusResponseSchema,
  pricesResponseSchema,
  subscriptionResponseSchema,
  testCheckoutSessionSchema,
} from '../../../shared/contracts/billing.js';
import { addYears } from '../../../shared/plans.js';
import { appState, creditLedger, subscriptions, users } from '../../db/schema.js';
import { useTestApp } from '../../../../test/app.js';

/** The test-mode billing flow over HTTP, as the web app drives it. */

const ADMIN = 'admin-billing@example.com';
const t = useTestApp({ APP_URL: 'http://localhost:4100', ADMIN_EMAILS: ADMIN, SIGNUP_CREDITS: '3' });
let appUrl: string;
beforeAll(async () => {
  appUrl = t.config.appUrl;
});

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.headers });
const post = (url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user?.headers, ...(payload ? { payload } : {}) });

const checkoutBody = (priceId: string) => ({
  price_id: priceId,
  success_url: `${appUrl}/dashboard?payment_success=true&plan=basic&period=year&price=490`,
  cancel_url: `${appUrl}/products`,
});

function sessionToken(url: string): string {
  const parsed = new URL(url);
  expect(`${parsed.origin}${parsed.pathname}`).toBe(`${appUrl}/checkout/test`);
  const token = parsed.searchParams.get('session');
  if (!token) throw new Error('no session in checkout url');
  return token;
}

async function subscribeBasicYear(user: TestUser): Promise<void> {
  const res = await post('/api/stripe/create-checkout-session', user, checkoutBody('price_basic_year'));
  expect(res.statusCode).toBe(200);
  const token = sessionToken(res.json().url);
  const done = await post(`/api/billing/test-checkout/${encodeURIComponent(token)}/complete`, user);
  expect(done.statusCode).toBe(200);
}

describe('GET /api/stripe/prices', () => {
  it('serves every plan with every field of the pricing plan entry, test price ids and cached_at', async () => {
    const res = await get('/api/stripe/prices');
    expect(res.statusCode).toBe(200);
    const body = pricesResponseSchema.parse(res.json());
    expect(Object.keys(body.data)).toEqual(['basic', 'premium', 'enterprise']);
    expect(body.data.basic).toMatchObject({
      title: 'Basic',
      coming_soon: false,
      prices: { month: 49, year: 490 },
      price_ids: { month: 'price_basic_month', year: 'price_basic_year' },
      credits: { month: 100, year: 100 },
      route: '/products/risk-assessment',
    });
    expect(body.data.basic.features).toEqual([...body.data.basic.base_features, ...body.data.basic.additional_features]);
    expect(body.data.premium.coming_soon).toBe(true);
    expect(body.data.enterprise.coming_soon).toBe(true);
    expect(body.cached_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

describe('POST /api/stripe/prices/refresh', () => {
  it('is for admins only', async () => {
    const user = await createSignedInUser(t.app);
    expect((await post('/api/stripe/prices/refresh')).statusCode).toBe(401);
    const res = await post('/api/stripe/prices/refresh', user);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toEqual(expect.any(String));
  });

  it('rebuilds the cache for everyone and says when', async () => {
    const admin = await createSignedInUser(t.app, { email: ADMIN });
    const before = pricesResponseSchema.parse((await get('/api/stripe/prices')).json()).cached_at;
    await new Promise((r) => setTimeout(r, 5));
    const res = await post('/api/stripe/prices/refresh', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ success: true, detail: 'Price cache refreshed for all users', cached_at: expect.any(String) });
    expect(body.cached_at > (before ?? '')).toBe(true);
    expect(pricesResponseSchema.parse((await get('/api/stripe/prices')).json()).cached_at).toBe(body.cached_at);
  });
});

describe('the test-mode subscription flow', () => {
  it('goes from free trial through test checkout to an active basic yearly plan, then cancel and reactivate', async () => {
    const user = await createSignedInUser(t.app);

    // Free trial.
    const trial = planStatusResponseSchema.parse((await get('/api/stripe/plan-status', user)).json());
    expect(trial).toEqual({
      plan: '',
      allowed: true,
      reason: 'Free trial: 3 credits remaining.',
      signup_credits: 3,
      credits: 3,
      limit_date: null,
      end_date: null,
      status: 'none',
    });
    expect((await post('/api/stripe/validate-service-access', user)).json()).toEqual({
      allowed: true,
      reason: 'Free trial: 3 credits remaining.',
      plan: '',
    });
    expect((await get('/api/stripe/subscription', user)).json()).toEqual({
      plan: '',
      status: 'none',
      credits: 3,
      limit_date: null,
      end_date: null,
      cancel_at_period_end: false,
      active: false,
    });

    // Checkout.
    const created = await post('/api/stripe/create-checkout-session', user, checkoutBody('price_basic_year'));
    expect(created.statusCode).toBe(200);
    const token = sessionToken(checkoutSessionResponseSchema.parse(created.json()).url);
    const page = await get(`/api/billing/test-checkout/${encodeURIComponent(token)}`, user);
    expect(page.statusCode).toBe(200);
    expect(testCheckoutSessionSchema.parse(page.json())).toMatchObject({
      plan: 'basic_year',
      title: 'Basic',
      period: 'year',
      price: 490,
      currency: 'EUR',
      credits: 100,
      success_url: checkoutBody('x').success_url,
      cancel_url: `${appUrl}/products`,
      status: 'open',
    });

    // Another user cannot see or complete it.
    const other = await createSignedInUser(t.app);
    expect((await get(`/api/billing/test-checkout/${encodeURIComponent(token)}`, other)).statusCode).toBe(404);
    expect((await post(`/api/billing/test-checkout/${encodeURIComponent(token)}/complete`, other)).statusCode).toBe(404);
    // A forged token is unknown.
    expect((await get(`/api/billing/test-checkout/${encodeURIComponent(`${token}x`)}`, user)).statusCode).toBe(404);

    // Complete (twice, as a double click would): applied once.
    const [a, b] = await Promise.all([
      post(`/api/billing/test-checkout/${encodeURIComponent(token)}/complete`, user),
      post(`/api/billing/test-checkout/${encodeURIComponent(token)}/complete`, user),
    ]);
    for (const res of [a, b]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ redirect_url: checkoutBody('x').success_url });
    }

    const status = planStatusResponseSchema.parse((await get('/api/stripe/plan-status', user)).json());
    expect(status).toMatchObject({
      plan: 'basic_year',
      allowed: true,
      reason: 'Basic plan active: 103 credits remaining.',
      signup_credits: 0,
      credits: 103,
      status: 'active',
    });
    const limit = new Date(status.limit_date ?? '');
    const end = new Date(status.end_date ?? '');
    const inAYear = Date.now() + 365 * 24 * 3600 * 1000;
    expect(Math.abs(limit.getTime() - inAYear)).toBeLessThan(2 * 24 * 3600 * 1000);
    expect(Math.abs(end.getTime() - inAYear)).toBeLessThan(2 * 24 * 3600 * 1000);
    const grants = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.user_id));
    expect(grants.map((g) => [g.reason, g.delta])).toEqual([
      ['signup', 3],
      ['grant', 100],
    ]);
    expect((await get(`/api/billing/test-checkout/${encodeURIComponent(token)}`, user)).json().status).toBe('completed');

    // Buying the same plan again is refused; so is a downgrade-free second checkout of it.
    const again = await post('/api/stripe/create-checkout-session', user, checkoutBody('price_basic_year'));
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('You are already subscribed to this plan.');

    // Billing portal: the Plan & Billing tab in test mode.
    expect((await get('/api/stripe/subscription/billing-portal', user)).json()).toEqual({
      url: `${appUrl}/profile?tab=billing`,
    });

    // Cancel → will cancel at period end; reactivate → back.
    const cancel = await post('/api/stripe/subscription/cancel', user);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().detail).toBe('Subscription scheduled for cancellation');
    expect(subscriptionResponseSchema.parse(cancel.json().subscription)).toMatchObject({
      plan: 'basic_year',
      status: 'active',
      cancel_at_period_end: true,
      active: true,
      credits: 103,
    });
    expect((await get('/api/stripe/subscription', user)).json().cancel_at_period_end).toBe(true);

    const reactivate = await post('/api/stripe/subscription/reactivate', user);
    expect(reactivate.statusCode).toBe(200);
    expect(reactivate.json()).toMatchObject({
      detail: 'Subscription reactivated successfully',
      subscription: { plan: 'basic_year', cancel_at_period_end: false, active: true },
    });
  });

  it('switches the billing period of a current plan in place, keeping credits and the reset date', async () => {
    const user = await createSignedInUser(t.app);
    await subscribeBasicYear(user);
    const before = planStatusResponseSchema.parse((await get('/api/stripe/plan-status', user)).json());
    const res = await post('/api/stripe/create-checkout-session', user, {
      ...checkoutBody('price_basic_month'),
      success_url: `${appUrl}/dashboard?payment_success=true&plan=basic&period=month&price=49`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toBe(`${appUrl}/dashboard?payment_success=true&plan=basic&period=month&price=49`);
    const after = planStatusResponseSchema.parse((await get('/api/stripe/plan-status', user)).json());
    expect(after.plan).toBe('basic_month');
    expect(after.credits).toBe(before.credits);
    expect(after.limit_date).toBe(before.limit_date);
  });
});

describe('time passing', () => {
  it('resets credits to the allotment at limit_date and moves it a year on', async () => {
    const user = await createSignedInUser(t.app);
    await subscribeBasicYear(user);
    const started = new Date(Date.now() - 400 * 24 * 3600 * 1000);
    await t.database.db
      .update(subscriptions)
      .set({ startedAt: started, limitDate: new Date(Date.now() - 35 * 24 * 3600 * 1000) })
      .where(eq(subscriptions.userId, user.user_id));
    await t.database.db.update(users).set({ credits: 7 }).where(eq(users.id, user.user_id));
    // Written behind the app's back, as another process would: the app hears it from the database.
    await t.database.changes.sync();
    const status = planStatusResponseSchema.parse((await get('/api/stripe/plan-status', user)).json());
    expect(status.credits).toBe(100);
    expect(status.limit_date).toBe(addYears(started, 2).toISOString());
    const resets = await t.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.user_id), eq(creditLedger.reason, 'reset')));
    expect(resets.map((r) => [r.delta, r.balanceAfter])).toEqual([[93, 100]]);
  });

  it('ends a cancelled subscription once its period is over', async () => {
    const user = await createSignedInUser(t.app);
    await subscribeBasicYear(user);
    expect((await post('/api/stripe/subscription/cancel', user)).statusCode).toBe(200);
    // The period ends: both the stored copy and the test provider's subscription are past it.
    const past = new Date(Date.now() - 60_000);
    await t.database.db.update(subscriptions).set({ currentPeriodEnd: past }).where(eq(subscriptions.userId, user.user_id));
    const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.user_id));
    const key = `test_subscription:${sub?.stripeSubscriptionId}`;
    const [row] = await t.database.db.select().from(appState).where(eq(appState.key, key));
    await t.database.db
      .update(appState)
      .set({ value: { ...(row?.value as object), currentPeriodEnd: past.toISOString() } })
      .where(eq(appState.key, key));
    await t.database.changes.sync();

    const status = planStatusResponseSchema.parse((await get('/api/stripe/plan-status', user)).json());
    expect(status).toMatchObject({ plan: '', status: 'canceled', credits: 0, allowed: false, limit_date: null, end_date: null });
    expect((await get('/api/stripe/subscription', user)).json()).toMatchObject({ plan: '', status: 'canceled', active: false });
  });
});

describe('POST /api/stripe/create-checkout-session', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createSignedInUser(t.app);
  });

  it.each([
    ['a success_url on another host', { success_url: 'https://evil.example/ok' }, 'success_url must be an address on'],
    ['a cancel_url on another host', { cancel_url: 'http://localhost:9999/products' }, 'cancel_url must be an address on'],
    ['an unknown price', { price_id: 'price_gold_year' }, 'Unknown price'],
    ['a coming-soon plan', { price_id: 'price_premium_year' }, 'The Premium plan is coming soon and cannot be purchased yet.'],
  ])('refuses %s with 400', async (_name, change, detail) => {
    const res = await post('/api/stripe/create-checkout-session', user, { ...checkoutBody('price_basic_year'), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(detail);
  });

  it('refuses a malformed body with 400 and signed-out callers with 401', async () => {
    expect((await post('/api/stripe/create-checkout-session', user, { price_id: 'price_basic_year' })).statusCode).toBe(400);
    expect((await post('/api/stripe/create-checkout-session', undefined, checkoutBody('price_basic_year'))).statusCode).toBe(401);
  });
});

describe('authenticated calls', () => {
  it.each([
    ['GET', '/api/stripe/plan-status'],
    ['POST', '/api/stripe/validate-service-access'],
    ['GET', '/api/stripe/subscription'],
    ['GET', '/api/stripe/subscription/billing-portal'],
    ['POST', '/api/stripe/subscription/cancel'],
    ['POST', '/api/stripe/subscription/reactivate'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toEqual(expect.any(String));
  });

  it('explain what is missing: no billing account, nothing to cancel or reactivate', async () => {
    const user = await createSignedInUser(t.app);
    expect((await get('/api/stripe/subscription/billing-portal', user)).json().detail).toBe(
      'No billing account yet. Subscribe to a plan first.',
    );
    expect((await post('/api/stripe/subscription/cancel', user)).json().detail).toBe(
      'You have no active subscription to cancel.',
    );
    expect((await post('/api/stripe/subscription/reactivate', user)).json().detail).toBe(
      'You have no subscription to reactivate.',
    );
  });

  it('reports used-up trial credits with a reason', async () => {
    const user = await createSignedInUser(t.app);
    await t.database.db.update(users).set({ credits: 0 }).where(eq(users.id, user.user_id));
    await t.database.changes.sync();
    expect((await post('/api/stripe/validate-service-access', user)).json()).toEqual({
      allowed: false,
      reason: 'Your free trial credits are used up. Subscribe to a plan to run more assessments.',
      plan: '',
    });
  });
});

describe('POST /api/stripe/webhook in test mode', () => {
  it('is refused: Stripe is not configured', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{"id":"evt_1","type":"checkout.session.completed"}',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toMatch(/Stripe is not configured/);
  });
});

describe('production without Stripe and without dev tools', () => {
  const prod = useTestApp({ NODE_ENV: 'production', APP_URL: 'https://corisk.example' });

  it('shows the prices but sells nothing, and has no test checkout', async () => {
    const prices = pricesResponseSchema.parse((await prod.app.inject({ method: 'GET', url: '/api/stripe/prices' })).json());
    expect(prices.data.basic.price_ids).toEqual({ month: null, year: null });
    expect(prices.data.basic.prices).toEqual({ month: 49, year: 490 });
    const user = await createSignedInUser(prod.app);
    const res = await prod.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      headers: user.headers,
      payload: {
        price_id: 'price_basic_year',
        success_url: 'https://corisk.example/dashboard',
        cancel_url: 'https://corisk.example/products',
      },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toBe('Payments are not available: Stripe is not configured on this server.');
    const page = await prod.app.inject({ method: 'GET', url: '/api/billing/test-checkout/cs_test_x.y', headers: user.headers });
    expect(page.statusCode).toBe(404);
  });
});
