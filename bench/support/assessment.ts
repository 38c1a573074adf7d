import { clientHeaders } from './accounts.js';

/**
 * The assessment calls over HTTP, as the web app makes them: validate
 * service access, search, scrape, map, analysis (multipart with the map image).
 * Each returns the Response (or its parsed body) so callers can count statuses.
 */

export interface Caller {
  baseUrl: string;
  token: string;
  /** Sent as X-Forwarded-For (servers with TRUST_PROXY). */
  ip?: string;
}

export interface CompanyData {
  name: string;
  address: string;
  fiscal_number: string;
  country: string;
  latitude: number;
  longitude: number;
}

export interface SampleCompany {
  name: string;
  fiscal_number: string;
  country: string;
}

const json = (c: Caller) => ({ 'content-type': 'application/json', ...clientHeaders(c.ip, c.token) });

export async function sampleCompanies(baseUrl: string): Promise<SampleCompany[]> {
  const res = await fetch(`${baseUrl}/api/companies/samples`);
  if (!res.ok) throw new Error(`sample companies: HTTP ${res.status}`);
  return (await res.json()) as SampleCompany[];
}

export const validateAccess = (c: Caller) =>
  fetch(`${c.baseUrl}/api/stripe/validate-service-access`, { method: 'POST', headers: clientHeaders(c.ip, c.token) });

export const searchCompany = (c: Caller, fiscalNumber: string, country: string) =>
  fetch(`${c.baseUrl}/api/search/company/${encodeURIComponent(`${fiscalNumber}-${country}`)}`, { headers: clientHeaders(c.ip, c.token) });

export const scrapeCompany = (c: Caller, links: string[]) =>
  fetch(`${c.baseUrl}/api/scrape/company`, { method: 'POST', headers: json(c), body: JSON.stringify({ links }) });

export const renderMap = (c: Caller, latitude: number, longitude: number) =>
  fetch(`${c.baseUrl}/api/maps/company`, { method: 'POST', headers: json(c), body: JSON.stringify({ latitude, longitude }) });

export function analyse(c: Caller, company: CompanyData, png: Uint8Array<ArrayBuffer>): Promise<Response> {
  const query = new URLSearchParams({
    company: company.fiscal_number,
    location: company.country,
    company_name: company.name,
    address: company.address,
    latitude: String(company.latitude),
    longitude: String(company.longitude),
  });
  const form = new FormData();
  form.append('image', new Blob([png], { type: 'image/png' }), 'map.png');
  return fetch(`${c.baseUrl}/api/openai/company?${query}`, { method: 'POST', headers: clientHeaders(c.ip, c.token), body: form });
}

async function ok<T>(res: Response, what: string, read: (r: Response) => Promise<T>): Promise<T> {
  if (res.status !== 200) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
  return read(res);
}

/** Calls 10–12 for a company: its data and its map (the inputs of call 13). */
export async function prepareAnalysis(c: Caller, fiscalNumber: string, country: string): Promise<{ company: CompanyData; png: Uint8Array<ArrayBuffer> }> {
  const { links } = await ok(await searchCompany(c, fiscalNumber, country), 'search', (r) => r.json() as Promise<{ links: string[] }>);
  const { company_data: company } = await ok(await scrapeCompany(c, links), 'scrape', (r) => r.json() as Promise<{ company_data: CompanyData }>);
  const png = await ok(await renderMap(c, company.latitude, company.longitude), 'map', async (r) => new Uint8Array(await r.arrayBuffer()));
  return { company, png };
}
