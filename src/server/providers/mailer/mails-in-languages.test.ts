import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../../shared/i18n/locales.js';
import { confirmationMail, emailChangedMail, passwordChangedMail, passwordResetMail, signupExistingAccountMail } from '../../modules/auth/auth.mails.js';
import { digestMail, immediateMail, type AlertEvent } from '../../modules/alerts/alert-mails.js';
import { receiptMail } from '../../modules/billing/receipt-mail.js';
import { webhookDisabledMail } from '../../modules/webhooks/webhook-mail.js';
import { mailText } from './mail-text.js';

/** Every e-mail in every language: written in it, whole, and its dates, money and counts in its forms. */

const brand = { productName: 'Corisk', appUrl: 'https://app.corisk.test', supportEmail: 'support@corisk.test' };
const seller = { productName: 'Corisk', appUrl: brand.appUrl, name: 'Corisk SAS', address: '1 rue X, Paris', vatId: 'FR12345678901' };
const event: AlertEvent = {
  type: 'status_changed',
  companyName: 'ACME Oy',
  fiscalNumber: 'FI01120389',
  oldValue: 'active',
  newValue: 'in_liquidation',
  detectedAt: new Date(Date.UTC(2026, 10, 24, 14, 5)),
  portfolioId: 'p1',
  reportId: 'r1',
};
const billedTo = {
  company_name: 'Kowalski Ubezpieczenia Sp. z o.o.',
  address: 'ul. Piękna 1, 00-549 Warszawa',
  country: 'PL',
  vat_id: 'PL5260250995',
  vat_status: 'valid',
  vat_problem: null,
  reverse_charge: true,
} as const;
const week = { frequency: 'weekly', start: new Date(Date.UTC(2026, 10, 16)), end: new Date(Date.UTC(2026, 10, 23)), label: 'weekly:2026-11-16' } as const;

function allMails(locale: Locale) {
  return [
    confirmationMail(brand, locale, 'a@x.test', 'https://app.corisk.test/confirm?t=1'),
    signupExistingAccountMail(brand, locale, 'a@x.test', 'Anna'),
    passwordResetMail(brand, locale, 'a@x.test', 'Anna', 'https://app.corisk.test/reset?t=1'),
    passwordChangedMail(brand, locale, 'a@x.test', 'Anna', 'reset'),
    emailChangedMail(brand, locale, 'old@x.test', 'Anna', 'new@x.test'),
    receiptMail(seller, locale, 'a@x.test', { title: 'Professional', period: 'year', amount: 1234.5, credits: 600 }, null),
    webhookDisabledMail(brand, locale, 'a@x.test', 'https://hooks.example/x?token=secret'),
    immediateMail(brand, locale, 'Anna', event),
    digestMail(brand, locale, 'Anna', week, [event, { ...event, type: 'sanctions_cleared' }]),
    // Every other branch: the password changed in the settings, a receipt with the buyer's details
    // (reverse charge), a sanctions hit, a daily digest longer than its list.
    passwordChangedMail(brand, locale, 'a@x.test', 'Anna', 'changed'),
    receiptMail(seller, locale, 'a@x.test', { title: 'Basic', period: 'month', amount: 49, credits: 1 }, billedTo),
    immediateMail(brand, locale, 'Anna', { ...event, type: 'sanctions_hit', oldValue: null, newValue: 'EU: ACME OOO' }),
    digestMail(brand, locale, '', { ...week, frequency: 'daily', end: new Date(Date.UTC(2026, 10, 17)) }, Array.from({ length: 25 }, () => event)),
    receiptMail({ ...seller, vatId: null }, locale, 'a@x.test', { title: 'Basic', period: 'year', amount: 490, credits: 12 }, { ...billedTo, vat_status: 'invalid', vat_problem: 'The number is not registered.', reverse_charge: false }),
  ];
}

describe('e-mails in the reader’s language', () => {
  const english = allMails('en');

  for (const locale of LOCALES) {
    it(`writes every e-mail whole in ${locale}`, () => {
      allMails(locale).forEach((mail, i) => {
        expect(mail.html).toContain(`<html lang="${locale}">`);
        for (const part of [mail.subject, mail.text, mail.html]) {
          expect(part, 'a placeholder left unfilled').not.toMatch(/\{[a-zA-Z]+[},]/);
          expect(part).not.toContain('undefined');
        }
        if (locale !== 'en') {
          // The layout speaks the language too (its tagline, the words above a written-out link).
          expect(mail.html).not.toContain('Empowering Insurance Professionals');
          expect(mail.html).not.toContain('If the button does not work');
          expect(mail.subject, `mail ${i} subject still English`).not.toBe(english[i]!.subject);
          expect(mail.text, `mail ${i} still English`).not.toBe(english[i]!.text);
        }
        // The secret of a webhook's URL never reaches the mail, in any language.
        expect(mail.text).not.toContain('secret');
      });
    });
  }

  it('says it in German as a German underwriter reads it', () => {
    const [confirm, , , , , receipt, , alert, digest] = allMails('de');
    expect(confirm!.subject).toBe('Bestätigen Sie Ihr Corisk-Konto');
    expect(receipt!.text).toContain('1.234,50\u00a0€');
    expect(receipt!.text).toContain('600 Credits');
    expect(alert!.subject).toBe('ACME Oy (FI01120389) ist jetzt in Liquidation');
    expect(alert!.text).toContain('24.11.2026,\u00a014:05\u00a0UTC');
    expect(digest!.subject).toContain('2 Änderungen');
    expect(digest!.text).toContain('16.\u00a0November\u00a02026');
    // German labels keep their capitals mid-sentence.
    expect(digest!.text).toContain('Status geändert');
    expect(allMails('de')[10]!.text).toContain('USt-IdNr.: PL5260250995; Steuerschuldnerschaft des Leistungsempfängers');
  });

  it('counts in Polish with its plural forms', () => {
    const few = digestMail(brand, 'pl', 'Anna', week, [event, event]);
    const many = digestMail(brand, 'pl', 'Anna', week, Array.from({ length: 5 }, () => event));
    expect(few.subject).toContain('2 zmiany');
    expect(many.subject).toContain('5 zmian');
  });

  it('refuses to write a message without a value it reads', () => {
    const t = mailText('de');
    expect(() => t('receipt.price', { period: 'year' })).toThrow('message receipt.price needs a value for {price}');
    // A value read only inside a plural or select branch counts too.
    expect(() => t('receipt.plan', { plan: 'Basic', period: 'year' })).toThrow('{credits}');
  });

  it('keeps English as it was', () => {
    const [confirm, , , , , receipt, , alert, digest] = english;
    expect(confirm!.subject).toBe('Confirm your Corisk account');
    expect(receipt!.text).toContain('Price: €1,234.50 per year excl. VAT.');
    expect(alert!.subject).toBe('ACME Oy (FI01120389) is now in liquidation');
    expect(digest!.subject).toBe('Your weekly monitoring digest: 2 changes');
    expect(digest!.text).toContain('for the week of 16 November 2026 to 22 November 2026');
    expect(digest!.text).toContain('ACME Oy (FI01120389), status changed: active → in liquidation.');
    // The buyer's details on a receipt, with the reverse-charge statement word for word.
    expect(english[10]!.text).toContain(
      'Billed to: Kowalski Ubezpieczenia Sp. z o.o.; ul. Piękna 1, 00-549 Warszawa; VAT ID: PL5260250995; Reverse charge: VAT to be accounted for by the recipient, Art. 196 Directive 2006/112/EC',
    );
  });

  it('starts a label in lower case mid-sentence, but not an acronym, nor a German noun', () => {
    const vat: AlertEvent = { ...event, type: 'vat_invalid', oldValue: null, newValue: null };
    expect(digestMail(brand, 'en', 'Anna', week, [vat]).text).toContain('(FI01120389), VAT number no longer valid:');
    expect(digestMail(brand, 'fr', 'Anna', week, [event]).text).toMatch(/\(FI01120389\), [a-zé]/);
    expect(digestMail(brand, 'de', 'Anna', week, [event]).text).toMatch(/\(FI01120389\), [A-ZÄÖÜ]/);
  });
});
