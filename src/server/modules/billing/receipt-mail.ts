import { EXCL_VAT, type BillingDetails } from '../../../shared/contracts/billing.js';
import { periodLabels, type BillingPeriod } from '../../../shared/plans.js';
import type { Mail } from '../../providers/mailer/mailer.js';
import { renderMail } from '../../providers/mailer/layout.js';
import { billedToLines } from './billing-details.js';

/** The receipt sent when a checkout completes: plan, net price, the buyer's details and the VAT treatment. */

export interface ReceiptSeller {
  productName: string;
  appUrl: string;
  name: string | null;
  address: string | null;
  vatId: string | null;
}

export interface ReceiptLine {
  title: string;
  period: BillingPeriod;
  /** Euros per period, net. */
  amount: number;
  credits: number;
}

const euro = (n: number) => `€${n.toFixed(2)}`;

export function receiptMail(seller: ReceiptSeller, to: string, line: ReceiptLine, details: BillingDetails | null): Mail {
  const per = line.period === 'year' ? 'year' : 'month';
  const sellerLine = [seller.name, seller.address, seller.vatId ? `VAT ID: ${seller.vatId}` : null].filter(Boolean).join(', ');
  const vatLine = details?.reverse_charge
    ? 'No VAT is charged on this amount (reverse charge).'
    : 'VAT is added at the rate that applies to you.';
  return {
    to,
    subject: `Your ${seller.productName} receipt: ${line.title} plan`,
    ...renderMail({
      productName: seller.productName,
      appUrl: seller.appUrl,
      preheader: `${line.title} plan, ${euro(line.amount)} per ${per} ${EXCL_VAT}.`,
      heading: 'Thank you for your purchase',
      paragraphs: [
        `Plan: ${line.title} (${periodLabels[line.period]}), ${line.credits} credits per ${per}.`,
        `Price: ${euro(line.amount)} per ${per} ${EXCL_VAT}. ${vatLine}`,
        ...(details ? [`Billed to: ${billedToLines(details).join('; ')}`] : []),
        ...(sellerLine ? [`Sold by: ${sellerLine}`] : []),
      ],
      action: { label: 'Plan & Billing', url: `${seller.appUrl}/profile?tab=billing` },
      footnote: `You received this email because a ${seller.productName} plan was bought with this account.`,
    }),
  };
}
