import type { BillingDetails } from '../../../shared/contracts/billing.js';
import { formatMoney } from '../../../shared/i18n/format.js';
import { BASE_LOCALE, type Locale } from '../../../shared/i18n/locales.js';
import type { BillingPeriod } from '../../../shared/plans.js';
import { errorText } from '../../lib/errors.js';
import type { Mail } from '../../providers/mailer/mailer.js';
import { writeMail, type MailText } from '../../providers/mailer/mail-text.js';

/** The receipt sent when a checkout completes, in the buyer's language: plan, net price, the buyer's details and the VAT treatment. */

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

/**
 * Why an invalid VAT ID failed, in the mail's language: the VAT check's own sentence (its message,
 * from the errors catalogue). Details stored with only the English sentence keep it in an English
 * mail; any other language says, in its own words, to check the number.
 */
function vatProblem(t: MailText, locale: Locale, d: BillingDetails): string {
  if (d.vat_problem_text) return errorText(d.vat_problem_text, locale);
  if (locale === BASE_LOCALE && d.vat_problem) return d.vat_problem;
  return t('receipt.vatIdCheckIt');
}

/**
 * Who the receipt is made out to: name, address, VAT ID as checked (with why an invalid one
 * failed), and the reverse-charge statement when it applies.
 */
function billedTo(t: MailText, locale: Locale, d: BillingDetails): string {
  const lines = [d.company_name, d.address];
  if (d.vat_id) {
    lines.push(d.vat_status === 'valid' ? t('receipt.vatId', { vatId: d.vat_id }) : t('receipt.vatIdInvalid', { vatId: d.vat_id, problem: vatProblem(t, locale, d) }));
  }
  if (d.reverse_charge) lines.push(t('receipt.reverseChargeNote'));
  return lines.join('; ');
}

export function receiptMail(seller: ReceiptSeller, locale: Locale, to: string, line: ReceiptLine, details: BillingDetails | null): Mail {
  const productName = seller.productName;
  const price = formatMoney(line.amount, locale);
  const period = line.period;
  return {
    to,
    ...writeMail(seller, locale, (t) => {
      const sellerLine = [seller.name, seller.address, seller.vatId ? t('receipt.vatId', { vatId: seller.vatId }) : null].filter(Boolean).join(', ');
      return {
        subject: t('receipt.subject', { productName, plan: line.title }),
        preheader: t('receipt.preheader', { plan: line.title, price, period }),
        heading: t('receipt.heading'),
        paragraphs: [
          t('receipt.plan', { plan: line.title, period, credits: line.credits }),
          `${t('receipt.price', { price, period })} ${t(details?.reverse_charge ? 'receipt.reverseCharge' : 'receipt.vatAdded')}`,
          ...(details ? [t('receipt.billedTo', { lines: billedTo(t, locale, details) })] : []),
          ...(sellerLine ? [t('receipt.soldBy', { seller: sellerLine })] : []),
        ],
        action: { label: t('receipt.action'), url: `${seller.appUrl}/profile?tab=billing` },
        footnote: t('receipt.footnote', { productName }),
      };
    }),
  };
}
