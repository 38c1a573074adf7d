import type { CompanyData, CompanyStatus } from '../../shared/contracts/assessment.js';

/**
 * What the national register says about the company itself (status, age, staff, legal form), in
 * the terms the risk ratings and takeaways use. Every field is optional: VIES-only companies
 * have none of them.
 */
export interface CompanyProfile {
  status: CompanyStatus;
  legalForm: string | null;
  incorporatedOn: string | null;
  employees: string | null;
}

export type CompanyProfileFacts = Partial<Pick<CompanyData, 'status' | 'legal_form' | 'incorporated_on' | 'employees'>>;

export function companyProfile(c: CompanyProfileFacts): CompanyProfile {
  return {
    status: c.status ?? 'unknown',
    legalForm: c.legal_form ?? null,
    incorporatedOn: c.incorporated_on ?? null,
    employees: c.employees ?? null,
  };
}

/** The lower bound of a staff band ('100–199' → 100, '0 employees' → 0). */
export function staffLowerBound(band: string | null): number | undefined {
  const m = /^(\d+)/.exec(band ?? '');
  return m ? Number(m[1]) : undefined;
}

/** Size class from the staff band: micro below 10, large from 250 (the EU SME thresholds). */
export function staffSize(band: string | null): 'micro' | 'large' | undefined {
  const low = staffLowerBound(band);
  if (low === undefined) return undefined;
  if (low >= 250) return 'large';
  // '0 employees', '1–2' … '6–9' (FR) or '1–5', '6–9' (CZ): the band's upper bound is below 10.
  const high = /[–-](\d+)/.exec(band ?? '')?.[1];
  return Number(high ?? low) < 10 ? 'micro' : undefined;
}

/** Legal forms with shares offered to the public or a supervisory board (securities and D&O claims). */
const PUBLIC_COMPANY = /(^|\W)(SA|S\.A\.|AG|Oyj)(\W|$)|société anonyme|akciová společnost|spółka akcyjna|julkinen osakeyhtiö|societate pe ac[tț]iuni|aktiengesellschaft/i;
/** One person trading in their own name, with unlimited liability. */
const SOLE_TRADER = /entrepreneur individuel|fyzická osoba|toiminimi|elinkeinonharjoittaja|osoba fizyczna|persoan[aă] fizic[aă]|întreprindere individual|intreprindere individual/i;

export function legalFormKind(form: string | null): 'public' | 'sole_trader' | undefined {
  if (!form) return undefined;
  if (SOLE_TRADER.test(form)) return 'sole_trader';
  if (PUBLIC_COMPANY.test(form)) return 'public';
  return undefined;
}

/** Whole months between the date of incorporation and `now` (undefined without a date). */
export function ageInMonths(incorporatedOn: string | null, now: Date): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(incorporatedOn ?? '');
  if (!m) return undefined;
  const months = (now.getUTCFullYear() - Number(m[1])) * 12 + (now.getUTCMonth() + 1 - Number(m[2])) - (now.getUTCDate() < Number(m[3]) ? 1 : 0);
  return Math.max(0, months);
}
