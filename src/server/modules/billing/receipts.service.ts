import { planCatalogue } from '../../../shared/plans.js';
import type { BillingWebhookEvent } from '../../providers/billing/billing-provider.js';
import * as repo from './billing.repo.js';
import type { BillingParts, Plan } from './billing-deps.js';
import { judgeBillingDetails, loadBillingDetails, saveBillingDetails } from './billing-details.js';
import type { Prices } from './prices.service.js';
import { receiptMail } from './receipt-mail.js';

/** After a completed checkout: keep the buyer's billing details and send the receipt. */
export class Receipts {
  constructor(
    private readonly deps: BillingParts,
    private readonly prices: Prices,
  ) {}

  async checkoutCompleted(userId: string, plan: Plan, event: BillingWebhookEvent): Promise<void> {
    const { db, config, log } = this.deps;
    if (event.billingDetails) {
      const { details } = judgeBillingDetails(event.billingDetails, config.operator.vatId);
      await saveBillingDetails(db, userId, details, this.deps.now());
    }
    const mailer = this.deps.mailer;
    if (!mailer) return;
    try {
      const user = await repo.findUser(db, userId);
      const price = (await this.prices.cached()).table[plan.tier][plan.period];
      if (!user || !price) return;
      const def = planCatalogue[plan.tier];
      const details = await loadBillingDetails(db, userId);
      const seller = { productName: config.productName, appUrl: config.appUrl, ...config.operator };
      const line = { title: def.title, period: plan.period, amount: price.amount, credits: def.credits[plan.period] };
      await mailer.send(receiptMail(seller, user.locale, user.email, line, details));
    } catch (err) {
      // the plan is active either way; a lost receipt must not fail the webhook (Stripe would resend it)
      log.warn({ err, event: event.id }, 'receipt mail not sent');
    }
  }
}
