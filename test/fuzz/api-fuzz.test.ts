import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.js';
import {
  createWebDir,
  fuzzAdminEmails,
  itFuzzesEveryRoute,
  prepareTarget,
  type FuzzTarget,
} from './harness.js';

/**
 * "Bad input" (issue 7), development configuration (dev tools and the built-in test checkout on,
 * so every route exists): every route of the real app, read from Fastify's route table, gets
 * random and malformed bodies, content types, query strings, path parameters, headers and
 * Authorization forms, anonymously and with valid user and admin tokens. Never a 5xx; every
 * error is JSON with a string `detail` (the SPA fallback and Swagger UI files: never a 5xx).
 * stripe-mode-fuzz.test.ts runs the same against the production configuration.
 */

let t: TestApp;
let target: FuzzTarget;
const web = createWebDir();

beforeAll(async () => {
  // The per-key API limit high enough that /api/v1 bodies are fuzzed, not only its 429.
  t = await createTestApp({ ADMIN_EMAILS: fuzzAdminEmails.join(','), API_RATE_LIMIT_PER_MINUTE: '100000' }, { webDir: web.dir });
  // Without Stripe the webhook is refused with 503 whatever is sent (billing decision record;
  // billing.routes.test "is refused: Stripe is not configured"). Stripe mode fuzzes it for real.
  target = await prepareTarget(
    t.app,
    t.config.jwtSecret,
    (route, res) => route.url === '/api/stripe/webhook' && res.statusCode === 503 && res.body.includes('"webhooks_not_configured"'),
  );
});

afterAll(async () => {
  await t?.close();
  web.remove();
});

const name = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('fuzz: every route, development configuration', () => {
  it('reads the whole route table from the app', () => {
    const names = target.routes.map(name);
    for (const expected of [
      'GET /api/health',
      'POST /api/auth/signin',
      'GET /api/stripe/plan-status',
      'POST /api/billing/test-checkout/:id/complete',
      'GET /dev/mailbox/:id',
    ]) {
      expect(names).toContain(expected);
    }
    // The OpenAPI document describes the JSON bodies, so the fuzz builds near-valid ones too.
    expect(target.routes.find((r) => r.url === '/api/auth/signup')?.bodySchema?.properties).toHaveProperty('email');
  });

  itFuzzesEveryRoute(() => target);

  it('the signed-in requests got past authentication on every protected route', () => {
    for (const route of target.routes.filter((r) => r.bearer)) {
      const statuses = [...(target.authenticatedStatuses.get(route) ?? [])];
      expect(statuses.some((s) => s !== 401), `${name(route)}: ${statuses.join(',')}`).toBe(true);
    }
  });
});
