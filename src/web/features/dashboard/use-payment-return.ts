import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { isPlanTier, planCatalogue } from '../../../shared/plans';
import { analytics } from '../../lib/analytics';
import { t } from '../../lib/i18n';
import { planNameOf } from '../../entities/billing/plan-text';

export interface PaymentReturn {
  plan: string;
  period: string | null;
  price: number | null;
}

/** The checkout return parameters, or null unless payment_success=true and a plan are present. */
export function readPaymentReturn(params: URLSearchParams): PaymentReturn | null {
  const plan = params.get('plan');
  if (params.get('payment_success') !== 'true' || !plan) return null;
  const rawPrice = params.get('price');
  const price = rawPrice === null || rawPrice.trim() === '' ? Number.NaN : Number(rawPrice);
  return { plan, period: params.get('period'), price: Number.isFinite(price) ? price : null };
}

/** 'basic' → 'Basic'; anything else as given. In English: the analytics' item name. */
export function planDisplayName(plan: string): string {
  const tier = plan.toLowerCase();
  return isPlanTier(tier) ? planCatalogue[tier].title : plan;
}

/**
 * Returning from checkout to the dashboard: track the purchase, show
 * 'Successfully subscribed to {plan} plan! Welcome to your dashboard.' and clear the query
 * (history replaced). Calls `onReturn` so the page can reload the plan status.
 */
export function usePaymentReturn(onReturn: () => void): void {
  const [params, setParams] = useSearchParams();
  const handled = useRef<string | null>(null);
  const query = params.toString();

  useEffect(() => {
    const ret = readPaymentReturn(params);
    if (!ret || handled.current === query) return;
    handled.current = query;
    analytics.track('purchase', {
      currency: 'EUR',
      value: ret.price ?? 0,
      items: [
        {
          item_id: ret.plan,
          item_name: `${planDisplayName(ret.plan)} plan`,
          ...(ret.period ? { item_variant: ret.period } : {}),
          ...(ret.price !== null ? { price: ret.price } : {}),
          quantity: 1,
        },
      ],
    });
    toast.success(t('dashboard.payment.subscribed', { plan: planNameOf(ret.plan) }));
    setParams({}, { replace: true });
    onReturn();
  }, [params, query, setParams, onReturn]);
}
