import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsNul } from '../../src/server/plugins/input-guard.js';
import { createTestApp, type TestApp } from '../app.js';
import { createSignedInUser, signupInput, uniqueIp } from '../auth.js';
import { startStripePeer, type StripePeer } from '../stripe-peer.js';

/**
 * What the fuzz found, pinned as plain tests: each input once answered a 5xx or an error without
 * `detail`. The fuzz files keep looking for new ones.
 */

const WEBHOOK_SECRET = 'whsec_findings';
const signer = new Stripe('sk_test_signing_only');
let peer: StripePeer;
/** Development configuration (test checkout) and Stripe mode (the webhook). */
let t: TestApp;
let stripeApp: TestApp;

beforeAll(async () => {
  peer = await startStripePeer([{ id: 'price_1BasicYear', lookup_key: 'corisk_basic_year', unit_amount: 49000, currency: 'eur' }]);
  t = await createTestApp();
  stripeApp = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_corisk', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: peer.url });
});
afterAll(async () => {
  await t?.close();
  await stripeApp?.close();
  await peer?.close();
});

const errorOf = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  return { status: res.statusCode, ...(res.json() as { detail: string; code: string }) };
};

describe('fuzz findings', () => {
  it('a URL that does not percent-decode answers 400 {detail}, not Fastify’s own shape', async () => {
    for (const url of ['/api/%ZZ', '/api/reports/%E0%A4%A', '/dev/mailbox/%']) {
      expect(errorOf(await t.app.inject({ method: 'GET', url }))).toEqual({
        status: 400,
        detail: 'The URL is not valid (bad percent-encoding)',
        code: 'bad_url',
      });
    }
  });

  it('a path parameter over the router limit answers 414 {detail}', async () => {
    const user = await createSignedInUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: `/api/billing/test-checkout/${'i'.repeat(300)}/complete`, headers: user.headers });
    expect(errorOf(res)).toEqual({ status: 414, detail: 'A path parameter is too long', code: 'uri_too_long' });
  });

  it('a NUL character in any text answers 400 before it reaches the database', async () => {
    const nul = { status: 400, detail: 'Text must not contain NUL characters', code: 'invalid_characters' };
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupInput({ firstName: 'Ana\u0000' }),
      remoteAddress: uniqueIp(),
    });
    expect(errorOf(signup)).toEqual(nul);
    expect(errorOf(await t.app.inject({ method: 'GET', url: '/api/auth/confirm?token=%00x' }))).toEqual(nul);
    const user = await createSignedInUser(t.app);
    expect(errorOf(await t.app.inject({ method: 'GET', url: '/api/reports/a%00b', headers: user.headers }))).toEqual(nul);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.eu","password":"Correct-Horse-42","\\u0000":1}',
      remoteAddress: uniqueIp(),
    });
    expect(errorOf(key)).toEqual(nul);
  });

  it('containsNul walks bodies nested far deeper than the call stack, and long arrays', () => {
    const depth = 200_000;
    const deep = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`) as unknown;
    expect(containsNul(deep)).toBe(true);
    expect(containsNul(new Array(300_000).fill('ok'))).toBe(false);
    expect(containsNul({ a: [{ b: 'fine' }], c: Buffer.from([0]) })).toBe(false);
  });

  describe('Stripe webhook: a valid signature over an unusable event', () => {
    const deliver = (payload: string) =>
      stripeApp.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        payload,
      });

    it('an event without id, type or data answers 400 {detail}', async () => {
      for (const payload of ['{}', '[]', '"x"', '{"id":"evt_1"}', '{"id":"\\u0000","type":"invoice.paid"}', '{"id":"evt_1","type":"a b"}']) {
        expect(errorOf(await deliver(payload)), payload).toMatchObject({ status: 400, code: 'invalid_event' });
      }
    });

    it('ids that are not Stripe ids are not looked up at Stripe: the event is acknowledged and ignored', async () => {
      const before = peer.calls(/^\/v1\/subscriptions\//).length;
      const payload = JSON.stringify({
        id: 'evt_fuzz_1',
        type: 'checkout.session.completed',
        data: { object: { subscription: { id: 'é'.repeat(3000) }, customer: '../../v1/customers' } },
      });
      const res = await deliver(payload);
      expect(res.statusCode).toBe(200);
      expect(peer.calls(/^\/v1\/subscriptions\//).length).toBe(before);
    });
  });
});
