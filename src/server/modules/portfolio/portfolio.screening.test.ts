import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { apiKeyOf, createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { createPortfolio, sampleSites, waitDone } from '../../../../test/portfolio-helpers.js';
import { EDP_LIST_ENTRY, euListXml, startListServer, type ListServer } from '../../../../test/sanctions-list-server.js';
import { portfolioDetailSchema, type PortfolioDetail } from '../../../shared/contracts/portfolio.js';

/**
 * The sanctions screening of a portfolio's rows: an EU list served by a local list server (the
 * only list configured, fresh) names EDP by its fiscal code; SAP is on no list. The rows, the
 * CSV and XLSX exports and /api/v1 say so, and an analyst's decision on a hit changes them.
 * PGlite, and PostgreSQL with TEST_DB=postgres.
 */

const ADMIN = 'admin-portfolio-screening@example.com';
const EDP_HIT = 'EU EU.9001.01 Lusitania Energy Trading Holdings (1.00)';

/** The cells of one CSV line (quoted cells with commas and doubled quotes). */
function csvCells(line: string): string[] {
  return [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'));
}

describe('portfolio rows carry their sanctions screening', () => {
  let t: TestApp;
  let lists: ListServer;
  let user: TestUser;
  let id = '';

  const screeningOf = (p: PortfolioDetail) => p.rows.map((r) => [r.reference, r.screening_status, r.screening_hits]);
  const get = async (u: TestUser, portfolioId: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/portfolios/${portfolioId}`, headers: u.headers });
    expect(res.statusCode).toBe(200);
    return portfolioDetailSchema.parse(res.json());
  };
  /** The export's Sanctions columns per row, as the CSV and the XLSX both write them. */
  const exported = async (u: TestUser, portfolioId: string) => {
    const csv = (await t.app.inject({ method: 'GET', url: `/api/portfolios/${portfolioId}/export.csv`, headers: u.headers })).rawPayload.toString('utf8');
    const [head, ...lines] = csv.slice(1).trimEnd().split('\r\n').map(csvCells);
    const [status, hits] = [head!.indexOf('Sanctions screening'), head!.indexOf('Sanctions hits')];
    expect(head!.slice(status - 1, status + 3)).toEqual(['Worst hazard', 'Sanctions screening', 'Sanctions hits', 'Latitude']);
    const fromCsv = lines.map((cells) => [cells[1], cells[status], cells[hits]]);

    const res = await t.app.inject({ method: 'GET', url: `/api/portfolios/${portfolioId}/export.xlsx`, headers: u.headers });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as Parameters<typeof book.xlsx.load>[0]);
    const sheet = book.worksheets[0]!;
    const fromXlsx = lines.map((_, i) => {
      const row = sheet.getRow(i + 2);
      // An empty cell is null in the workbook and '' in the CSV.
      return [row.getCell(2).value, row.getCell(status + 1).value ?? '', row.getCell(hits + 1).value ?? ''];
    });
    expect(fromXlsx).toEqual(fromCsv);
    return fromCsv;
  };
  const decide = (u: TestUser, body: object) => t.app.inject({ method: 'POST', url: '/api/screening/decisions', headers: u.headers, payload: body });

  beforeAll(async () => {
    lists = await startListServer();
    lists.serve(euListXml([EDP_LIST_ENTRY], new Date().toISOString()));
    t = await createTestApp({
      ADMIN_EMAILS: ADMIN,
      SIGNUP_CREDITS: '10',
      SANCTIONS_EU_URL: lists.url,
      SANCTIONS_UN_URL: 'off',
      SANCTIONS_UK_URL: 'off',
    });
    // The portfolio workers start when the server listens, as in production.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await createSignedInUser(t.app, { email: ADMIN });
    const refresh = await t.app.inject({ method: 'POST', url: '/api/admin/sanctions/refresh', headers: admin.headers });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json()).toMatchObject({ lists: [{ list: 'EU', entries: 1 }] });
    user = await createSignedInUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await lists?.close();
  });

  it('a listed company is a match with its open hit, a company on no list is clear, a row without a report has neither', async () => {
    // EDP twice (its head office and a site in Porto), SAP, and a row refused for its check digits.
    id = await createPortfolio(t.app, user, [sampleSites[0]!, sampleSites[1]!, sampleSites[2]!, { fiscal_number: '500697257', country: 'PT', reference: 'typo' }]);
    const done = await waitDone(t.app, user, id);
    expect(done).toMatchObject({ done: 3, failed: 1 });
    expect(screeningOf(portfolioDetailSchema.parse(done))).toEqual([
      ['EDP HQ', 'match', 1],
      ['EDP Porto', 'match', 1],
      ['SAP', 'clear', 0],
      ['typo', undefined, undefined],
    ]);
    expect(done.rows[3]).not.toHaveProperty('screening_status');

    expect(await exported(user, id)).toEqual([
      ['EDP HQ', 'Match', EDP_HIT],
      ['EDP Porto', 'Match', EDP_HIT],
      ['SAP', 'Clear', ''],
      ['typo', '', ''],
    ]);
  });

  it('/api/v1/portfolios/{id}: the rows carry the same screening', async () => {
    const key = await apiKeyOf(t.app, user, 'book feed');
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/portfolios/${id}`, headers: key });
    expect(res.statusCode).toBe(200);
    const api = portfolioDetailSchema.parse(res.json());
    expect(screeningOf(api)).toEqual(screeningOf(await get(user, id)));
    expect(api.rows[0]).toMatchObject({ screening_status: 'match', screening_hits: 1 });
  });

  it('a hit marked false positive clears every row of the company, for its owner only; a confirmed one stays a match', async () => {
    const edpReport = (await get(user, id)).rows[0]!.report_id!;
    const res = await decide(user, { report_id: edpReport, entry_id: 'EU.9001.01', decision: 'false_positive', note: 'The listed trader is not EDP.' });
    expect(res.statusCode).toBe(200);

    // The decision carries over to the company's other report (the Porto site).
    expect(screeningOf(await get(user, id))).toEqual([
      ['EDP HQ', 'clear', 0],
      ['EDP Porto', 'clear', 0],
      ['SAP', 'clear', 0],
      ['typo', undefined, undefined],
    ]);
    expect((await exported(user, id)).slice(0, 2)).toEqual([
      ['EDP HQ', 'Clear', ''],
      ['EDP Porto', 'Clear', ''],
    ]);

    // Another user's portfolio of the same company is not touched by this user's decision.
    const other = await createSignedInUser(t.app);
    const theirs = await waitDone(t.app, other, await createPortfolio(t.app, other, [sampleSites[0]!]));
    expect(theirs.rows[0]).toMatchObject({ screening_status: 'match', screening_hits: 1 });
    const confirmed = await decide(other, { report_id: theirs.rows[0]!.report_id!, entry_id: 'EU.9001.01', decision: 'confirmed', note: 'Same company.' });
    expect(confirmed.statusCode).toBe(200);
    // A confirmed hit still stands: it is counted and exported.
    expect((await get(other, theirs.id)).rows[0]).toMatchObject({ screening_status: 'match', screening_hits: 1 });
    expect(await exported(other, theirs.id)).toEqual([['EDP HQ', 'Match', EDP_HIT]]);
  });

  it('a report made before screening is not_screened, in the rows and the exports', async () => {
    const sapReport = (await get(user, id)).rows[2]!.report_id!;
    await t.database.db.execute(sql`DELETE FROM report_screenings WHERE report_id = ${sapReport}`);
    expect((await get(user, id)).rows[2]).toMatchObject({ reference: 'SAP', screening_status: 'not_screened', screening_hits: 0 });
    expect((await exported(user, id))[2]).toEqual(['SAP', 'Not screened', '']);
  });
});
