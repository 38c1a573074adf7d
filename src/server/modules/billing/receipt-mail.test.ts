import { describe, expect, it } from 'vitest';
import { billingDetailsSchema, type BillingDetails } from '../../../shared/contracts/billing.js';
import { LOCALES } from '../../../shared/i18n/locales.js';
import { judgeBillingDetails, withProblemText } from './billing-details.js';
import { receiptMail } from './receipt-mail.js';

/** Why a buyer's VAT ID is not valid, on the receipt in the buyer's language, also for details stored with English words only. */

const seller = { productName: 'Corisk', appUrl: 'https://app.corisk.test', name: 'Corisk Test GmbH', address: 'Teststraße 1, 10115 Berlin', vatId: 'DE143454214' };
const line = { title: 'Basic', period: 'year', amount: 490, credits: 12 } as const;
const mailTo = (locale: (typeof LOCALES)[number], details: BillingDetails) => receiptMail(seller, locale, 'a@x.test', line, details).text;

/** An Italian number whose check digit does not match, given with Italy as the country. */
const judged = () => judgeBillingDetails({ companyName: 'Acme S.p.A.', address: 'Via Roma 1, 20121 Milano', country: 'Italy', vatId: 'IT00743110158' }, 'DE143454214').details;
const ENGLISH = 'Invalid VAT number for Italy: the check digit does not match: please check the number.';

describe('the VAT problem on a receipt', () => {
  it('is written in the buyer’s language, with no English in it', () => {
    const details = judged();
    expect(details).toMatchObject({ vat_status: 'invalid', vat_problem: ENGLISH, vat_problem_text: { id: 'validation.vat.checkDigit' } });
    const german = mailTo('de', details);
    expect(german).toContain('USt-IdNr.: IT00743110158 (ungültig: Ungültige USt-IdNr. (Italien): Die Prüfziffer stimmt nicht: Bitte prüfen Sie die Nummer.)');
    expect(german).not.toContain('Invalid VAT number');
    expect(german).not.toContain('please check');
    expect(mailTo('en', details)).toContain(`VAT ID: IT00743110158 (not valid: ${ENGLISH})`);
  });

  it('survives being stored and read back (the message is kept with the details)', () => {
    const stored = billingDetailsSchema.parse(JSON.parse(JSON.stringify(judged())));
    expect(mailTo('fr', stored)).toContain('Numéro de TVA\u00a0: IT00743110158 (non valide\u00a0: Numéro de TVA invalide (Italie)\u00a0: la clé de contrôle ne correspond pas\u00a0: veuillez vérifier le numéro.)');
  });

  it('reads details stored with only the English sentence: the message is found again when the check still says it', () => {
    const { vat_problem_text: _, ...old } = judged();
    const legacy = withProblemText(billingDetailsSchema.parse(old));
    expect(legacy.vat_problem_text).toEqual(judged().vat_problem_text);
    expect(mailTo('de', legacy)).toContain('Die Prüfziffer stimmt nicht');
    expect(mailTo('de', legacy)).not.toContain(ENGLISH);
  });

  it('says in the buyer’s own words to check the number when the stored English cannot be matched', () => {
    const { vat_problem_text: _, ...judgedOld } = judged();
    const old = withProblemText({ ...judgedOld, vat_problem: 'The number is not registered.' });
    expect(old.vat_problem_text).toBeUndefined();
    expect(mailTo('de', old)).toContain('USt-IdNr.: IT00743110158 (ungültig: bitte prüfen Sie die Nummer)');
    // English keeps the stored sentence: it is the reader's language.
    expect(mailTo('en', old)).toContain('VAT ID: IT00743110158 (not valid: The number is not registered.)');
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      for (const details of [judged(), old, { ...old, vat_problem: null }]) {
        const text = mailTo(locale, details);
        expect(text, locale).not.toContain('please check it');
        expect(text, locale).not.toContain('not registered');
        expect(text, locale).not.toContain('Invalid VAT number');
      }
    }
  });
});
