/**
 * The plan catalogue and the plan rules both sides use (SPEC sections 3, 4, 9).
 * Pure: no server, web or node imports.
 */

export const planTiers = ['basic', 'premium', 'enterprise'] as const;
export type PlanTier = (typeof planTiers)[number];

export const billingPeriods = ['month', 'year'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

/** A plan id is '{tier}_{period}', e.g. 'basic_year'. */
export type PlanId = `${PlanTier}_${BillingPeriod}`;
