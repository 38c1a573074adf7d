import type { CompanyData, RiskAssessmentResult } from '../../../shared/contracts/assessment';
import {
  analysisResponseSchema,
  companySearchResponseSchema,
  rateLimitedErrorSchema,
  sampleCompaniesResponseSchema,
  scrapeCompanyResponseSchema,
  type PlacedSite,
  type SampleCompanyDto,
} from '../../../shared/contracts/assessment-api';
import { parseMapFrame, type MapFrame } from './map-frame';
import { serviceAccessResponseSchema, type ServiceAccess } from '../../../shared/contracts/billing';
import { notScreened, type ReportScreening } from '../../../shared/contracts/screening';
import type { SiteType } from '../../../shared/site-types';
import { ResponseShapeError, parseJson, type ApiError } from '../../lib/api-client';
import { authJson, authRequest } from '../../lib/auth-fetch';
import { currentLocale } from '../../lib/i18n';
import { imageBlob } from '../../entities/report/reports-api';

/**
 * The assessment calls (service access, search, scrape, map, analysis) and the report calls, parsed with the shared
 * contracts. Failures stay typed (ApiError, NetworkError, SessionEndedError, the platform's
 * TimeoutError/AbortError); the run decides which message each step shows.
 */

export interface CallOptions {
  /** The step's time-out in milliseconds. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

const opts = ({ timeoutMs, signal }: CallOptions = {}) => ({
  ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  ...(signal ? { signal } : {}),
});

/** Call 9: may the user run an assessment now. */
export function validateServiceAccess(options?: CallOptions): Promise<ServiceAccess> {
  return authJson('/api/stripe/validate-service-access', serviceAccessResponseSchema, { method: 'POST', ...opts(options) });
}

/** Call 10: the company's signed links. */
export async function searchCompany(fiscalNumber: string, country: string, options?: CallOptions): Promise<string[]> {
  const path = `/api/search/company/${encodeURIComponent(`${fiscalNumber}-${country}`)}`;
  const { links } = await authJson(path, companySearchResponseSchema, opts(options));
  return links;
}

/** The scrape answered without company data. */
export class NoCompanyDataError extends Error {
  constructor() {
    super('No company data found.');
    this.name = 'NoCompanyDataError';
  }
}

function isEmptyData(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return Object.keys(record).length === 0 || typeof record.name !== 'string' || record.name.trim() === '';
}

/** What call 11 gives: the registered office and, given a site address, where that site lies. */
export interface ScrapedCompany {
  company: CompanyData;
  site: PlacedSite | null;
}

/** Call 11: the company data behind the links (and the site address placed, when one is given). */
export async function scrapeCompany(links: readonly string[], options?: CallOptions, siteAddress?: string): Promise<ScrapedCompany> {
  const site_address = siteAddress?.trim();
  // The activity line written in the page's language.
  const res = await authRequest(`/api/scrape/company?lang=${currentLocale()}`, { method: 'POST', json: { links, ...(site_address ? { site_address } : {}) }, ...opts(options) });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch (err) {
    throw new ResponseShapeError(err);
  }
  const data = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).company_data : undefined;
  if (isEmptyData(data)) throw new NoCompanyDataError();
  const parsed = scrapeCompanyResponseSchema.safeParse(body);
  if (!parsed.success) throw new ResponseShapeError(parsed.error);
  return { company: parsed.data.company_data, site: parsed.data.site ?? null };
}

/** The frame of each map picture call 12 answered (its headers), so the pin can be moved on it. */
const mapFrames = new WeakMap<Blob, MapFrame>();

/** The frame of a map picture from call 12, when the server gave one. */
export function frameOfMap(map: Blob | null): MapFrame | null {
  return (map && mapFrames.get(map)) ?? null;
}

/** Call 12: the location map (PNG); its frame is kept for frameOfMap. */
export async function fetchCompanyMap(latitude: number, longitude: number, options?: CallOptions): Promise<Blob> {
  // The legend and credits drawn in the page's language.
  const res = await authRequest(`/api/maps/company?lang=${currentLocale()}`, {
    method: 'POST',
    json: { latitude, longitude },
    headers: { accept: 'image/png' },
    ...opts(options),
  });
  const blob = await imageBlob(res);
  const frame = parseMapFrame(res.headers.get('x-map-bounds'), res.headers.get('x-map-projection'));
  if (frame) mapFrames.set(blob, frame);
  return blob;
}

export interface AnalysisInput {
  /** The fiscal number as searched. */
  fiscalNumber: string;
  /** The country's name, as selected. */
  country: string;
  company: CompanyData;
  map: Blob;
  /** The assessed site when it is not the registered office as placed: a site address, or the user's pin (precision `user`). */
  site?: PlacedSite;
  /** The site address the user typed, if any. */
  siteAddress?: string;
  /** What the site is; absent: the activity's typical site. */
  siteType?: SiteType;
}

/**
 * The query string of call 13. `lang` is the page's language: the answer is written in it and
 * cached under it (reportKeys.report), as a report reopened in it would be.
 */
export function analysisQuery({ fiscalNumber, country, company, site, siteAddress, siteType }: Omit<AnalysisInput, 'map'>): string {
  const at = site ?? company;
  const typed = siteAddress?.trim();
  return new URLSearchParams({
    company: fiscalNumber,
    location: country,
    company_name: company.name,
    address: company.address,
    latitude: String(at.latitude),
    longitude: String(at.longitude),
    ...(typed ? { site_address: typed } : {}),
    ...(site?.precision === 'user' ? { placed_by: 'user' } : {}),
    ...(siteType ? { site_type: siteType } : {}),
    lang: currentLocale(),
  }).toString();
}


/** What call 13 gives: the stored report's result and its sanctions screening. */
export interface Analysis {
  result: RiskAssessmentResult;
  screening: ReportScreening;
}

/** Call 13: the AI risk analysis, with the map as the multipart field `image`. */
export async function analyseCompany(input: AnalysisInput, options?: CallOptions): Promise<Analysis> {
  const form = new FormData();
  form.append('image', input.map, 'map.png');
  const res = await authRequest(`/api/openai/company?${analysisQuery(input)}`, {
    method: 'POST',
    body: form,
    ...opts(options),
  });
  // `locale` is the `lang` asked for; the result keeps the fields a stored report's result has.
  const { screening, locale: _locale, ...result } = await parseJson(res, analysisResponseSchema);
  return { result, screening: screening ?? notScreened };
}

/** The `user_message` of a 429 from call 13, when it has one. */
export function rateLimitMessage(err: ApiError): string | null {
  const parsed = rateLimitedErrorSchema.safeParse(err.body);
  return parsed.success && parsed.data.user_message.trim() ? parsed.data.user_message : null;
}

// -------------------------------------------------------------------------------------------
// Sample companies. (The stored reports are in entities/report/reports-api.ts: the dashboard lists them too.)

export const assessmentKeys = {
  samples: ['assessment', 'samples'] as const,
};

export function fetchSampleCompanies(): Promise<SampleCompanyDto[]> {
  return authJson('/api/companies/samples', sampleCompaniesResponseSchema);
}
