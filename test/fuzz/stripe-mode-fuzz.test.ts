import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handledEventTypes } from '../../src/server/modules/billing/webhooks.service.js';
import { createTestApp, type TestApp } from '../app.js';
import { startStripePeer, type StripePeer } from '../stripe-peer.js';
import { anyJsonValue, anyString } from './arbitraries.js';
import {
  createWebDir,
  fcOptions,
  fuzzAdminEmails,
  fuzzTimeoutMs,
  itFuzzesEveryRoute,
  prepareTarget,
  send,
  type FuzzTarget,
} from './harness.js';

/**
 * "Bad input" (issue 7), production configuration: NODE_ENV=production, real Stripe mode (the
 * official SDK against a local peer speaking Stripe's API), no dev tools. Same invariants as
 * api-fuzz.test.ts, plus the webhook with validly signed events whose contents are random.
 */

const WEBHOOK_SECRET = 'whsec_fuzz_corisk';
const signer = new Stripe('sk_test_signing_only');
let peer: StripePeer;
let t: TestApp;
let target: FuzzTarget;
const web = createWebDir();

beforeAll(async () => {
  peer = await startStripePeer([
    { id: 'price_1BasicMonth', lookup_key: 'corisk_basic_month', unit_amount: 4900, currency: 'eur' },
    { id: 'price_1BasicYear', lookup_key: 'corisk_basic_year', unit_amount: 49000, currency: 'eur' },
    { id: 'price_1PremiumYear', lookup_key: 'corisk_premium_year', unit_amount: 149000, currency: 'eur' },
  ]);
  t = await createTestApp(
    {
      NODE_ENV: 'production',
      APP_URL: 'https://corisk.example.eu',
      ADMIN_EMAILS: fuzzAdminEmails.join(','),
      STRIPE_SECRET_KEY: 'sk_test_corisk',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: peer.url,
    },
    { webDir: web.dir },
  );
  target = await prepareTarget(t.app, t.config.jwtSecret);
});

afterAll(async () => {
  await t?.close();
  await peer?.close();
  web.remove();
});

// Every type the webhook handles, and one it acknowledges and ignores.
const webhookEventTypes = [...handledEventTypes, 'payment_intent.succeeded'];

/** Event objects shaped like Stripe's, with ids that exist, do not exist, or are not ids at all. */
function eventObject(): fc.Arbitrary<unknown> {
  const ref = fc.oneof(
    fc.constantFrom('cus_none', 'sub_none', 'cs_none', '', 'sub_%2F..'),
    fc.constant(target.user.user_id),
    anyString,
    anyJsonValue,
    fc.record({ id: anyString }),
  );
  return fc.oneof(
    fc.record(
      {
        id: ref,
        object: fc.constantFrom('checkout.session', 'subscription', 'invoice'),
        customer: ref,
        subscription: ref,
        client_reference_id: fc.oneof(fc.constant(target.user.user_id), fc.constant(randomUUID()), anyString),
        metadata: fc.oneof(fc.record({ user_id: fc.oneof(fc.constant(target.user.user_id), anyString) }), anyJsonValue),
        status: fc.oneof(fc.constantFrom('active', 'canceled', 'past_due', 'incomplete', 'trialing'), anyString),
        parent: fc.oneof(fc.record({ subscription_details: fc.record({ subscription: ref, metadata: anyJsonValue }) }), anyJsonValue),
        items: anyJsonValue,
      },
      { requiredKeys: [] },
    ),
    anyJsonValue,
  );
}

describe('fuzz: every route, production configuration with Stripe', () => {
  it('has no dev tools and no test checkout, and a real webhook', () => {
    const urls = target.routes.map((r) => r.url);
    expect(urls).toContain('/api/stripe/webhook');
    expect(urls.some((u) => u.startsWith('/dev/') || u.startsWith('/api/billing/test-checkout'))).toBe(false);
  });

  itFuzzesEveryRoute(() => target);

  it('webhook: validly signed events with random contents are answered, never with a 5xx', async () => {
    const route = target.routes.find((r) => r.url === '/api/stripe/webhook' && r.method === 'POST');
    if (!route) throw new Error('no webhook route');
    const event = fc.record(
      {
        id: fc.oneof(fc.string({ minLength: 1, maxLength: 30 }).map((s) => `evt_${s}`), anyJsonValue),
        object: fc.constant('event'),
        type: fc.oneof(fc.constantFrom(...webhookEventTypes), anyString, anyJsonValue),
        created: fc.oneof(fc.integer(), anyJsonValue),
        data: fc.oneof(fc.record({ object: eventObject() }), anyJsonValue),
      },
      { requiredKeys: [] },
    );
    const payloads = fc.oneof(
      { arbitrary: event.map((e) => JSON.stringify(e)), weight: 5 },
      { arbitrary: anyJsonValue.map((v) => JSON.stringify(v) ?? 'null'), weight: 1 },
      { arbitrary: anyString, weight: 1 },
    );
    await fc.assert(
      fc.asyncProperty(payloads, async (payload) => {
        const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
        const res = await send(target, route, {
          method: 'POST',
          url: '/api/stripe/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
          label: 'signed event',
        });
        // A signed event is either applied/ignored (200) or refused as unreadable (400).
        expect([200, 400], res.body).toContain(res.statusCode);
      }),
      { ...fcOptions, numRuns: fcOptions.numRuns * 10 },
    );
  }, fuzzTimeoutMs);

  it('the signed-in requests got past authentication on every protected route', () => {
    for (const route of target.routes.filter((r) => r.bearer)) {
      const statuses = [...(target.authenticatedStatuses.get(route) ?? [])];
      expect(statuses.some((s) => s !== 401), `${route.method} ${route.url}: ${statuses.join(',')}`).toBe(true);
    }
  });
});
