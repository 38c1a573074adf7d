import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { startSmtpCapture, type SmtpCapture } from '../../../../test/smtp-capture.js';
import { startStripePeer, type StripePeer } from '../../../../test/stripe-peer.js';
import { subscriptionResponseSchema } from '../../../shared/contracts/billing.js';
import { billingCustomers } from '../../db/schema.js';
import type { Mail } from '../../providers/mailer/mailer.js';
import { OutboxMailer } from '../../providers/mailer/outbox.js';
import { SmtpMailer } from '../../providers/mailer/smtp.js';

/** EU VAT at checkout: company, address and VAT ID collected, checked with our rules, stored, on the receipt. */

const REVERSE = 'Reverse charge: VAT to be accounted for by the recipient, Art. 196 Directive 2006/112/EC';
// The operator is German: a valid Italian VAT ID is an intra-EU business sale (reverse charge).
const OPERATOR = { OPERATOR_VAT_ID: 'DE143454214' };

/** Receipts go out over real SMTP (to the capture peer); sign-up mails stay in the outbox the test helpers read. */
class ReceiptsOverSmtp extends OutboxMailer {
  private readonly smtp: SmtpMailer;
  constructor(url: string) {
    super({ log: { info: () => {}, warn: () => {} }, logLinks: false });
    this.smtp = new SmtpMailer({ url, from: 'Corisk <no-reply@corisk.test>' });
  }
  override async send(mail: Mail): Promise<void> {
    if (/receipt/i.test(mail.subject)) await this.smtp.send(mail);
    else await super.send(mail);
  }
  override async close(): Promise<void> {
    await this.smtp.close();
  }
}

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp?.close();
});

const inject = (t: TestApp, method: 'GET' | 'POST', url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

const billingDetailsOf = async (t: TestApp, user: TestUser) =>
  subscriptionResponseSchema.parse((await inject(t, 'GET', '/api/stripe/subscription', user)).json()).billing_details;

/** What is stored for Acme of Milano with its valid Italian VAT ID (a reverse-charge sale), at `address`. */
const acmeMilano = (address: string) => ({
  company_name: 'Acme S.p.A.',
  address,
  country: 'IT',
  vat_id: 'IT00743110157',
  vat_status: 'valid',
  vat_problem: null,
  reverse_charge: true,
});

describe('the built-in test checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'http://localhost:4300', ...OPERATOR }, { deps: { mailer: new ReceiptsOverSmtp(smtp.url) } });
  });
  afterAll(() => t?.close());

  async function openCheckout(user: TestUser): Promise<string> {
    const res = await inject(t, 'POST', '/api/stripe/create-checkout-session', user, {
      price_id: 'price_basic_year',
      success_url: `${t.config.appUrl}/dashboard?payment_success=true&plan=basic&period=year&price=490`,
      cancel_url: `${t.config.appUrl}/products`,
    });
    expect(res.statusCode).toBe(200);
    return new URL(res.json<{ url: string }>().url).searchParams.get('session')!;
  }
  const complete = (user: TestUser, token: string, body?: object) =>
    inject(t, 'POST', `/api/billing/test-checkout/${encodeURIComponent(token)}/complete`, user, body);

  it('refuses an invalid VAT ID and another state\'s number in words, taking no payment', async () => {
    const user = await createSignedInUser(t.app);
    const token = await openCheckout(user);
    for (const [vat_id, country, code, detail] of [
      ['IT00743110158', 'Italy', 'vat_check_digit', 'Invalid VAT number for Italy: the check digit does not match: please check the number.'],
      ['IT00743', 'Italy', 'vat_wrong_length', 'Invalid VAT number for Italy: it has 5 digits, expected 11 digits (e.g. IT 00905811006)'],
      ['IT00743110157', 'France', 'vat_other_state', 'Invalid VAT number for France: this looks like an Italian (IT) number. Choose Italy as the country, or check the number.'],
    ] as const) {
      const res = await complete(user, token, { company_name: 'Acme S.p.A.', address: 'Via Roma 1, 20121 Milano', country, vat_id });
      expect(res.statusCode, vat_id).toBe(400);
      expect(res.json(), vat_id).toEqual({ detail, code });
    }
    expect(await billingDetailsOf(t, user)).toBeUndefined();
    expect((await inject(t, 'GET', '/api/stripe/subscription', user)).json().status).toBe('none');
  });

  it('stores a valid VAT ID of another state with the reverse charge, and sends the receipt', async () => {
    const user = await createSignedInUser(t.app);
    const token = await openCheckout(user);
    const res = await complete(user, token, { company_name: 'Acme S.p.A.', address: 'Via Roma 1, 20121 Milano', country: 'Italy', vat_id: 'IT 00743110157' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await billingDetailsOf(t, user)).toEqual(acmeMilano('Via Roma 1, 20121 Milano'));
    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && /receipt/i.test(m.subject));
    expect(mail.subject).toBe('Your Corisk receipt: Basic plan');
    expect(mail.text).toContain('Price: €490.00 per year excl. VAT. No VAT is charged on this amount (reverse charge).');
    expect(mail.text).toContain(`Billed to: Acme S.p.A.; Via Roma 1, 20121 Milano; VAT ID: IT00743110157; ${REVERSE}`);
    expect(mail.text).toContain('Sold by: Corisk Test GmbH, Teststraße 1, 10115 Berlin, Germany, VAT ID: DE143454214');
  });

  it('charges VAT (no reverse charge) to a business in the operator\'s own state and to a buyer without a VAT ID', async () => {
    for (const [country, vat_id] of [['Germany', 'DE136695976'], ['Portugal', '']] as const) {
      const user = await createSignedInUser(t.app);
      const res = await complete(user, await openCheckout(user), { company_name: 'Buyer', address: 'Street 1', country, vat_id });
      expect(res.statusCode, res.body).toBe(200);
      expect(await billingDetailsOf(t, user)).toMatchObject({ vat_status: vat_id ? 'valid' : 'none', reverse_charge: false });
      const mail = await smtp.waitFor((m) => m.to.includes(user.email) && /receipt/i.test(m.subject));
      expect(mail.text).toContain('Price: €490.00 per year excl. VAT. VAT is added at the rate that applies to you.');
      expect(mail.text).not.toContain('Reverse charge');
    }
  });
});

describe('Stripe Checkout', () => {
  const WEBHOOK_SECRET = 'whsec_test_vat';
  const signer = new Stripe('sk_test_signing_only');
  let peer: StripePeer;
  let t: TestApp;
  beforeAll(async () => {
    peer = await startStripePeer([{ id: 'price_1BasicYear', lookup_key: 'corisk_basic_year', unit_amount: 49000, currency: 'eur' }]);
    t = await createTestApp({
      APP_URL: 'http://localhost:4301',
      STRIPE_SECRET_KEY: 'sk_test_corisk',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: peer.url,
      ...OPERATOR,
    }, { deps: { mailer: new ReceiptsOverSmtp(smtp.url) } });
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  /** Checkout through the app, then Stripe's part: a paid subscription and checkout.session.completed with the customer's details. */
  async function buy(user: TestUser, customerDetails: object): Promise<void> {
    const res = await inject(t, 'POST', '/api/stripe/create-checkout-session', user, {
      price_id: 'price_1BasicYear',
      success_url: `${t.config.appUrl}/dashboard?payment_success=true`,
      cancel_url: `${t.config.appUrl}/products`,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, user.user_id));
    const customer = row!.stripeCustomerId;
    const sub = peer.addSubscription({ customer, price: 'price_1BasicYear', userId: user.user_id, interval: 'year' });
    const payload = JSON.stringify({
      id: `evt_${randomBytes(6).toString('hex')}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: 1,
      data: { object: { id: 'cs_x', object: 'checkout.session', customer, subscription: sub.id, client_reference_id: user.user_id, customer_details: customerDetails } },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const hook = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
    expect(hook.statusCode, hook.body).toBe(200);
  }

  const details = (country: string, vat?: string) => ({
    name: 'Acme S.p.A.',
    email: 'buyer@example.com',
    address: { line1: 'Via Roma 1', line2: null, postal_code: '20121', city: 'Milano', state: null, country },
    tax_exempt: 'none',
    tax_ids: vat ? [{ type: 'eu_vat', value: vat }] : [],
  });

  it('asks Stripe Checkout to collect the billing address, the company name and the EU VAT ID', async () => {
    const user = await createSignedInUser(t.app);
    await buy(user, details('IT', 'IT00743110157'));
    const session = peer.calls('/v1/checkout/sessions', 'POST').at(-1)!;
    expect(session.params).toMatchObject({
      'tax_id_collection[enabled]': 'true',
      billing_address_collection: 'required',
      'customer_update[name]': 'auto',
      'customer_update[address]': 'auto',
    });
    expect(await billingDetailsOf(t, user)).toEqual(acmeMilano('Via Roma 1, 20121, Milano'));
    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && /receipt/i.test(m.subject));
    expect(mail.text).toContain(REVERSE);
  });

  it('keeps an invalid VAT ID or another state\'s number with the reason, and no reverse charge', async () => {
    for (const [country, vat, problem] of [
      ['IT', 'IT00743110158', 'Invalid VAT number for Italy: the check digit does not match: please check the number.'],
      ['FR', 'IT00743110157', 'Invalid VAT number for France: this looks like an Italian (IT) number. Choose Italy as the country, or check the number.'],
    ] as const) {
      const user = await createSignedInUser(t.app);
      await buy(user, details(country, vat));
      expect(await billingDetailsOf(t, user)).toMatchObject({ vat_id: vat, vat_status: 'invalid', vat_problem: problem, reverse_charge: false });
      const mail = await smtp.waitFor((m) => m.to.includes(user.email) && /receipt/i.test(m.subject));
      expect(mail.text).toContain(`VAT ID: ${vat} (not valid: ${problem})`);
      expect(mail.text).not.toContain('Reverse charge');
    }
  });
});
