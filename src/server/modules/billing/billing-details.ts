import { eq } from 'drizzle-orm';
import { billingDetailsSchema, type BillingDetails } from '../../../shared/contracts/billing.js';
import { countryByIso2, countryByName, type EuCountry } from '../../../shared/countries.js';
import { msg, type Message } from '../../../shared/i18n/message.js';
import type { Db } from '../../db/client.js';
import { appState } from '../../db/schema.js';
import { vatCheck, vatExample } from '../companies/index.js';

/**
 * The buyer's billing details (company, address, EU VAT ID) and whether the reverse charge
 * applies. The VAT ID is checked with the product's own rules (shared/vat.ts) against the state
 * of the billing address, so another state's number is named as such. Kept in app_state: one
 * small record per account, no table of its own.
 */

export interface BillingDetailsInput {
  companyName: string;
  address: string;
  /** The billing address's state: a selector name ('Germany') or ISO code ('DE'). */
  country: string | null;
  vatId: string | null;
}

/** What is wrong with a VAT ID: `message` in English (stored with the details), `text` in the reader's language. */
export type VatIdProblem = { code: string; message: string; text: Message };

const detailsKey = (userId: string) => `billing_details:${userId}`;

/** The operator's member state: the prefix of OPERATOR_VAT_ID ('DE…' → Germany), when set. */
export function operatorCountry(operatorVatId: string | null | undefined): EuCountry | undefined {
  const prefix = operatorVatId?.trim().slice(0, 2).toUpperCase();
  return prefix ? countryByIso2(prefix) : undefined;
}

const countryOf = (value: string | null): EuCountry | undefined =>
  value ? (countryByName(value) ?? countryByIso2(value)) : undefined;

/** The details as stored and shown, with the VAT ID's verdict; `problem` says what is wrong with the VAT ID. */
export function judgeBillingDetails(
  input: BillingDetailsInput,
  operatorVatId: string | null | undefined,
): { details: BillingDetails; problem: VatIdProblem | null } {
  const raw = input.vatId?.trim() ?? '';
  const typedPrefix = countryByIso2(raw.slice(0, 2));
  const country = countryOf(input.country) ?? (/^[A-Z]{2}/i.test(raw) ? typedPrefix : undefined);
  const base = { company_name: input.companyName.trim(), address: input.address.trim(), country: country?.iso2 ?? input.country ?? null };
  if (!raw) return { details: { ...base, vat_id: null, vat_status: 'none', vat_problem: null, reverse_charge: false }, problem: null };
  if (!country) {
    const problem = {
      code: 'vat_wrong_characters',
      message: 'Invalid VAT ID: start it with its country prefix (e.g. DE 143454214).',
      text: msg('validation.vat.noPrefix'),
    };
    return { details: { ...base, vat_id: raw.toUpperCase(), vat_status: 'invalid', vat_problem: problem.message, vat_problem_text: problem.text, reverse_charge: false }, problem };
  }
  const check = vatCheck(raw, country, vatExample(country));
  if (!check.ok) {
    const problem = { code: check.code, message: check.message, text: check.text };
    return { details: { ...base, vat_id: raw.toUpperCase().replace(/[\s.\-/]/g, ''), vat_status: 'invalid', vat_problem: problem.message, vat_problem_text: problem.text, reverse_charge: false }, problem };
  }
  const seller = operatorCountry(operatorVatId);
  return {
    details: {
      ...base,
      vat_id: country.vatPrefix + check.national,
      vat_status: 'valid',
      vat_problem: null,
      reverse_charge: Boolean(seller && seller.iso2 !== country.iso2),
    },
    problem: null,
  };
}

export async function saveBillingDetails(db: Db, userId: string, details: BillingDetails, now: Date): Promise<void> {
  await db
    .insert(appState)
    .values({ key: detailsKey(userId), value: details, updatedAt: now })
    .onConflictDoUpdate({ target: appState.key, set: { value: details, updatedAt: now } });
}

export async function loadBillingDetails(db: Db, userId: string): Promise<BillingDetails | null> {
  const [row] = await db.select().from(appState).where(eq(appState.key, detailsKey(userId)));
  const parsed = row ? billingDetailsSchema.safeParse(row.value) : null;
  return parsed?.success ? withProblemText(parsed.data) : null;
}

/**
 * Details stored before the problem was kept as a message have only its English words: the stored
 * VAT ID is checked again, and when today's check says the same words its message is added. When
 * it says something else (the rules changed since), the details stay as stored, and readers write
 * their own words for an unknown problem rather than show the English.
 */
export function withProblemText(details: BillingDetails): BillingDetails {
  if (details.vat_status !== 'invalid' || details.vat_problem_text || !details.vat_id || !details.vat_problem) return details;
  const { problem } = judgeBillingDetails(
    { companyName: details.company_name, address: details.address, country: details.country, vatId: details.vat_id },
    null,
  );
  return problem?.message === details.vat_problem ? { ...details, vat_problem_text: problem.text } : details;
}
