import { z } from 'zod';
import {
  companyDataSchema,
  companyPartySchema,
  companyStatusSchema,
  type Activity,
  type CompanyData,
} from '../../../shared/contracts/assessment.js';
import { fullVatNumber, normalizeFiscalNumber, type EuCountry } from '../../../shared/countries.js';
import { naceDivision } from '../../../shared/nace.js';
import { checkVatNumber, isValidVatNumber, type VatCheck, type VatRules } from '../../../shared/vat.js';
import { lazyModule } from '../../lib/lazy-module.js';
import { activityFromSource, resolveActivity } from '../../engine/index.js';
import type { CompanyRecord } from '../../providers/companies/types.js';
import type { GeocodeResult } from '../../providers/geocoder/geocoder.js';

/** Pure rules of the assessment: VAT numbers, the company cache's shape, merging source records. */

/** The check-digit library, loaded at the first check (it takes a few hundred ms to load). */
const vatRules = lazyModule<VatRules>('stdnum');

/** Whether a national number is a valid VAT number for this country (format and check digits). */
export function isValidVat(national: string, country: EuCountry): boolean {
  return isValidVatNumber(national, country, vatRules());
}

/** A typed fiscal number checked for a state: the national part, or what is wrong with it and its code. */
export function vatCheck(raw: string, country: EuCountry, example?: string): VatCheck {
  return checkVatNumber(raw, country, vatRules(), example);
}

/** 'PT 501964843' */
export function displayVat(vatNumber: string): string {
  return `${vatNumber.slice(0, 2)} ${vatNumber.slice(2)}`;
}

/** The national part of a typed fiscal number, or null when the check-digit rules refuse it for this country. */
export function checkedNationalNumber(raw: string, country: EuCountry): string | null {
  const national = normalizeFiscalNumber(raw, country);
  return isValidVat(national, country) ? national : null;
}

const sourceNames = z.enum(['sample', 'registry', 'vies', 'gleif']);

export const companyRecordSchema = z.object({
  source: sourceNames,
  sourceNote: z.string().optional(),
  name: z.string(),
  address: z.string(),
  postalCode: z.string().optional(),
  city: z.string().optional(),
  countryIso2: z.string(),
  vatNumber: z.string(),
  naceCode: z.string().optional(),
  activityText: z.string().optional(),
  activityEvidence: z.string().optional(),
  // The register's own code (scheme, version): kept in the cache with the NACE class read from it.
  nationalCode: z.object({ scheme: z.string(), version: z.string(), code: z.string() }).optional(),
  legalForm: z.string().optional(),
  status: companyStatusSchema.optional(),
  incorporatedOn: z.string().optional(),
  employees: z.string().optional(),
  // Kept in the cache: a record read back without them would lose the register's officers and owners.
  officers: z.array(companyPartySchema).optional(),
  owners: z.array(companyPartySchema).optional(),
  sample: z.boolean(),
  reference: z.string().optional(),
});

/** companies.data: each source's record, and the company data last built from them. */
export const companyCacheSchema = z.object({
  records: z.partialRecord(sourceNames, z.object({ record: companyRecordSchema, fetchedAt: z.string() })).default({}),
  company: z.object({ data: companyDataSchema, sources: z.array(sourceNames), builtAt: z.string() }).optional(),
});
export type CompanyCache = z.infer<typeof companyCacheSchema>;

export function readCache(data: unknown): CompanyCache {
  const parsed = companyCacheSchema.safeParse(data);
  return parsed.success ? parsed.data : { records: {} };
}

export const CACHE_TTL_MS = 24 * 60 * 60 * 1000;

export function isFresh(at: string | undefined, now: Date): boolean {
  if (!at) return false;
  const t = Date.parse(at);
  return Number.isFinite(t) && now.getTime() - t < CACHE_TTL_MS;
}

/**
 * Whether records already say all a company needs (name, address with postal code and city,
 * activity): no other source could add to them, so the network sources are not asked.
 */
export function isComplete(records: readonly CompanyRecord[]): boolean {
  return records.some((r) => Boolean(r.name.trim() && r.address.trim() && r.postalCode && r.city && r.naceCode));
}

/** The registered address on one line: 'AV FONTES PEREIRA DE MELO 40, 1069-300 LISBOA'. */
export function oneLine(address: string): string {
  return address
    .split(/\n+/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(', ');
}

/** How company_data.sources names a geocoder. */
export const geocoderLabel = (source: string): string => (source === 'offline' ? 'offline gazetteer' : source);

/** How an activity's evidence names the sample directory. */
export const SAMPLE_DIRECTORY_LABEL = 'bundled sample directory';

/** The activity a record states (its NACE code), if any. */
export function recordActivity(record: CompanyRecord): Activity | null {
  if (!record.naceCode) return null;
  const from = record.source === 'sample' ? SAMPLE_DIRECTORY_LABEL : `${record.source.toUpperCase()} record`;
  // Registers give a code without an English label: the NACE division's label stands in.
  const label = record.activityText ?? naceDivision(record.naceCode)?.label ?? '';
  const activity = activityFromSource(record.naceCode, label, from);
  const stated = record.activityEvidence ? { ...activity, evidence: record.activityEvidence } : activity;
  // The register's own code beside the NACE Rev. 2 class it was read as (a Rev. 2.1-based list's included).
  return record.nationalCode ? { ...stated, national_code: record.nationalCode } : stated;
}

/**
 * The records with the national register's first: it wins for what it states officially
 * (activity, legal form, status, dates, staff), whatever the order of COMPANY_SOURCES.
 */
function officialFirst(records: readonly CompanyRecord[]): CompanyRecord[] {
  return [...records.filter((r) => r.source === 'registry'), ...records.filter((r) => r.source !== 'registry')];
}

function firstStated<T>(records: readonly CompanyRecord[], pick: (r: CompanyRecord) => T | undefined): T | undefined {
  for (const r of records) {
    const v = pick(r);
    if (v !== undefined && v !== '') return v;
  }
  return undefined;
}

/**
 * Company data from the records of the sources that know the company (in COMPANY_SOURCES
 * order): each field from the first record that discloses it; placed by the geocoder.
 */
export function mergeCompany(country: EuCountry, national: string, records: readonly CompanyRecord[], place: GeocodeResult): CompanyData {
  const named = records.find((r) => r.name.trim()) ?? records[0];
  const addressed = records.find((r) => r.address.trim());
  const vat = fullVatNumber(national, country);
  const name = named?.name.trim() || `VAT ${displayVat(vat)} (name not disclosed by the registry)`;
  const official = officialFirst(records);
  const stated = official.map(recordActivity).find((a): a is Activity => a !== null) ?? null;
  const incorporatedOn = firstStated(official, (r) => r.incorporatedOn);
  return {
    name,
    address: oneLine(addressed?.address ?? ''),
    fiscal_number: vat,
    postal_code: records.find((r) => r.postalCode)?.postalCode ?? place.postalCode ?? '',
    city: records.find((r) => r.city)?.city ?? place.city ?? '',
    country: country.name,
    latitude: place.latitude,
    longitude: place.longitude,
    geocode_precision: place.precision,
    activity: resolveActivity(name, stated),
    legal_form: firstStated(official, (r) => r.legalForm) ?? null,
    // VIES alone only confirms the VAT number: it says nothing of liquidation or insolvency.
    status: firstStated(official, (r) => (r.status === 'unknown' ? undefined : r.status)) ?? 'unknown',
    incorporated_on: incorporatedOn && /^\d{4}-\d{2}-\d{2}$/.test(incorporatedOn) ? incorporatedOn : null,
    employees: firstStated(official, (r) => r.employees) ?? null,
    officers: official.find((r) => r.officers?.length)?.officers ?? [],
    owners: official.find((r) => r.owners?.length)?.owners ?? [],
    // A register's bulk file is named with its date ('registry: KBO open data of 2026-11-01').
    sources: [...new Set(records.map((r) => (r.sourceNote ? `${r.source}: ${r.sourceNote}` : r.source))), geocoderLabel(place.source)],
    sample: Boolean(named?.sample),
  };
}
