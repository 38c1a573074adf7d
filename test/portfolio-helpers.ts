import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { INDUSTRY_RISKS, LOCATION_RISKS } from '../src/server/providers/analyst/analyst.js';
import type { PortfolioDetail, PortfolioRowInput } from '../src/shared/contracts/portfolio.js';
import type { TestUser } from './auth.js';
import { startHttpPeer, type HttpPeer } from './peers/http-peer.js';

/** Driving portfolios the way the portfolio screen does: create, then poll until done. */

/** Sites of the bundled sample directory (COMPANY_SOURCES=sample), each a valid row. */
export const sampleSites: PortfolioRowInput[] = [
  { fiscal_number: '500697256', country: 'Portugal', reference: 'EDP HQ' },
  { fiscal_number: 'PT500697256', country: 'PT', reference: 'EDP Porto', site_address: 'Rua Santa Catarina 1, 4000-447 Porto' },
  { fiscal_number: '143454214', country: 'Germany', reference: 'SAP' },
  { fiscal_number: 'FR59542051180', country: 'France', reference: 'Total' },
  { fiscal_number: 'ATU33864707', country: 'Austria', reference: 'Red Bull' },
  { fiscal_number: '14056826', country: 'RO', reference: 'Romgaz' },
  { fiscal_number: 'ESA28015865', country: 'Spain', reference: 'Telefonica' },
  { fiscal_number: '00905811006', country: 'Italy', reference: 'Eni' },
];

/** A valid VAT number that no sample company has: its assessment fails with "no company found". */
export const unknownCompany: PortfolioRowInput = { fiscal_number: '501964843', country: 'Portugal', reference: 'Unknown Lda' };

/** `n` valid, distinct rows: the sample companies at numbered site addresses. */
export function manySites(n: number): PortfolioRowInput[] {
  return Array.from({ length: n }, (_, i) => {
    const s = sampleSites[i % sampleSites.length]!;
    return { ...s, reference: `${s.reference} #${i + 1}`, site_address: i < sampleSites.length ? s.site_address : `Site ${i + 1}` };
  }).map((r) => (r.site_address === undefined ? { fiscal_number: r.fiscal_number, country: r.country, reference: r.reference } : r));
}

export async function createPortfolio(app: FastifyInstance, user: TestUser, rows: PortfolioRowInput[], name?: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/portfolios', headers: user.headers, payload: { rows, ...(name ? { name } : {}) } });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}

export async function getPortfolio(app: FastifyInstance, user: TestUser, id: string): Promise<PortfolioDetail> {
  const res = await app.inject({ method: 'GET', url: `/api/portfolios/${id}`, headers: user.headers });
  if (res.statusCode !== 200) throw new Error(`get failed: ${res.statusCode} ${res.body}`);
  return res.json<PortfolioDetail>();
}

/** Polls the portfolio until it is done (and has no row queued or running). */
export async function waitDone(app: FastifyInstance, user: TestUser, id: string, timeoutMs = 30_000): Promise<PortfolioDetail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const p = await getPortfolio(app, user, id);
    if (p.status === 'done') return p;
    if (Date.now() > deadline) throw new Error(`portfolio not done within ${timeoutMs} ms: ${JSON.stringify({ ...p, rows: p.rows.map((r) => r.status) })}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A local OpenAI-compatible analyst that answers every risk after a random delay (ms), so rows
 * take long enough for a test to act while they are in flight.
 */
export async function startSlowAnalyst(apiKey: string, minMs: number, maxMs: number): Promise<HttpPeer> {
  const rate = (names: readonly string[]) =>
    Object.fromEntries(names.map((name, i) => [name, { likelihood: (i * 2) % 6, impact: (i * 3 + 1) % 6, reasons: [`Rated from the data given for ${name}.`] }]));
  const content = JSON.stringify({
    location_risks: rate(LOCATION_RISKS),
    industry_risks: rate(INDUSTRY_RISKS),
    key_takeaways_for_insurers: ['Check the flood defences.', 'Review the fire protection.', 'Confirm the business continuity plan.'],
  });
  return startHttpPeer((req) => {
    if (req.path !== '/v1/chat/completions' || req.headers.authorization !== `Bearer ${apiKey}`) {
      return { status: 401, json: { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } } };
    }
    const model = (req.json as { model?: string } | undefined)?.model ?? 'gpt-4o-mini';
    return {
      delayMs: minMs + Math.floor(Math.random() * (maxMs - minMs)),
      json: {
        id: `chatcmpl-${randomBytes(8).toString('hex')}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1000, completion_tokens: 500, total_tokens: 1500 },
      },
    };
  });
}

/** Portfolio calls over HTTP against a running server, with a bearer token. */
export function portfolioClient(baseUrl: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    create: (rows: PortfolioRowInput[]) => call<{ id: string }>('POST', '/api/portfolios', { rows }).then((r) => r.id),
    get: (id: string) => call<PortfolioDetail>('GET', `/api/portfolios/${id}`),
    reports: () => call<{ total: number }>('GET', '/api/reports?page_size=1').then((r) => r.total),
    credits: () => call<{ credits: number }>('GET', '/api/stripe/plan-status').then((r) => r.credits),
    async waitUntil(id: string, done: (p: PortfolioDetail) => boolean, timeoutMs = 60_000, pollMs = 100): Promise<PortfolioDetail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const p = await this.get(id);
        if (done(p)) return p;
        if (Date.now() > deadline) throw new Error(`portfolio ${id} not there within ${timeoutMs} ms: ${p.status}, ${p.done} done, ${p.failed} failed of ${p.total}`);
        await new Promise((r) => setTimeout(r, pollMs));
      }
    },
  };
}
