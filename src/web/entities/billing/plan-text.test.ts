import { afterEach, describe, expect, it } from 'vitest';
import { dashboardTools, planCatalogue, planLabel, planTiers } from '../../../shared/plans';
import { setLocale } from '../../lib/i18n';
import { planStatusLabel } from './plan-status';
import { noToolsText, planFeature, planNameOf, planTitle, pricingPlanText, toolBadge, toolTitle } from './plan-text';
import type { PricingPlan } from '../../../shared/contracts/billing';

/** A prices answer's plan as the server writes it from the catalogue. */
function sent(tier: (typeof planTiers)[number]): PricingPlan {
  const def = planCatalogue[tier];
  return {
    title: def.title,
    audience: def.audience,
    description: def.description,
    color: def.color,
    highlight: def.highlight,
    coming_soon: def.comingSoon,
    prices: def.prices,
    price_ids: { month: null, year: null },
    credits: def.credits,
    base_features: def.baseFeatures,
    additional_features: def.additionalFeatures,
    features: [...def.baseFeatures, ...def.additionalFeatures],
    route: def.route,
  };
}

afterEach(async () => {
  await setLocale('en');
});

describe('the plan catalogue in the reader’s language', () => {
  it('says in English exactly what src/shared/plans.ts says', () => {
    for (const tier of planTiers) {
      const def = planCatalogue[tier];
      expect(pricingPlanText(tier, sent(tier))).toEqual({
        title: def.title,
        audience: def.audience,
        description: def.description,
        features: [...def.baseFeatures, ...def.additionalFeatures],
      });
      expect(planTitle(tier)).toBe(def.title);
      expect(planNameOf(tier.toUpperCase())).toBe(def.title);
    }
    expect(planNameOf('gold')).toBe('gold');
    for (const plan of ['basic_month', 'premium_year', 'enterprise_month', '', null, 'nonsense']) {
      expect(planStatusLabel(plan)).toBe(planLabel(plan));
    }
  });

  it('words the dashboard tools by key, as the catalogue does in English', () => {
    for (const [plan, credits] of [['basic_year', 0], ['premium_month', 0], ['enterprise_year', 2], ['', 3]] as const) {
      const tools = dashboardTools(plan, credits);
      if (tools.kind !== 'tools') throw new Error('expected a tool');
      for (const tool of tools.tools) {
        expect(toolTitle(tool)).toBe(tool.title);
        expect(toolBadge(tool)).toBe(tool.badge);
      }
    }
    const none = dashboardTools(null, 0);
    if (none.kind !== 'none') throw new Error('expected no tool');
    expect(noToolsText()).toEqual({ title: none.title, message: none.message });
  });

  it('has a message for every feature line of the catalogue, and keeps a text it does not know', async () => {
    await setLocale('de');
    for (const tier of planTiers) {
      const def = planCatalogue[tier];
      for (const feature of [...def.baseFeatures, ...def.additionalFeatures]) expect(planFeature(feature)).not.toBe(feature);
      expect(pricingPlanText(tier, { ...sent(tier), audience: 'Someone else' }).audience).toBe('Someone else');
    }
    expect(planFeature('2.000 Bewertungs-Credits pro Jahr')).toBe('2.000 Bewertungs-Credits pro Jahr');
    expect(planFeature(planCatalogue.enterprise.additionalFeatures[0]!)).toBe('2.000 Bewertungs-Credits pro Jahr');
  });
});
