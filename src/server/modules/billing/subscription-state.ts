import { subscriptionStatusSchema, type SubscriptionStatus } from '../../../shared/contracts/billing.js';
import { msg, type Message } from '../../../shared/i18n/message.js';
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

/**
 * Why the user may (not) run the basic tool, as messages of the errors catalogue: the 402/403
 * `detail` and validate-service-access's `reason` in the reader's language ('No credits
 * remaining. Upgrade your plan to run more assessments.' in English).
 */
export const reasons = {
  planNoCredits: msg('error.access.noCredits'),
  trialUsedUp: msg('error.access.trialUsedUp'),
  ended: msg('error.access.ended'),
  pastDue: msg('error.access.pastDue'),
  incomplete: msg('error.access.incomplete'),
  inactive: msg('error.access.inactive'),
  otherTier: (title: string) => msg('error.access.otherTier', { plan: title }),
  allowedPlan: (title: string, credits: number) => msg('error.access.allowedPlan', { plan: title, credits }),
  allowedTrial: (credits: number) => msg('error.access.allowedTrial', { credits }),
};

/** Why the user may not run the basic tool regardless of credits, or null. */
export function accessGate(sub: StoredSubscription | null): Message | null {
  if (!sub || !isCurrent(sub)) return null;
  if (!isActive(sub)) {
    if (sub.status === 'past_due') return reasons.pastDue;
    if (sub.status === 'incomplete') return reasons.incomplete;
    return reasons.inactive;
  }
  if (sub.tier !== 'basic') return reasons.otherTier(planCatalogue[sub.tier].title);
  return null;
}

export function noCreditsReason(sub: StoredSubscription | null): Message {
  if (sub && isCurrent(sub)) return reasons.planNoCredits;
  if (sub) return reasons.ended;
  return reasons.trialUsedUp;
}

/**
 * validate-service-access: allowed with an active basic plan and credits left, or on
 * the free trial (no current plan) with credits left.
 */
export function decideAccess(credits: number, sub: StoredSubscription | null): { allowed: boolean; reason: Message } {
  const gate = accessGate(sub);
  if (gate) return { allowed: false, reason: gate };
  if (credits <= 0) return { allowed: false, reason: noCreditsReason(sub) };
  if (sub && isCurrent(sub)) return { allowed: true, reason: reasons.allowedPlan(planCatalogue[sub.tier].title, credits) };
  return { allowed: true, reason: reasons.allowedTrial(credits) };
}
