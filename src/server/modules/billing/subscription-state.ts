import { subscriptionStatusSchema, type SubscriptionStatus } from '../../../shared/contracts/billing.js';
import { planCatalogue, planId, type BillingPeriod, type PlanTier } from '../../../shared/plans.js';

/** Pure rules about a stored subscription: is it current, active, what plan, may the user run the basic tool. */

export interface StoredSubscription {
  tier: PlanTier;
  period: BillingPeriod;
  status: string;
  limitDate: Date;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** Statuses after which a subscription is over (a new one needs a new checkout). */
const endedStatuses = new Set(['canceled', 'incomplete_expired']);
/** Statuses that give access to the plan. */
const activeStatuses = new Set(['active', 'trialing']);

/** Every status Stripe names (the contract's, but 'none'). */
const knownStatuses = new Set<SubscriptionStatus>(subscriptionStatusSchema.exclude(['none']).options);

export function statusOf(sub: Pick<StoredSubscription, 'status'> | null): SubscriptionStatus {
  if (!sub) return 'none';
  return knownStatuses.has(sub.status as SubscriptionStatus) ? (sub.status as SubscriptionStatus) : 'incomplete';
}

/** A subscription that has not ended (it may still be unpaid). */
export function isCurrent(sub: Pick<StoredSubscription, 'status'> | null): boolean {
  return sub !== null && !endedStatuses.has(sub.status);
}

export function isActive(sub: Pick<StoredSubscription, 'status'> | null): boolean {
  return sub !== null && activeStatuses.has(sub.status);
}

/** 'basic_year', or '' without a current subscription. */
export function planString(sub: StoredSubscription | null): string {
  return sub && isCurrent(sub) ? planId(sub.tier, sub.period) : '';
}

const creditsText = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

export const reasons = {
  planNoCredits: 'No credits remaining. Upgrade your plan to run more assessments.',
  trialUsedUp: 'Your free trial credits are used up. Subscribe to a plan to run more assessments.',
  ended: 'Your subscription has ended. Subscribe to a plan to run more assessments.',
  pastDue: 'Your last payment failed. Update your payment method in Plan & Billing to keep running assessments.',
  incomplete: 'Your subscription payment is not complete yet. Finish the payment to start running assessments.',
  inactive: 'Your subscription is not active. Update your payment method in Plan & Billing to keep running assessments.',
  otherTier: (title: string) =>
    `Your ${title} plan does not include the basic risk assessment tool. Open your plan's own tool from the dashboard.`,
  allowedPlan: (title: string, credits: number) => `${title} plan active: ${creditsText(credits)} remaining.`,
  allowedTrial: (credits: number) => `Free trial: ${creditsText(credits)} remaining.`,
};

/** Why the user may not run the basic tool regardless of credits, or null. */
export function accessGate(sub: StoredSubscription | null): string | null {
  if (!sub || !isCurrent(sub)) return null;
  if (!isActive(sub)) {
    if (sub.status === 'past_due') return reasons.pastDue;
    if (sub.status === 'incomplete') return reasons.incomplete;
    return reasons.inactive;
  }
  if (sub.tier !== 'basic') return reasons.otherTier(planCatalogue[sub.tier].title);
  return null;
}

export function noCreditsReason(sub: StoredSubscription | null): string {
  if (sub && isCurrent(sub)) return reasons.planNoCredits;
  if (sub) return reasons.ended;
  return reasons.trialUsedUp;
}

/**
 * validate-service-access: allowed with an active basic plan and credits left, or on
 * the free trial (no current plan) with credits left.
 */
export function decideAccess(credits: number, sub: StoredSubscription | null): { allowed: boolean; reason: string } {
  const gate = accessGate(sub);
  if (gate) return { allowed: false, reason: gate };
  if (credits <= 0) return { allowed: false, reason: noCreditsReason(sub) };
  if (sub && isCurrent(sub)) return { allowed: true, reason: reasons.allowedPlan(planCatalogue[sub.tier].title, credits) };
  return { allowed: true, reason: reasons.allowedTrial(credits) };
}
