import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { PricesResponse, PricingPlan } from '../../../shared/contracts/billing';
import { planTiers, type PlanTier } from '../../../shared/plans';
import { billingKeys, fetchPrices } from '../../entities/billing/billing-api';
import { parsePricesResponse } from '../../entities/billing/prices-check';
import { loadPrices, type LoadedPrices } from './price-cache';

/** Stored pricing data that still matches today's contract, else null (the server is asked again). */
export function parseCachedPrices(data: unknown): PricesResponse | null {
  try {
    return parsePricesResponse(data);
  } catch {
    return null;
  }
}

export interface PlanEntry {
  tier: PlanTier;
  plan: PricingPlan;
}

/** The plans in rank order (basic, premium, enterprise); unknown names are left out. */
export function planEntries(prices: PricesResponse | undefined): PlanEntry[] {
  if (!prices) return [];
  const data: Partial<Record<string, PricingPlan>> = prices.data;
  return planTiers.flatMap((tier) => {
    const plan = data[tier];
    return plan ? [{ tier, plan }] : [];
  });
}

/**
 * Pricing for /products: the 24-hour local cache, else the server;
 * on a failed call the current (or stale cached) data stays and the query errors only when
 * there is nothing to show. `reload()` skips the local cache (Retry, admin refresh).
 */
export function usePrices() {
  const force = useRef(false);
  const query = useQuery<LoadedPrices<PricesResponse>>({
    queryKey: billingKeys.prices,
    queryFn: () => {
      const forced = force.current;
      force.current = false;
      return loadPrices({ parse: parseCachedPrices, fetchFresh: fetchPrices, force: forced });
    },
    retry: false,
  });
  const { refetch } = query;
  const reload = useCallback(async () => {
    force.current = true;
    return refetch();
  }, [refetch]);
  return { ...query, reload };
}
