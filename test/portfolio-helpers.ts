import type { FastifyInstance } from 'fastify';
import type { PortfolioDetail, PortfolioRowInput } from '../src/shared/contracts/portfolio.js';
import type { TestUser } from './auth.js';

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
