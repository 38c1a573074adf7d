import { z } from 'zod';
import { companyStatusSchema } from '../../../shared/contracts/assessment.js';
import type { EuCountry } from '../../../shared/countries.js';
import { fullVatNumber } from '../../../shared/countries.js';
import { activityEvidence, naceClass, rev21Activity } from '../../providers/companies/registry/common.js';
import { IMPORTED_REGISTER_STATES, type ImportedRegisterState } from '../../providers/companies/registry/registry.js';
import type { CompanyRecord } from '../../providers/companies/types.js';

/** The states whose register publishes files rather than a per-company API (the registry source reads them from here). */
export const IMPORT_STATES = IMPORTED_REGISTER_STATES;
export type ImportState = ImportedRegisterState;

export const isImportState = (s: string): s is ImportState => (IMPORT_STATES as readonly string[]).includes(s);

/** How evidence names each publisher's files ("KBO open data of 2026-11-01"). */
export const PUBLISHERS: Record<ImportState, string> = {
  BE: 'KBO open data',
  EE: 'e-Business Register open data',
  SI: 'FURS taxpayer register',
  LV: 'Register of Enterprises open data',
};

/**
 * What a register's file states about one company, in the register's own terms: the national
 * activity code with its list and version (mapped to a NACE Rev. 2 class when read, so a better
 * mapping needs no new import), the legal form in words, the status as Corisk names it.
 */
export const registerFactsSchema = z.object({
  name: z.string(),
  /** Street lines; postcode and city apart. */
  address: z.string(),
  postalCode: z.string().optional(),
  city: z.string().optional(),
  legalForm: z.string().optional(),
  status: companyStatusSchema.optional(),
  incorporatedOn: z.string().optional(),
  employees: z.string().optional(),
  /**
   * The national activity code; `nace` when the file itself gives the NACE class (Estonia);
   * `from` when another publisher's file gave it (Latvia's tax authority), named in the evidence.
   */
  activity: z.object({ scheme: z.string(), version: z.string(), code: z.string(), nace: z.string().optional(), from: z.string().optional() }).optional(),
  /** The register's own number when it is not the VAT number (Estonia's registry code). */
  reference: z.string().optional(),
});
export type RegisterFacts = z.infer<typeof registerFactsSchema>;

/** One company of a file: the national part of its VAT number and what the file says. */
export interface ImportedCompany {
  vatId: string;
  facts: RegisterFacts;
}

/** Activity lists built on NACE Rev. 2.1: their classes are read as Rev. 2 classes through the correspondence. */
const REV21_VERSIONS = new Set(['2025', 'Rev. 2.1']);

/** "KBO open data of 2026-11-01" */
export const publishedAs = (state: ImportState, publishedOn: string) => `${PUBLISHERS[state]} of ${publishedOn}`;

/** The company record of imported facts: a `registry` record whose evidence names the file's date. */
export function recordFromFacts(country: EuCountry, vatId: string, facts: RegisterFacts, state: ImportState, publishedOn: string): CompanyRecord {
  const source = publishedAs(state, publishedOn);
  const record: CompanyRecord = {
    source: 'registry',
    sourceNote: source,
    name: facts.name,
    address: facts.address,
    postalCode: facts.postalCode,
    city: facts.city,
    countryIso2: country.iso2,
    vatNumber: fullVatNumber(vatId, country),
    legalForm: facts.legalForm,
    status: facts.status,
    incorporatedOn: facts.incorporatedOn,
    employees: facts.employees,
    sample: false,
    reference: facts.reference,
  };
  const a = facts.activity;
  if (!a) return record;
  const national = { scheme: a.scheme, version: a.version, code: a.code };
  const where = a.from ?? source;
  const unmapped = `${a.scheme} ${a.version} code ${a.code} in the ${where} has no NACE Rev. 2 class`;
  const rev2 = (): CompanyRecord => {
    const nace = a.nace && /^\d{2}\.\d{2}$/.test(a.nace) ? a.nace : naceClass(a.code);
    if (!nace) return { ...record, activityEvidence: unmapped, nationalCode: national };
    return { ...record, naceCode: nace, activityEvidence: activityEvidence(nace, `${a.scheme} ${a.version}`, a.code, where), nationalCode: national };
  };
  if (!REV21_VERSIONS.has(a.version)) return rev2();
  const read = rev21Activity(national, `${a.scheme} ${a.version}`, where, unmapped);
  // Latvia's tax data labels codes by tax year (Rev. 2.1 from 2024), yet some 2024 rows still hold a
  // Rev. 2 class: a code that is no Rev. 2.1 class there is that Rev. 2 class.
  if (!read.naceCode && a.version === 'Rev. 2.1') return rev2();
  return { ...record, ...read };
}
