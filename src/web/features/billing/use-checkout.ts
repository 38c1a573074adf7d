import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import type { PricingPlan } from '../../../shared/contracts/billing';
import type { BillingPeriod, PlanTier, PurchaseBusy } from '../../../shared/plans';
import { ApiError } from '../../lib/api-client';
import { isSessionEnded } from '../../lib/auth-fetch';
import { useAuth } from '../../lib/auth/auth-state';
import { t } from '../../lib/i18n';
import { browserNavigation, checkoutCancelUrl, checkoutSuccessUrl, createCheckoutSession } from '../../entities/billing/billing-api';

export interface CheckoutState {
  tier: PlanTier;
  busy: Exclude<PurchaseBusy, null>;
}

/**
 * Starting a checkout: sign-in required; 'Processing...' while the
 * session is created, 'Redirecting...' once its URL is known, then the browser goes there.
 */
export function useCheckout() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const [state, setState] = useState<CheckoutState | null>(null);

  const start = useCallback(
    async (tier: PlanTier, plan: PricingPlan, period: BillingPeriod) => {
      if (status !== 'authenticated') {
        toast.error(t('billing.checkout.signInRequired'));
        navigate('/auth/signin');
        return;
      }
      const priceId = plan.price_ids[period];
      if (!priceId || state !== null) return;
      setState({ tier, busy: 'processing' });
      const origin = window.location.origin;
      try {
        const { url } = await createCheckoutSession({
          price_id: priceId,
          success_url: checkoutSuccessUrl(origin, { tier, period, price: plan.prices[period] }),
          cancel_url: checkoutCancelUrl(origin),
        });
        setState({ tier, busy: 'redirecting' });
        browserNavigation.assign(url);
      } catch (err) {
        setState(null);
        if (isSessionEnded(err)) return;
        toast.error(err instanceof ApiError ? (err.detail ?? t('billing.checkout.startFailed')) : t('billing.checkout.failed'));
      }
    },
    [navigate, state, status],
  );

  return { state, start };
}
