import { describe, expect, it } from 'vitest';
import {
  addYears,
  dashboardTools,
  isCreditResetDue,
  monthlyEquivalent,
  nextCreditReset,
  parsePlan,
  planCardAction,
  planCatalogue,
  planLabel,
  planRank,
  type BillingPeriod,
  type PlanCardInput,
  type PlanTier,
} from './plans.js';

const card = (over: Partial<PlanCardInput> & Pick<PlanCardInput, 'tier' | 'period'>): PlanCardInput => ({
  signedIn: true,
  currentPlan: null,
  comingSoon: planCatalogue[over.tier].comingSoon,
  priceId: `price_${over.tier}_${over.period}`,
  ...over,
});

describe('planCardAction', () => {
  const rows: {
    name: string;
    input: PlanCardInput;
    kind: string;
    label: string;
    disabled?: boolean;
  }[] = [
    { name: 'signed out, basic', input: card({ signedIn: false, tier: 'basic', period: 'year' }), kind: 'sign-up', label: 'Sign Up to Subscribe' },
    { name: 'signed out, premium (coming soon)', input: card({ signedIn: false, tier: 'premium', period: 'year' }), kind: 'coming-soon', label: 'Launching soon...', disabled: true },
    { name: 'signed out ignores a stale current plan', input: card({ signedIn: false, currentPlan: 'basic_year', tier: 'basic', period: 'year' }), kind: 'sign-up', label: 'Sign Up to Subscribe' },
    { name: 'coming soon, no plan', input: card({ tier: 'enterprise', period: 'month' }), kind: 'coming-soon', label: 'Launching soon...', disabled: true },
    { name: 'coming soon, higher than current', input: card({ currentPlan: 'basic_year', tier: 'premium', period: 'year' }), kind: 'coming-soon', label: 'Launching soon...', disabled: true },
    { name: 'exact current plan and period', input: card({ currentPlan: 'basic_year', tier: 'basic', period: 'year' }), kind: 'current', label: 'Access Tools' },
    { name: 'exact current coming-soon plan still shows Current Plan', input: card({ currentPlan: 'premium_month', tier: 'premium', period: 'month' }), kind: 'current', label: 'Access Tools' },
    { name: 'lower tier than current', input: card({ currentPlan: 'premium_year', tier: 'basic', period: 'year' }), kind: 'downgrade', label: 'Downgrade Not Available', disabled: true },
    { name: 'lower tier, other period', input: card({ currentPlan: 'enterprise_month', tier: 'basic', period: 'year' }), kind: 'downgrade', label: 'Downgrade Not Available', disabled: true },
    { name: 'higher tier (available)', input: card({ currentPlan: 'basic_year', tier: 'premium', period: 'year', comingSoon: false }), kind: 'upgrade', label: 'Upgrade Plan', disabled: false },
    { name: 'same tier, other period', input: card({ currentPlan: 'basic_month', tier: 'basic', period: 'year' }), kind: 'switch', label: 'Switch Plan', disabled: false },
    { name: 'no plan', input: card({ tier: 'basic', period: 'month' }), kind: 'subscribe', label: 'Subscribe', disabled: false },
    { name: 'unparseable plan counts as no plan', input: card({ currentPlan: 'gold_forever', tier: 'basic', period: 'month' }), kind: 'subscribe', label: 'Subscribe', disabled: false },
    { name: 'no price id disables', input: card({ tier: 'basic', period: 'year', priceId: null }), kind: 'subscribe', label: 'Subscribe', disabled: true },
    { name: 'processing', input: card({ tier: 'basic', period: 'year', busy: 'processing' }), kind: 'subscribe', label: 'Processing...', disabled: true },
    { name: 'redirecting', input: card({ tier: 'basic', period: 'year', busy: 'redirecting' }), kind: 'subscribe', label: 'Redirecting...', disabled: true },
    { name: 'another card busy', input: card({ tier: 'basic', period: 'year', locked: true }), kind: 'subscribe', label: 'Subscribe', disabled: true },
    { name: 'switch while processing', input: card({ currentPlan: 'basic_month', tier: 'basic', period: 'year', busy: 'processing' }), kind: 'switch', label: 'Processing...', disabled: true },
    { name: 'upgrade while redirecting', input: card({ currentPlan: 'basic_month', tier: 'enterprise', period: 'month', comingSoon: false, busy: 'redirecting' }), kind: 'upgrade', label: 'Redirecting...', disabled: true },
  ];
  it.each(rows)('$name → $kind "$label"', ({ input, kind, label, disabled }) => {
    const action = planCardAction(input);
    expect(action.kind).toBe(kind);
    expect(action.label).toBe(label);
    if (disabled !== undefined) expect('disabled' in action ? action.disabled : false).toBe(disabled);
  });

  it('links: sign-up to /auth/signup, current to the tool, downgrade and switch to /profile', () => {
    expect(planCardAction(card({ signedIn: false, tier: 'basic', period: 'year' }))).toMatchObject({ href: '/auth/signup' });
    expect(planCardAction(card({ currentPlan: 'basic_year', tier: 'basic', period: 'year' }))).toMatchObject({
      badge: 'Current Plan',
      href: '/products/risk-assessment',
    });
    expect(planCardAction(card({ currentPlan: 'premium_year', tier: 'basic', period: 'year' }))).toMatchObject({
      manageLabel: 'Manage Current Plan',
      manageHref: '/profile',
    });
    expect(planCardAction(card({ currentPlan: 'basic_month', tier: 'basic', period: 'year' }))).toMatchObject({
      manageHref: '/profile',
    });
  });
});

describe('plans', () => {
  it.each([
    ['basic_year', { tier: 'basic', period: 'year' }],
    ['premium_month', { tier: 'premium', period: 'month' }],
    ['ENTERPRISE_YEAR', { tier: 'enterprise', period: 'year' }],
    ['', null],
    [null, null],
    ['basic', null],
    ['basic_week', null],
    ['gold_year', null],
    ['basic_year_extra', null],
  ])('parsePlan(%j)', (value, expected) => {
    const parsed = parsePlan(value);
    expect(parsed === null ? null : { tier: parsed.tier, period: parsed.period }).toEqual(expected);
  });

  it('labels plans and defaults to No Plan', () => {
    expect(planLabel('basic_year')).toBe('Basic (Yearly)');
    expect(planLabel('premium_month')).toBe('Premium (Monthly)');
    expect(planLabel('')).toBe('No Plan');
    expect(planLabel('nonsense')).toBe('No Plan');
  });

  it('ranks basic 1, premium 2, enterprise 3', () => {
    expect([planRank('basic'), planRank('premium'), planRank('enterprise')]).toEqual([1, 2, 3]);
  });

  it('shows the yearly price as annual / 12 to 2 decimals', () => {
    expect(monthlyEquivalent(490)).toBe('40.83');
    expect(monthlyEquivalent(1200)).toBe('100.00');
    expect(monthlyEquivalent(4490)).toBe('374.17');
  });

  it('marks premium and enterprise coming soon, each plan with both periods priced', () => {
    const tiers: PlanTier[] = ['basic', 'premium', 'enterprise'];
    const periods: BillingPeriod[] = ['month', 'year'];
    expect(tiers.map((t) => planCatalogue[t].comingSoon)).toEqual([false, true, true]);
    for (const t of tiers) for (const p of periods) expect(planCatalogue[t].prices[p]).toBeGreaterThan(0);
    for (const t of tiers) expect(planCatalogue[t].prices.year).toBeLessThan(planCatalogue[t].prices.month * 12);
  });
});

describe('credit reset dates', () => {
  const d = (s: string) => new Date(s);
  it.each([
    ['2025-03-10T12:00:00Z', '2025-03-10T12:00:00Z', '2026-03-10T12:00:00.000Z'],
    ['2025-03-10T12:00:00Z', '2025-11-01T00:00:00Z', '2026-03-10T12:00:00.000Z'],
    ['2025-03-10T12:00:00Z', '2026-03-10T11:59:59Z', '2026-03-10T12:00:00.000Z'],
    ['2025-03-10T12:00:00Z', '2026-03-10T12:00:00Z', '2027-03-10T12:00:00.000Z'],
    ['2025-03-10T12:00:00Z', '2029-07-01T00:00:00Z', '2030-03-10T12:00:00.000Z'],
    ['2024-02-29T08:00:00Z', '2024-06-01T00:00:00Z', '2025-02-28T08:00:00.000Z'],
    ['2024-02-29T08:00:00Z', '2027-03-01T00:00:00Z', '2028-02-29T08:00:00.000Z'],
    ['2025-12-31T23:30:00Z', '2026-01-01T00:00:00Z', '2026-12-31T23:30:00.000Z'],
    ['2030-01-01T00:00:00Z', '2025-01-01T00:00:00Z', '2031-01-01T00:00:00.000Z'],
  ])('started %s, now %s → next reset %s', (start, now, expected) => {
    expect(nextCreditReset(d(start), d(now)).toISOString()).toBe(expected);
  });

  it('adds years on the calendar, clamping 29 February', () => {
    expect(addYears(d('2024-02-29T00:00:00Z'), 1).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(addYears(d('2024-02-29T00:00:00Z'), 4).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('is due at the limit date, not before', () => {
    expect(isCreditResetDue(d('2026-03-10T12:00:00Z'), d('2026-03-10T11:59:59Z'))).toBe(false);
    expect(isCreditResetDue(d('2026-03-10T12:00:00Z'), d('2026-03-10T12:00:00Z'))).toBe(true);
  });
});

describe('dashboardTools', () => {
  const rows: [string | null, number, { kind: string; route?: string; available?: boolean; badge?: string }][] = [
    ['basic_year', 0, { kind: 'tools', route: '/products/risk-assessment', available: true }],
    ['premium_month', 0, { kind: 'tools', route: '/products/premium-assessment', available: false }],
    ['enterprise_year', 3, { kind: 'tools', route: '/products/enterprise-assessment', available: false }],
    ['', 3, { kind: 'tools', route: '/products/risk-assessment', available: true, badge: 'Free Trial' }],
    ['', 0, { kind: 'none' }],
    [null, 0, { kind: 'none' }],
  ];
  it.each(rows)('plan %j with %i signup credits', (plan, credits, expected) => {
    const result = dashboardTools(plan, credits);
    expect(result.kind).toBe(expected.kind);
    if (result.kind === 'tools') {
      expect(result.tools).toHaveLength(1);
      expect(result.tools[0]).toMatchObject({ route: expected.route, available: expected.available });
      if (expected.badge) expect(result.tools[0]?.badge).toBe(expected.badge);
    } else {
      expect(result).toMatchObject({ title: 'No Active Plan', message: 'Subscribe to a plan to access risk assessment tools' });
    }
  });
});
