import { z } from 'zod';
import { messageSchema } from '../i18n/message.js';
import { billingPeriods, planTiers } from '../plans.js';

/**
 * Contracts of the billing calls (plan status, service access, prices, checkout, subscription), the admin price-cache
 * refresh, the Stripe webhook and the built-in test checkout.
 * Dates are ISO 8601 strings; money is in euros (whole or decimal amounts, not cents).
 */

export const planTierSchema = z.enum(planTiers);
export const billingPeriodSchema = z.enum(billingPeriods);

/**
 * Subscription status as Stripe names it, plus 'none' when the user never subscribed
 * (or has no subscription row). Only 'active' and 'trialing' count as an active plan.
 */
export const subscriptionStatusSchema = z.enum([
  'active',
  'trialing',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'paused',
  'none',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** '{tier}_{period}' or '' when there is no current plan. */
export const planStringSchema = z.string().max(40);

const perPeriod = <T extends z.ZodType>(value: T) => z.object({ month: value, year: value });

/** One plan of the pricing data (keyed by plan name in the prices answer). */
export const pricingPlanSchema = z.object({
  title: z.string(),
  audience: z.string(),
  description: z.string(),
  /** A Tailwind-friendly colour name of the card accent: 'brand', 'violet', 'amber'. */
  color: z.string(),
  highlight: z.boolean(),
  coming_soon: z.boolean(),
  /** Euros; the yearly amount is the whole annual price (the web shows it / 12). */
  prices: perPeriod(z.number()),
  /** null when that period cannot be bought (the purchase button is then disabled). */
  price_ids: perPeriod(z.string().nullable()),
  /** Credits per year of subscription, for each billing period. */
  credits: perPeriod(z.number().int()),
  base_features: z.array(z.string()),
  additional_features: z.array(z.string()),
  /** base_features followed by additional_features. */
  features: z.array(z.string()),
  /** The plan's tool, e.g. '/products/risk-assessment'. */
  route: z.string(),
});
export type PricingPlan = z.infer<typeof pricingPlanSchema>;

export const pricingDataSchema = z.object({
  basic: pricingPlanSchema,
  premium: pricingPlanSchema,
  enterprise: pricingPlanSchema,
});
export type PricingData = z.infer<typeof pricingDataSchema>;

/** Call 14: GET /api/stripe/prices (public). */
export const pricesResponseSchema = z.object({
  success: z.literal(true),
  data: pricingDataSchema,
  currency: z.literal('EUR'),
  /** When the server's price cache was (re)built; null if it never was. */
  cached_at: z.string().nullable(),
});
export type PricesResponse = z.infer<typeof pricesResponseSchema>;

/** Admin only: POST /api/stripe/prices/refresh (no body). Non-admins get 403 {detail}. */
export const refreshPricesResponseSchema = z.object({
  success: z.literal(true),
  detail: z.literal('Price cache refreshed for all users'),
  cached_at: z.string(),
});
export type RefreshPricesResponse = z.infer<typeof refreshPricesResponseSchema>;

/** Call 8: GET /api/stripe/plan-status (authenticated). */
export const planStatusResponseSchema = z.object({
  plan: planStringSchema,
  allowed: z.boolean(),
  reason: z.string(),
  /** Free credits left when there is no plan; 0 with a plan. */
  signup_credits: z.number().int(),
  credits: z.number().int(),
  /** Next yearly credit reset (null without a plan). */
  limit_date: z.string().nullable(),
  /** End of the current billing period (null without a plan). */
  end_date: z.string().nullable(),
  status: subscriptionStatusSchema,
});
export type PlanStatus = z.infer<typeof planStatusResponseSchema>;

/** Call 9: POST /api/stripe/validate-service-access (authenticated, no body). */
export const serviceAccessResponseSchema = z.object({
  allowed: z.boolean(),
  reason: z.string(),
  plan: planStringSchema,
});
export type ServiceAccess = z.infer<typeof serviceAccessResponseSchema>;

/** Call 15: POST /api/stripe/create-checkout-session (authenticated). URLs must be on APP_URL. */
export const createCheckoutSessionBodySchema = z.object({
  price_id: z.string().trim().min(1, 'price_id is required').max(200),
  success_url: z.url().max(2048),
  cancel_url: z.url().max(2048),
});
export type CreateCheckoutSessionBody = z.infer<typeof createCheckoutSessionBodySchema>;

export const checkoutSessionResponseSchema = z.object({ url: z.string() });
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

/**
 * The account's billing details, from the last checkout (Stripe Checkout's customer details, or
 * the test checkout's form). `vat_id` with its country prefix; `vat_status` is the product's own
 * check of it (shared/vat.ts), `vat_problem` its words in English when invalid and
 * `vat_problem_text` the same as a message of the errors catalogue, to be written in the reader's
 * language (details stored before it existed have only the English); `reverse_charge` when a valid
 * VAT ID of another member state than the operator's makes the buyer account for the VAT.
 */
export const billingDetailsSchema = z.object({
  company_name: z.string(),
  address: z.string(),
  country: z.string().nullable(),
  vat_id: z.string().nullable(),
  vat_status: z.enum(['valid', 'invalid', 'none']),
  vat_problem: z.string().nullable(),
  vat_problem_text: messageSchema.optional(),
  reverse_charge: z.boolean(),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/** Beside every price: the amounts are net. */
export const EXCL_VAT = 'excl. VAT';

/** Call 16: GET /api/stripe/subscription (authenticated). */
export const subscriptionResponseSchema = z.object({
  plan: planStringSchema,
  status: subscriptionStatusSchema,
  credits: z.number().int(),
  limit_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** True when the subscription ends at end_date (cancel_at_period_end or a scheduled cancel_at). */
  cancel_at_period_end: z.boolean(),
  active: z.boolean(),
  /** Company, address and VAT ID given at checkout; absent before the first checkout. */
  billing_details: billingDetailsSchema.nullable().optional(),
});
export type Subscription = z.infer<typeof subscriptionResponseSchema>;

/** Call 17: GET /api/stripe/subscription/billing-portal (authenticated). */
export const billingPortalResponseSchema = z.object({ url: z.string() });
export type BillingPortalResponse = z.infer<typeof billingPortalResponseSchema>;

/** Call 18: POST /api/stripe/subscription/cancel (authenticated, no body). */
export const cancelSubscriptionResponseSchema = z.object({
  detail: z.literal('Subscription scheduled for cancellation'),
  subscription: subscriptionResponseSchema,
});

/** Call 19: POST /api/stripe/subscription/reactivate (authenticated, no body). */
export const reactivateSubscriptionResponseSchema = z.object({
  detail: z.literal('Subscription reactivated successfully'),
  subscription: subscriptionResponseSchema,
});

/** POST /api/stripe/webhook (Stripe only; raw body, Stripe-Signature header). */
export const webhookResponseSchema = z.object({ received: z.literal(true) });

/**
 * Test checkout (no Stripe keys): GET /api/billing/test-checkout/:id (authenticated, the
 * session's own user) — what the /checkout/test?session=<id> page shows.
 */
export const testCheckoutSessionSchema = z.object({
  id: z.string(),
  plan: planStringSchema,
  tier: planTierSchema,
  period: billingPeriodSchema,
  /** Plan title, e.g. 'Basic'. */
  title: z.string(),
  /** Euros charged per period (the yearly amount is the annual total). */
  price: z.number(),
  currency: z.literal('EUR'),
  credits: z.number().int(),
  success_url: z.string(),
  cancel_url: z.string(),
  status: z.enum(['open', 'completed']),
});
export type TestCheckoutSession = z.infer<typeof testCheckoutSessionSchema>;

/**
 * POST /api/billing/test-checkout/:id/complete body: what Stripe Checkout collects (company name,
 * billing address, country, an optional EU VAT ID). The page always sends it; without a body the
 * checkout completes with no billing details.
 */
export const testCheckoutCompleteBodySchema = z
  .object({
    // ids of the errors catalogue (shared/contracts/auth.ts)
    company_name: z.string().trim().min(1, 'validation.companyNameRequired').max(200),
    address: z.string().trim().min(1, 'validation.billingAddressRequired').max(500),
    country: z.string().trim().min(2).max(60),
    vat_id: z.string().trim().max(40).optional(),
  })
  .nullish();
export type TestCheckoutCompleteBody = z.infer<typeof testCheckoutCompleteBodySchema>;

/** POST /api/billing/test-checkout/:id/complete (authenticated, same user). */
export const testCheckoutCompleteResponseSchema = z.object({ redirect_url: z.string() });
export type TestCheckoutCompleteResponse = z.infer<typeof testCheckoutCompleteResponseSchema>;

export const testCheckoutParamsSchema = z.object({ id: z.string().min(1).max(200) });
