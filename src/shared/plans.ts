/**
 * The plan catalogue and the plan rules both sides use (plan ids are '{tier}_{period}').
 * Pure: no server, web or node imports.
 */

export const planTiers = ['basic', 'premium', 'enterprise'] as const;
export type PlanTier = (typeof planTiers)[number];

export const billingPeriods = ['month', 'year'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

/** A plan id is '{tier}_{period}', e.g. 'basic_year'. */
export type PlanId = `${PlanTier}_${BillingPeriod}`;

export interface PlanDefinition {
  tier: PlanTier;
  title: string;
  audience: string;
  description: string;
  /** Card accent: 'brand' (navy), 'accent' (green) or 'violet'. */
  color: string;
  highlight: boolean;
  comingSoon: boolean;
  /** Euros per billing period; the yearly amount is the annual total. */
  prices: Record<BillingPeriod, number>;
  /** Credits per year of subscription (credits are annual whatever the billing period). */
  credits: Record<BillingPeriod, number>;
  baseFeatures: string[];
  additionalFeatures: string[];
  /** The plan's tool. */
  route: string;
}

/** Every plan includes the core assessment. */
const coreFeatures = [
  'Company risk assessment by fiscal number and country',
  'Location risks with a company location map',
  'Industry-specific risks',
  'Overall score and grade from A to F',
  'Key takeaways for insurers',
  'PDF report download',
  'Portfolio assessment: many companies and sites from one file',
  'Multi-location analysis: one row per site',
  'API access with your own API keys',
];

export const planCatalogue: Record<PlanTier, PlanDefinition> = {
  basic: {
    tier: 'basic',
    title: 'Basic',
    audience: 'Independent brokers and small agencies',
    description: 'Risk assessments of European companies, ready in minutes. One credit per report.',
    color: 'brand',
    highlight: true,
    comingSoon: false,
    prices: { month: 49, year: 490 },
    credits: { month: 100, year: 100 },
    baseFeatures: coreFeatures,
    additionalFeatures: ['100 assessment credits per year', 'E-mail support'],
    route: '/products/risk-assessment',
  },
  premium: {
    tier: 'premium',
    title: 'Premium',
    audience: 'Underwriting teams and growing brokerages',
    description: 'Everything in Basic, with a larger yearly credit allowance and priority support.',
    color: 'accent',
    highlight: false,
    comingSoon: true,
    prices: { month: 149, year: 1490 },
    credits: { month: 500, year: 500 },
    baseFeatures: coreFeatures,
    additionalFeatures: [
      '500 assessment credits per year',
      'Priority support',
    ],
    route: '/products/premium-assessment',
  },
  enterprise: {
    tier: 'enterprise',
    title: 'Enterprise',
    audience: 'Insurers, MGAs and large brokers',
    description: 'Everything in Premium, with the largest credit allowance and a dedicated account manager.',
    color: 'violet',
    highlight: false,
    comingSoon: true,
    prices: { month: 449, year: 4490 },
    credits: { month: 2000, year: 2000 },
    baseFeatures: coreFeatures,
    additionalFeatures: [
      '2,000 assessment credits per year',
      'Priority support',
      'Dedicated account manager',
    ],
    route: '/products/enterprise-assessment',
  },
};

/** Plan ranks: basic 1, premium 2, enterprise 3. */
export const planRanks: Record<PlanTier, number> = { basic: 1, premium: 2, enterprise: 3 };

export function planRank(tier: PlanTier): number {
  return planRanks[tier];
}

export function isPlanTier(value: unknown): value is PlanTier {
  return typeof value === 'string' && (planTiers as readonly string[]).includes(value);
}

export function isBillingPeriod(value: unknown): value is BillingPeriod {
  return typeof value === 'string' && (billingPeriods as readonly string[]).includes(value);
}

export function planId(tier: PlanTier, period: BillingPeriod): PlanId {
  return `${tier}_${period}`;
}

export interface ParsedPlan {
  id: PlanId;
  tier: PlanTier;
  period: BillingPeriod;
}

/** 'basic_year' → {tier:'basic', period:'year'}; anything else (empty, unknown, malformed) → null. */
export function parsePlan(value: string | null | undefined): ParsedPlan | null {
  if (!value) return null;
  const parts = value.trim().toLowerCase().split('_');
  if (parts.length !== 2) return null;
  const [tier, period] = parts;
  if (!isPlanTier(tier) || !isBillingPeriod(period)) return null;
  return { id: planId(tier, period), tier, period };
}

export const periodLabels: Record<BillingPeriod, string> = { month: 'Monthly', year: 'Yearly' };

/** 'basic_year' → 'Basic (Yearly)'; unparseable or empty → 'No Plan'. */
export function planLabel(value: string | null | undefined): string {
  const plan = parsePlan(value);
  if (!plan) return 'No Plan';
  return `${planCatalogue[plan.tier].title} (${periodLabels[plan.period]})`;
}

/** Price ids of the built-in test checkout: 'price_basic_month'. */
export function testPriceId(tier: PlanTier, period: BillingPeriod): string {
  return `price_${tier}_${period}`;
}

/** Lookup key of the Stripe price of a plan: 'corisk_basic_month'. */
export function stripeLookupKey(tier: PlanTier, period: BillingPeriod): string {
  return `corisk_${tier}_${period}`;
}

/** The yearly price as shown per month: annual / 12 rounded to 2 decimals, e.g. 490 → '40.83'. */
export function monthlyEquivalent(annual: number): string {
  return (Math.round((annual / 12) * 100) / 100).toFixed(2);
}

// ---------------------------------------------------------------------------------------------
// Credit reset dates: credits reset to the plan's allotment every year after the subscription
// began, whatever the billing period.

function daysInMonthUtc(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The same moment `years` later (UTC); 29 February becomes 28 February in common years. */
export function addYears(date: Date, years: number): Date {
  const y = date.getUTCFullYear() + years;
  const m = date.getUTCMonth();
  const d = Math.min(date.getUTCDate(), daysInMonthUtc(y, m));
  return new Date(
    Date.UTC(y, m, d, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()),
  );
}

/**
 * The next credit reset after `now` of a subscription that began at `startedAt`: the first
 * anniversary of the start strictly later than `now` (at least one year after the start).
 */
export function nextCreditReset(startedAt: Date, now: Date): Date {
  // Start near the answer instead of counting every year from the start.
  let years = Math.max(1, now.getUTCFullYear() - startedAt.getUTCFullYear() - 1);
  while (addYears(startedAt, years).getTime() <= now.getTime()) years += 1;
  return addYears(startedAt, years);
}

/** Whether credits are due for their yearly reset. */
export function isCreditResetDue(limitDate: Date, now: Date): boolean {
  return now.getTime() >= limitDate.getTime();
}

// ---------------------------------------------------------------------------------------------
// Plan card rules: which button a plan card shows for the signed-in user's plan.

export type PurchaseBusy = 'processing' | 'redirecting' | null;

export interface PlanCardInput {
  signedIn: boolean;
  /** The user's current plan id ('basic_year'), '' or null without a plan. */
  currentPlan: string | null | undefined;
  tier: PlanTier;
  /** The billing period selected by the toggle. */
  period: BillingPeriod;
  comingSoon: boolean;
  /** The price id of this card for the selected period (null: cannot be bought). */
  priceId: string | null | undefined;
  /** The purchase state of THIS card. */
  busy?: PurchaseBusy;
  /** Another card's purchase is in flight. */
  locked?: boolean;
}

export type PlanCardAction =
  | { kind: 'sign-up'; label: 'Sign Up to Subscribe'; href: '/auth/signup' }
  | { kind: 'coming-soon'; label: 'Launching soon...'; disabled: true }
  | { kind: 'current'; badge: 'Current Plan'; label: 'Access Tools'; href: string }
  | {
      kind: 'downgrade';
      label: 'Downgrade Not Available';
      disabled: true;
      manageLabel: 'Manage Current Plan';
      manageHref: '/profile';
    }
  | { kind: 'upgrade'; label: string; disabled: boolean; note: 'Immediate access after upgrade' }
  | { kind: 'switch'; label: string; disabled: boolean; manageLabel: 'Manage Current Plan'; manageHref: '/profile' }
  | { kind: 'subscribe'; label: string; disabled: boolean };

export const busyLabels: Record<Exclude<PurchaseBusy, null>, string> = {
  processing: 'Processing...',
  redirecting: 'Redirecting...',
};

/** What a plan card offers for the selected period. */
export function planCardAction(input: PlanCardInput): PlanCardAction {
  const current = input.signedIn ? parsePlan(input.currentPlan) : null;
  const isCurrent = current !== null && current.tier === input.tier && current.period === input.period;
  if (isCurrent) {
    return { kind: 'current', badge: 'Current Plan', label: 'Access Tools', href: planCatalogue[input.tier].route };
  }
  if (input.comingSoon) return { kind: 'coming-soon', label: 'Launching soon...', disabled: true };
  if (!input.signedIn) return { kind: 'sign-up', label: 'Sign Up to Subscribe', href: '/auth/signup' };

  const busy = input.busy ?? null;
  const disabled = busy !== null || Boolean(input.locked) || !input.priceId;
  const label = (idle: string) => (busy ? busyLabels[busy] : idle);

  if (!current) return { kind: 'subscribe', label: label('Subscribe'), disabled };
  const diff = planRank(input.tier) - planRank(current.tier);
  if (diff < 0) {
    return {
      kind: 'downgrade',
      label: 'Downgrade Not Available',
      disabled: true,
      manageLabel: 'Manage Current Plan',
      manageHref: '/profile',
    };
  }
  if (diff > 0) {
    return { kind: 'upgrade', label: label('Upgrade Plan'), disabled, note: 'Immediate access after upgrade' };
  }
  return { kind: 'switch', label: label('Switch Plan'), disabled, manageLabel: 'Manage Current Plan', manageHref: '/profile' };
}

// ---------------------------------------------------------------------------------------------
// Dashboard "Your Tools": one tool for the plan's tier, the free trial, or none.

export interface DashboardTool {
  tier: PlanTier;
  title: string;
  route: string;
  /** 'Free Trial' for the signup-credit tool. */
  badge: string | null;
  /** What the badge says, as a key the web words by: the plan's title, 'Coming Soon' or 'Free Trial'. */
  badgeKind: DashboardToolBadge | null;
  /** A coming-soon plan's tool is shown but cannot be launched. */
  available: boolean;
}

export type DashboardToolBadge = 'plan' | 'coming-soon' | 'free-trial';

export type DashboardTools =
  | { kind: 'tools'; tools: DashboardTool[] }
  | { kind: 'none'; title: 'No Active Plan'; message: 'Subscribe to a plan to access risk assessment tools' };

const toolTitles: Record<PlanTier, string> = {
  basic: 'Risk Assessment',
  premium: 'Premium Assessment',
  enterprise: 'Enterprise Assessment',
};

export function dashboardTools(plan: string | null | undefined, signupCredits: number): DashboardTools {
  const parsed = parsePlan(plan);
  if (parsed) {
    const def = planCatalogue[parsed.tier];
    return {
      kind: 'tools',
      tools: [
        {
          tier: parsed.tier,
          title: toolTitles[parsed.tier],
          route: def.route,
          badge: def.comingSoon ? 'Coming Soon' : def.title,
          badgeKind: def.comingSoon ? 'coming-soon' : 'plan',
          available: !def.comingSoon,
        },
      ],
    };
  }
  if (signupCredits > 0) {
    return {
      kind: 'tools',
      tools: [
        {
          tier: 'basic',
          title: 'Risk Assessment',
          route: planCatalogue.basic.route,
          badge: 'Free Trial',
          badgeKind: 'free-trial',
          available: true,
        },
      ],
    };
  }
  return { kind: 'none', title: 'No Active Plan', message: 'Subscribe to a plan to access risk assessment tools' };
}
