import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billingPortalResponseSchema,
  cancelSubscriptionResponseSchema,
  checkoutSessionResponseSchema,
  createCheckoutSessionBodySchema,
  planStatusResponseSchema,
  pricesResponseSchema,
  reactivateSubscriptionResponseSchema,
  refreshPricesResponseSchema,
  serviceAccessResponseSchema,
  subscriptionResponseSchema,
  testCheckoutCompleteBodySchema,
  testCheckoutCompleteResponseSchema,
  testCheckoutParamsSchema,
  testCheckoutSessionSchema,
  webhookResponseSchema,
} from '../../../shared/contracts/billing.js';
import { errorSchema } from '../../../shared/contracts/common.js';
import { requestLocale } from '../../lib/errors.js';
import { errorAnswers, routeGroup } from '../../lib/route-group.js';
import { currentUser } from '../../plugins/auth-types.js';
import type { BillingService } from './billing.service.js';

const errors = errorAnswers(400, 401, 402, 403, 404, 409, 502, 503);

/** Plan status, service access, prices, checkout and subscription calls, the admin price refresh, the Stripe webhook and the test checkout. */
export async function billingRoutes(app: FastifyInstance, { service }: { service: BillingService }): Promise<void> {
  const { r, tags, guarded } = routeGroup(app, { tag: 'billing', scheme: 'bearerAuth', guard: app.authenticate, stage: 'preHandler' });

  r.get(
    '/api/stripe/prices',
    { schema: { tags, summary: 'Plans and prices, keyed by plan name (call 14)', response: { 200: pricesResponseSchema, 503: errorSchema } } },
    () => service.getPrices(),
  );

  r.post(
    '/api/stripe/prices/refresh',
    guarded({ summary: 'Admin: reload the price cache for all users', response: { 200: refreshPricesResponseSchema, ...errors } }, { preHandler: app.requireAdmin }),
    () => service.refreshPrices(),
  );

  r.get(
    '/api/stripe/plan-status',
    guarded({ summary: 'Plan, credits and access (call 8)', response: { 200: planStatusResponseSchema, ...errors } }),
    (request) => service.planStatus(currentUser(request).id, requestLocale(request)),
  );

  r.post(
    '/api/stripe/validate-service-access',
    // A due credit reset or a re-read subscription it stores forgets the cached account itself.
    guarded(
      { summary: 'May the user run the basic assessment now (call 9)', response: { 200: serviceAccessResponseSchema, ...errors } },
      { config: { keepsUserCache: true } },
    ),
    (request) => service.validateServiceAccess(currentUser(request).id, requestLocale(request)),
  );

  r.post(
    '/api/stripe/create-checkout-session',
    guarded({
      summary: 'Start a checkout, or change the plan of a current subscription (call 15)',
      body: createCheckoutSessionBodySchema,
      response: { 200: checkoutSessionResponseSchema, ...errors },
    }),
    (request) => service.createCheckoutSession(currentUser(request).id, request.body),
  );

  r.get(
    '/api/stripe/subscription',
    guarded({ summary: 'The subscription (call 16)', response: { 200: subscriptionResponseSchema, ...errors } }),
    (request) => service.subscription(currentUser(request).id),
  );

  r.get(
    '/api/stripe/subscription/billing-portal',
    guarded({ summary: 'A billing portal address (call 17)', response: { 200: billingPortalResponseSchema, ...errors } }),
    (request) => service.billingPortal(currentUser(request).id),
  );

  r.post(
    '/api/stripe/subscription/cancel',
    guarded({ summary: 'Cancel at the period end (call 18)', response: { 200: cancelSubscriptionResponseSchema, ...errors } }),
    async (request) => ({
      detail: 'Subscription scheduled for cancellation' as const,
      subscription: await service.cancel(currentUser(request).id),
    }),
  );

  r.post(
    '/api/stripe/subscription/reactivate',
    guarded({ summary: 'Undo a scheduled cancellation (call 19)', response: { 200: reactivateSubscriptionResponseSchema, ...errors } }),
    async (request) => ({
      detail: 'Subscription reactivated successfully' as const,
      subscription: await service.reactivate(currentUser(request).id),
    }),
  );

  // The webhook needs the exact bytes Stripe signed: its own scope with a raw-body parser.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/stripe/webhook',
      {
        schema: {
          tags,
          summary: 'Stripe webhook (signature verified; each event applied once)',
          response: { 200: webhookResponseSchema, 400: errorSchema, 503: errorSchema },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        await service.handleWebhook(raw, Array.isArray(signature) ? signature[0] : signature);
        return { received: true as const };
      },
    );
  });

  // The built-in test checkout: only with the test provider and dev tools (see factory.ts).
  if (service.hasTestCheckout) {
    r.get(
      '/api/billing/test-checkout/:id',
      guarded({
        summary: 'Test mode: what the test checkout page shows',
        params: testCheckoutParamsSchema,
        response: { 200: testCheckoutSessionSchema, ...errors },
      }),
      (request) => service.getTestCheckout(currentUser(request).id, request.params.id),
    );
    r.post(
      '/api/billing/test-checkout/:id/complete',
      guarded({
        summary: 'Test mode: complete the payment (same path as Stripe checkout.session.completed)',
        description:
          'The body carries what Stripe Checkout collects: company name, billing address, country and an optional EU VAT ID, checked with the product\'s VAT rules (400 with a `vat_*` code when it is not valid)',
        params: testCheckoutParamsSchema,
        body: testCheckoutCompleteBodySchema,
        response: { 200: testCheckoutCompleteResponseSchema, ...errors },
      }),
      (request) => service.completeTestCheckout(currentUser(request).id, request.params.id, request.body),
    );
  }
}
