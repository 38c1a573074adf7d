import type { PricingPlan } from '../../../shared/contracts/billing';
import { isPlanTier, planCatalogue, planTiers, type DashboardTool, type PlanTier } from '../../../shared/plans';
import { t, type MessageValues } from '../../lib/i18n';

/**
 * The plan catalogue's words in the reader's language. src/shared/plans.ts keeps them in English
 * for the server (prices answer, receipts, mails); the screens word them here by stable keys (the
 * tier, the tool, the badge's kind), with the same English. A text the server sends that is not
 * the catalogue's own (a changed catalogue, another deployment) is shown as sent. Call these
 * while rendering.
 */

const TITLES: Record<PlanTier, string> = {
  basic: 'domain.plan.basic.title',
  premium: 'domain.plan.premium.title',
  enterprise: 'domain.plan.enterprise.title',
};

const AUDIENCES: Record<PlanTier, string> = {
  basic: 'domain.plan.basic.audience',
  premium: 'domain.plan.premium.audience',
  enterprise: 'domain.plan.enterprise.audience',
};

const DESCRIPTIONS: Record<PlanTier, string> = {
  basic: 'domain.plan.basic.description',
  premium: 'domain.plan.premium.description',
  enterprise: 'domain.plan.enterprise.description',
};

interface Message {
  id: string;
  values?: MessageValues;
}

/** The core features every plan lists, in the catalogue's order (plans.ts `coreFeatures`). */
const CORE_FEATURES: readonly string[] = [
  'domain.plan.feature.companyAssessment',
  'domain.plan.feature.locationRisks',
  'domain.plan.feature.industryRisks',
  'domain.plan.feature.scoreAndGrade',
  'domain.plan.feature.keyTakeaways',
  'domain.plan.feature.pdfDownload',
  'domain.plan.feature.portfolio',
  'domain.plan.feature.multiLocation',
  'domain.plan.feature.apiAccess',
];

/** Each tier's additional features, in the catalogue's order; the first is its yearly credits. */
const ADDITIONAL_FEATURES: Record<PlanTier, readonly string[]> = {
  basic: ['domain.plan.feature.credits', 'domain.plan.feature.emailSupport'],
  premium: ['domain.plan.feature.credits', 'domain.plan.feature.prioritySupport'],
  enterprise: ['domain.plan.feature.credits', 'domain.plan.feature.prioritySupport', 'domain.plan.feature.accountManager'],
};

let featureMessages: Map<string, Message> | null = null;

/** The catalogue's English feature texts → their messages (built once, on first use). */
function features(): Map<string, Message> {
  if (featureMessages) return featureMessages;
  const map = new Map<string, Message>();
  for (const tier of planTiers) {
    const def = planCatalogue[tier];
    def.baseFeatures.forEach((text, i) => {
      const id = CORE_FEATURES[i];
      if (id) map.set(text, { id });
    });
    def.additionalFeatures.forEach((text, i) => {
      const id = ADDITIONAL_FEATURES[tier][i];
      if (id) map.set(text, id === 'domain.plan.feature.credits' ? { id, values: { count: def.credits.year } } : { id });
    });
  }
  return (featureMessages = map);
}

/** The catalogue's text `english` in the reader's language when `sent` is that text, else `sent` as it is. */
const worded = (sent: string, english: string, id: string): string => (sent === english ? t(id) : sent);

/** 'Basic', 'Premium', 'Enterprise'. */
export function planTitle(tier: PlanTier): string {
  return t(TITLES[tier]);
}

/** A tier as written in a URL or a plan id ('basic', 'Premium'), by name; anything else as given. */
export function planNameOf(value: string): string {
  const tier = value.toLowerCase();
  return isPlanTier(tier) ? planTitle(tier) : value;
}

/** A feature line of the catalogue in the reader's language ('Priority support'); any other text as it is. */
export function planFeature(text: string): string {
  const message = features().get(text);
  return message ? t(message.id, message.values) : text;
}

/** The words of a plan of the prices answer (title, audience, description, features) in the reader's language. */
export function pricingPlanText(tier: PlanTier, plan: PricingPlan): { title: string; audience: string; description: string; features: string[] } {
  const def = planCatalogue[tier];
  return {
    title: worded(plan.title, def.title, TITLES[tier]),
    audience: worded(plan.audience, def.audience, AUDIENCES[tier]),
    description: worded(plan.description, def.description, DESCRIPTIONS[tier]),
    features: plan.features.map(planFeature),
  };
}

const TOOL_TITLES: Record<PlanTier, string> = {
  basic: 'domain.tool.basic.title',
  premium: 'domain.tool.premium.title',
  enterprise: 'domain.tool.enterprise.title',
};

/** A dashboard tool's title: 'Risk Assessment', 'Premium Assessment', 'Enterprise Assessment'. */
export function toolTitle(tool: DashboardTool): string {
  return t(TOOL_TITLES[tool.tier]);
}

/** A dashboard tool's badge by its kind: the plan's name, 'Coming Soon' or 'Free Trial'; null without one. */
export function toolBadge(tool: DashboardTool): string | null {
  switch (tool.badgeKind) {
    case 'plan':
      return planTitle(tool.tier);
    case 'coming-soon':
      return t('domain.tool.badge.comingSoon');
    case 'free-trial':
      return t('domain.tool.badge.freeTrial');
    default:
      return null;
  }
}

/** 'No Active Plan' and its line, when the user has no tool. */
export function noToolsText(): { title: string; message: string } {
  return { title: t('domain.tools.none.title'), message: t('domain.tools.none.message') };
}
