/**
 * The companies module as other features see it: check a VAT number, find a company through the
 * configured sources (with their 24 h cache) and place it. Other modules import this file only.
 */
import type { CompanyData } from '../../../shared/contracts/assessment.js';
import type { AnalysisQuery, PlacedSite } from '../../../shared/contracts/assessment-api.js';
import type { EuCountry } from '../../../shared/countries.js';
import { CompanyService, type CompanyRecheck, type CompanyServiceDeps } from './companies.service.js';

export { companyBudgetMs, companyErrors, vatExample } from './companies.service.js';
export { SourcePacer, type SourcePace } from './source-pacer.js';
export { checkedNationalNumber, vatCheck } from './company-data.js';

export interface Companies {
  /** The checked national number of a typed fiscal number; else 400 with a `vat_*` code (shared/vat.ts). */
  checkVat(raw: string, country: EuCountry): string;
  /**
   * The company as every source knows it, placed at its registered address or, given one, at
   * `siteAddress` or the user's `point` only (the address fields stay the registered office's).
   */
  companyFor(
    country: EuCountry,
    national: string,
    opts: { siteAddress?: string; point?: { latitude: number; longitude: number }; signal: AbortSignal },
  ): Promise<CompanyData>;
  /** Where a site address lies, by the configured geocoders; 503 when none can place it. */
  placeSite(country: EuCountry, address: string, signal: AbortSignal): Promise<PlacedSite>;
  /** The company an analysis request names: the scrape's cached build when the name matches, else built from the query. */
  companyForAnalysis(country: EuCountry, national: string, query: AnalysisQuery, signal: AbortSignal): Promise<CompanyData>;
  /**
   * What every configured source says of the company now, asked afresh (no cache), kept at
   * `place`; null company when none knows it. 503 when any source cannot answer (monitoring checks).
   */
  recheckCompany(
    country: EuCountry,
    national: string,
    opts: { place: Pick<CompanyData, 'latitude' | 'longitude' | 'geocode_precision'>; signal: AbortSignal },
  ): Promise<CompanyRecheck>;
}

/** The module's service: its routes take it whole, other modules see it as `Companies`. */
export function createCompanies(deps: CompanyServiceDeps): CompanyService {
  return new CompanyService(deps);
}

export type { CompanyRecheck, CompanyService, CompanyServiceDeps };
