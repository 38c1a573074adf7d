import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { CompanyData, RiskAssessmentResult } from '../src/shared/contracts/assessment.js';
import { activityFromSource } from '../src/server/engine/index.js';
import type { TestUser } from './auth.js';
import { companyFixture } from './web/report-fixtures.js';

/** Driving the assessment calls (10–13) the way the assessment screen does. */

/** EDP in Lisbon as the sample directory gives it, placed at the city. */
export function lisbonCompany(over: Partial<CompanyData> = {}): CompanyData {
  return companyFixture({
    latitude: 38.7167,
    longitude: -9.1333,
    geocode_precision: 'city',
    activity: activityFromSource('35.11', 'Production of electricity', 'sample directory'),
    sources: ['sample'],
    ...over,
  });
}

/** A real 1×1 PNG: the analysis only checks magic bytes, the map PNG of call 12 works as well. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body with one file part. */
export function multipartFile(
  data: Buffer,
  { field = 'image', filename = 'map.png', contentType = 'image/png' }: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----corisk${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function search(app: FastifyInstance, user: TestUser, fiscalNumber: string, country: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `/api/search/company/${encodeURIComponent(`${fiscalNumber}-${country}`)}`,
    headers: user.headers,
  });
}

export function scrape(app: FastifyInstance, user: TestUser, links: string[]): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/scrape/company', payload: { links }, headers: user.headers });
}

export function mapOf(app: FastifyInstance, user: TestUser, latitude: unknown, longitude: unknown): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/maps/company', payload: { latitude, longitude }, headers: user.headers });
}

export interface AnalysisRequest {
  company: string;
  location: string;
  company_name: string;
  address?: string;
  latitude?: number | string;
  longitude?: number | string;
  /** The language to answer in (the account's when left out). */
  lang?: string;
}

export function analyse(
  app: FastifyInstance,
  user: TestUser,
  query: AnalysisRequest,
  image: { payload: Buffer; headers: Record<string, string> } = multipartFile(TINY_PNG),
): Promise<LightMyRequestResponse> {
  const q = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  return app.inject({ method: 'POST', url: `/api/openai/company?${q.toString()}`, payload: image.payload, headers: { ...user.headers, ...image.headers } });
}

/** Calls 10–13 in turn for one company; throws on any non-200. */
export async function runPipeline(
  app: FastifyInstance,
  user: TestUser,
  fiscalNumber: string,
  country: string,
): Promise<{ links: string[]; company: CompanyData; png: Buffer; result: RiskAssessmentResult }> {
  const ok = (res: LightMyRequestResponse, step: string) => {
    if (res.statusCode !== 200) throw new Error(`${step}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const { links } = ok(await search(app, user, fiscalNumber, country), 'search').json<{ links: string[] }>();
  const { company_data: company } = ok(await scrape(app, user, links), 'scrape').json<{ company_data: CompanyData }>();
  const png = ok(await mapOf(app, user, company.latitude, company.longitude), 'map').rawPayload;
  const result = ok(
    await analyse(
      app,
      user,
      { company: fiscalNumber, location: country, company_name: company.name, address: company.address, latitude: company.latitude, longitude: company.longitude },
      multipartFile(png),
    ),
    'analysis',
  ).json<RiskAssessmentResult>();
  return { links, company, png, result };
}

/** The user's credit balance, as the plan-status call reports it. */
export async function creditsOf(app: FastifyInstance, user: TestUser): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/api/stripe/plan-status', headers: user.headers });
  return res.json<{ credits: number }>().credits;
}

export async function reportCount(app: FastifyInstance, user: TestUser): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/api/reports?page_size=1', headers: user.headers });
  return res.json<{ total: number }>().total;
}
