import type { TestCheckoutCompleteBody, TestCheckoutSession } from '../../../shared/contracts/billing.js';
import { msg } from '../../../shared/i18n/message.js';
import { planId } from '../../../shared/plans.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { CheckoutBillingDetails } from '../../providers/billing/billing-provider.js';
import { judgeBillingDetails } from './billing-details.js';
import * as repo from './billing.repo.js';
import type { BillingParts } from './billing-deps.js';
import { isCurrent } from './subscription-state.js';
import type { SubscriptionSync } from './webhooks.service.js';

/** The built-in test checkout's page: read it, complete it through the webhook path. */
export class TestCheckouts {
  constructor(
    private readonly deps: BillingParts,
    private readonly sync: SubscriptionSync,
  ) {}

  private desk() {
    const desk = this.deps.provider.testCheckout;
    if (!desk) throw notFound(msg('error.billing.testCheckoutUnavailable'), 'test_checkout_unavailable');
    return desk;
  }

  private async ownTestCheckout(userId: string, token: string) {
    const record = await this.desk().get(token);
    if (!record || record.userId !== userId) {
      throw notFound(msg('error.billing.testCheckoutNotFound'), 'test_checkout_not_found');
    }
    return record;
  }

  async getTestCheckout(userId: string, token: string): Promise<TestCheckoutSession> {
    const r = await this.ownTestCheckout(userId, token);
    return {
      id: token,
      plan: planId(r.tier, r.period),
      tier: r.tier,
      period: r.period,
      title: r.title,
      price: r.amount,
      currency: 'EUR',
      credits: r.credits,
      success_url: r.successUrl,
      cancel_url: r.cancelUrl,
      status: r.status,
    };
  }

  /** Completes a test checkout through the same event path as Stripe's checkout.session.completed. */
  async completeTestCheckout(userId: string, token: string, body?: TestCheckoutCompleteBody): Promise<{ redirect_url: string }> {
    const record = await this.ownTestCheckout(userId, token);
    // as Stripe Checkout does, an invalid VAT ID stops the payment with words for what is wrong
    const billingDetails: CheckoutBillingDetails | null = body
      ? { companyName: body.company_name, address: body.address, country: body.country, vatId: body.vat_id || null }
      : null;
    if (billingDetails) {
      const { problem } = judgeBillingDetails(billingDetails, this.deps.config.operator.vatId);
      if (problem) throw badRequest(problem.text, problem.code);
    }
    if (record.status === 'open') {
      const sub = await repo.findSubscription(this.deps.db, userId);
      if (sub && isCurrent(sub)) throw conflict(msg('error.billing.alreadyHaveSubscription'), 'already_subscribed');
    }
    const done = await this.desk().complete(token);
    if (!done) throw notFound(msg('error.billing.testCheckoutNotFound'), 'test_checkout_not_found');
    await this.sync.processEvent({ ...done.event, billingDetails });
    return { redirect_url: done.record.successUrl };
  }
}
