import { z } from 'zod';
import type { PricesResponse, PricingData, PricingPlan, RefreshPricesResponse } from '../../../shared/contracts/billing.js';
import { billingPeriods, planCatalogue, planTiers, type PlanTier } from '../../../shared/plans.js';
import { msg } from '../../../shared/i18n/message.js';
import { unavailable } from '../../lib/errors.js';
import type { ProviderPriceTable, ProviderSubscription } from '../../providers/billing/billing-provider.js';
import * as repo from './billing.repo.js';
import type { BillingParts, Plan } from './billing-deps.js';

const priceCacheKey = 'billing_prices';
/** Prices are re-read from the provider after a day (an admin can refresh at any time). */
export const priceCacheTtlMs = 24 * 60 * 60 * 1000;

const priceSchema = z.object({ id: z.string(), amount: z.number() }).nullable();
const priceRowSchema = z.object({ month: priceSchema, year: priceSchema });
const priceCacheSchema = z.object({
  mode: z.enum(['stripe', 'test']),
  cachedAt: z.string(),
  table: z.object({ basic: priceRowSchema, premium: priceRowSchema, enterprise: priceRowSchema }),
});
type PriceCache = z.infer<typeof priceCacheSchema>;

export function findPrice(table: ProviderPriceTable, priceId: string): (Plan & { amount: number }) | null {
  for (const tier of planTiers) {
    for (const period of billingPeriods) {
      const price = table[tier][period];
      if (price && price.id === priceId) return { tier, period, amount: price.amount };
    }
  }
  return null;
}

/** The price table: cached in app_state for a day, rebuilt from the provider, and the plans it sells. */
export class Prices {
  constructor(private readonly deps: BillingParts) {}

  private async loadCache(): Promise<PriceCache | null> {
    const row = await repo.readState(this.deps.db, priceCacheKey);
    const parsed = row ? priceCacheSchema.safeParse(row.value) : null;
    return parsed?.success && parsed.data.mode === this.deps.provider.mode ? parsed.data : null;
  }

  async rebuild(): Promise<PriceCache> {
    const table = await this.deps.provider.listPrices();
    const now = this.deps.now();
    const cache: PriceCache = { mode: this.deps.provider.mode, cachedAt: now.toISOString(), table };
    await repo.writeState(this.deps.db, priceCacheKey, cache, now);
    return cache;
  }

  /** The cached price table, rebuilt when missing or a day old; a stale one if the provider is down. */
  async cached(): Promise<PriceCache> {
    const cache = await this.loadCache();
    if (cache && this.deps.now().getTime() - new Date(cache.cachedAt).getTime() < priceCacheTtlMs) return cache;
    try {
      return await this.rebuild();
    } catch (err) {
      if (cache) {
        this.deps.log.warn({ err }, 'price refresh failed; serving the cached prices');
        return cache;
      }
      throw unavailable(msg('error.billing.pricingUnavailable'), 'pricing_unavailable');
    }
  }

  private pricingPlan(tier: PlanTier, table: ProviderPriceTable): PricingPlan {
    const def = planCatalogue[tier];
    const row = table[tier];
    const sellable = this.deps.provider.purchasesEnabled;
    return {
      title: def.title,
      audience: def.audience,
      description: def.description,
      color: def.color,
      highlight: def.highlight,
      coming_soon: def.comingSoon,
      prices: { month: row.month?.amount ?? def.prices.month, year: row.year?.amount ?? def.prices.year },
      price_ids: {
        month: sellable ? (row.month?.id ?? null) : null,
        year: sellable ? (row.year?.id ?? null) : null,
      },
      credits: { ...def.credits },
      base_features: [...def.baseFeatures],
      additional_features: [...def.additionalFeatures],
      features: [...def.baseFeatures, ...def.additionalFeatures],
      route: def.route,
    };
  }

  /** Call 14. */
  async getPrices(): Promise<PricesResponse> {
    const cache = await this.cached();
    const data: PricingData = {
      basic: this.pricingPlan('basic', cache.table),
      premium: this.pricingPlan('premium', cache.table),
      enterprise: this.pricingPlan('enterprise', cache.table),
    };
    return { success: true, data, currency: 'EUR', cached_at: cache.cachedAt };
  }

  /** Admin: reload the prices from the provider for everyone. */
  async refreshPrices(): Promise<RefreshPricesResponse> {
    const cache = await this.rebuild();
    this.deps.log.info({ cachedAt: cache.cachedAt }, 'price cache refreshed');
    return { success: true, detail: 'Price cache refreshed for all users', cached_at: cache.cachedAt };
  }

  /** The plan a price sells: from the provider, else the price table (re-read once if unknown). */
  async resolvePlan(ps: ProviderSubscription): Promise<Plan | null> {
    if (ps.plan) return ps.plan;
    if (!ps.priceId) return null;
    const cached = findPrice((await this.cached()).table, ps.priceId);
    if (cached) return cached;
    return findPrice((await this.rebuild()).table, ps.priceId);
  }
}
