import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type * as BillingContracts from '../../../shared/contracts/billing';
import type { CreateCheckoutSessionBody, PlanStatus, PricesResponse, Subscription } from '../../../shared/contracts/billing';
import type { BillingPeriod, PlanTier } from '../../../shared/plans';
import { ApiError, NetworkError, ResponseShapeError, apiJson, type ResponseSchema } from '../../lib/api-client';
import { authJson } from '../../lib/auth-fetch';
import { localised } from '../../lib/i18n';
import { writePlanStatus } from './plan-status';
import { pricesResponseCheck } from './prices-check';


/**
 * A contract schema that loads with the first answer it parses: the billing contracts (and zod)
 * stay out of the pricing page's first load, whose one public call is checked by prices-check.
 */
function contract<T>(pick: (contracts: typeof BillingContracts) => ResponseSchema<T>): ResponseSchema<T> {
  return { parse: async (data) => pick(await import('../../../shared/contracts/billing')).parse(data) };
}

/**
 * The billing calls (plan status, prices, checkout, subscription, the admin price-cache refresh and the test
 * checkout), parsed with the shared contracts. Shared by the pricing page, the dashboard and the
 * profile's Plan & Billing tab. Errors stay typed (ApiError, NetworkError, SessionEndedError):
 * each screen picks its own message.
 */

/**
 * Full-page navigation to a checkout or billing-portal URL (an object so tests can observe it;
 * jsdom cannot navigate).
 */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

export const INVALID_PRICING_DATA = 'Invalid data structure received from API';

export const billingKeys = {
  planStatus: ['billing', 'plan-status'] as const,
  subscription: ['billing', 'subscription'] as const,
  prices: ['billing', 'prices'] as const,
  testCheckout: (id: string) => ['billing', 'test-checkout', id] as const,
};

/** Call 14 (public). A 2xx body that does not match the contract fails with INVALID_PRICING_DATA. */
export async function fetchPrices(): Promise<PricesResponse> {
  try {
    return await apiJson('/api/stripe/prices', pricesResponseCheck);
  } catch (err) {
    if (err instanceof ResponseShapeError) throw new Error(INVALID_PRICING_DATA, { cause: err });
    throw err;
  }
}

/** Admin only: rebuilds the server's price cache (403 for everyone else). */
export function refreshPriceCache() {
  return authJson('/api/stripe/prices/refresh', contract((c) => c.refreshPricesResponseSchema), { method: 'POST' });
}

/** Call 8. */
export function fetchPlanStatus(): Promise<PlanStatus> {
  return authJson('/api/stripe/plan-status', contract((c) => c.planStatusResponseSchema));
}

/** Call 8, then stored whole under plan_status (which announces planStatusUpdated). */
export async function refreshPlanStatus(): Promise<PlanStatus> {
  const status = await fetchPlanStatus();
  writePlanStatus(status);
  return status;
}

/** Call 15. */
export function createCheckoutSession(body: CreateCheckoutSessionBody) {
  return authJson('/api/stripe/create-checkout-session', contract((c) => c.checkoutSessionResponseSchema), { method: 'POST', json: body });
}

/** Call 16. */
export function fetchSubscription(): Promise<Subscription> {
  return authJson('/api/stripe/subscription', contract((c) => c.subscriptionResponseSchema));
}

/** Call 17. */
export function fetchBillingPortal() {
  return authJson('/api/stripe/subscription/billing-portal', contract((c) => c.billingPortalResponseSchema));
}

/** Call 18. */
export function cancelSubscription() {
  return authJson('/api/stripe/subscription/cancel', contract((c) => c.cancelSubscriptionResponseSchema), { method: 'POST' });
}

/** Call 19. */
export function reactivateSubscription() {
  return authJson('/api/stripe/subscription/reactivate', contract((c) => c.reactivateSubscriptionResponseSchema), { method: 'POST' });
}

/** The built-in test checkout session shown on /checkout/test. */
export function fetchTestCheckout(id: string) {
  return authJson(`/api/billing/test-checkout/${encodeURIComponent(id)}`, contract((c) => c.testCheckoutSessionSchema));
}

/** Completes a test checkout with the billing details its form collected (company, address, country, VAT ID). */
export function completeTestCheckout(id: string, details?: { company_name: string; address: string; country: string; vat_id?: string }) {
  return authJson(`/api/billing/test-checkout/${encodeURIComponent(id)}/complete`, contract((c) => c.testCheckoutCompleteResponseSchema), {
    method: 'POST',
    ...(details ? { json: details } : {}),
  });
}

/**
 * The message of a failed call: the server's detail for an error response, `failed` for an
 * error response without one, `network` when the server could not be reached.
 */
export function billingErrorMessage(err: unknown, failed: string, network: string): string {
  if (err instanceof ApiError) return err.detail ?? failed;
  if (err instanceof NetworkError) return network;
  return failed;
}

export interface CheckoutReturn {
  tier: PlanTier;
  period: BillingPeriod;
  /** Euros charged for the period (the yearly amount is the annual total). */
  price: number;
}

/**
 * success_url of a checkout: the assessment route by default, the dashboard
 * for the dashboard flow, with payment_success, plan, period and price.
 */
export function checkoutSuccessUrl(
  origin: string,
  { tier, period, price }: CheckoutReturn,
  path: '/products/risk-assessment' | '/dashboard' = '/products/risk-assessment',
): string {
  const query = new URLSearchParams({ payment_success: 'true', plan: tier, period, price: String(price) });
  return `${origin}${path}?${query.toString()}`;
}

/** cancel_url of a checkout: the pricing page, in the active language ('/de/products'). */
export function checkoutCancelUrl(origin: string): string {
  return `${origin}${localised('/products')}`;
}

/** Plan status (call 8) for the signed-in user; each successful load is stored as plan_status. */
export function usePlanStatusQuery(enabled = true) {
  return useQuery({ queryKey: billingKeys.planStatus, queryFn: refreshPlanStatus, enabled, retry: false });
}

/** Subscription details (call 16). */
export function useSubscriptionQuery(enabled = true) {
  return useQuery({ queryKey: billingKeys.subscription, queryFn: fetchSubscription, enabled, retry: false });
}

/** Reloads every billing view after a change (cancel, reactivate, purchase). */
export function useInvalidateBilling(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: billingKeys.subscription }),
      client.invalidateQueries({ queryKey: billingKeys.planStatus }),
    ]);
  }, [client]);
}
