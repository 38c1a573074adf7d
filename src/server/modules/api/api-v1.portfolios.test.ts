import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeyOf, createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { creditsOf } from '../../../../test/assessment-helpers.js';
import { sampleSites, unknownCompany } from '../../../../test/portfolio-helpers.js';
import { portfolioDetailSchema, type PortfolioDetail, type PortfolioList } from '../../../shared/contracts/portfolio.js';
import { idempotencyMessages } from './idempotency.service.js';
import { useTestApp } from '../../../../test/app.js';

/**
 * Portfolios through the public API, with the portfolio module's workers running as in
 * production: JSON rows or a CSV body → 202 {id}; progress and results read with the key; invalid
 * rows failed in words and never charged; Idempotency-Key makes a retried POST create nothing
 * more; another user's portfolio is 404. Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
 */

// Polling for progress is not what is tested here: a slow machine must not reach the per-key limit.
const t = useTestApp({ SIGNUP_CREDITS: '20', API_RATE_LIMIT_PER_MINUTE: '6000' });
beforeAll(async () => {
  // The portfolio workers start when the server listens.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});

const keyOf = (user: TestUser) => apiKeyOf(t.app, user, 'portfolio feed');

async function readPortfolio(headers: Record<string, string>, id: string): Promise<PortfolioDetail> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/portfolios/${id}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return portfolioDetailSchema.parse(res.json());
}

async function waitDone(headers: Record<string, string>, id: string): Promise<PortfolioDetail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const p = await readPortfolio(headers, id);
    if (p.status === 'done') return p;
    if (Date.now() > deadline) throw new Error(`portfolio ${id} not done: ${JSON.stringify(p.rows.map((r) => r.status))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function portfolioCount(user: TestUser): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/portfolios', headers: user.headers });
  return res.json<PortfolioList>().items.length;
}

describe('POST /api/v1/portfolios', () => {
  it('JSON rows: 202 {id}, assessed in the background, one credit per valid row, the bad row failed in words', async () => {
    const user = await createSignedInUser(t.app);
    const key = await keyOf(user);
    const before = await creditsOf(t.app, user);
    const rows = [sampleSites[0]!, sampleSites[2]!, { fiscal_number: '500697257', country: 'PT', reference: 'typo' }];
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/portfolios', headers: key, payload: { name: 'API book', rows } });
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json<{ id: string }>();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const done = await waitDone(key, id);
    expect(done).toMatchObject({ id, name: 'API book', status: 'done', total: 3, done: 2, failed: 1 });
    const [edp, sap, typo] = done.rows;
    expect(edp).toMatchObject({ fiscal_number: '500697256', status: 'done', overallScoreGrade: expect.stringMatching(/^[ABCDF]$/) });
    expect(sap?.status).toBe('done');
    expect(typo).toMatchObject({ status: 'failed', reference: 'typo', error: expect.stringMatching(/^Invalid VAT number for Portugal/) });
    expect(typo?.report_id).toBeUndefined();
    expect(await creditsOf(t.app, user)).toBe(before - 2);

    // Each row's report opens through the API.
    const report = await t.app.inject({ method: 'GET', url: `/api/v1/assessments/${edp!.report_id}`, headers: key });
    expect(report.statusCode).toBe(200);
    expect(report.json<{ overallScore: number }>().overallScore).toBe(edp!.overallScore);
  });

  it('a CSV body (text/csv, semicolons, header) gives the same rows', async () => {
    const user = await createSignedInUser(t.app);
    const key = await keyOf(user);
    const csv = 'fiscal_number;country;reference;site_address\n500697256;Portugal;HQ;\nPT500697256;PT;Porto;Rua Santa Catarina 1, 4000-447 Porto\n';
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/portfolios', headers: { ...key, 'content-type': 'text/csv' }, payload: csv });
    expect(res.statusCode, res.body).toBe(202);
    const done = await waitDone(key, res.json<{ id: string }>().id);
    expect(done.rows.map((r) => [r.reference, r.site_address, r.status])).toEqual([
      ['HQ', '', 'done'],
      ['Porto', 'Rua Santa Catarina 1, 4000-447 Porto', 'done'],
    ]);
  });

  it('refuses an empty or unreadable body with 400 {detail}', async () => {
    const user = await createSignedInUser(t.app);
    const key = await keyOf(user);
    for (const [contentType, payload] of [
      ['application/json', JSON.stringify({ rows: [] })],
      ['text/csv', ''],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/portfolios', headers: { ...key, 'content-type': contentType }, payload });
      expect(res.statusCode, `${contentType} ${res.body}`).toBe(400);
      expect(res.json<{ detail: string }>().detail).toEqual(expect.any(String));
    }
    expect(await portfolioCount(user)).toBe(0);
  });

  it('Idempotency-Key: a retry returns the same id and creates nothing more; another body is 422', async () => {
    const user = await createSignedInUser(t.app);
    const key = await keyOf(user);
    const headers = { ...key, 'idempotency-key': 'nightly-2026-03-01' };
    const body = { rows: [unknownCompany] };
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/portfolios', headers, payload: body });
    expect(first.statusCode).toBe(202);
    const retry = await t.app.inject({ method: 'POST', url: '/api/v1/portfolios', headers, payload: body });
    expect(retry.statusCode).toBe(202);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await portfolioCount(user)).toBe(1);

    const other = await t.app.inject({ method: 'POST', url: '/api/v1/portfolios', headers, payload: { rows: [sampleSites[0]] } });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ detail: idempotencyMessages.mismatch });
    expect(await portfolioCount(user)).toBe(1);

    // The unknown company fails in words, and costs nothing.
    const done = await waitDone(key, first.json<{ id: string }>().id);
    expect(done.rows[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/No company with VAT number/) });
  });
});

describe('GET /api/v1/portfolios/{id}', () => {
  it("another user's portfolio is 404, and so is an unknown id", async () => {
    const owner = await createSignedInUser(t.app);
    const intruder = await createSignedInUser(t.app);
    const ownerKey = await keyOf(owner);
    const intruderKey = await keyOf(intruder);
    const { id } = (await t.app.inject({ method: 'POST', url: '/api/v1/portfolios', headers: ownerKey, payload: { rows: [unknownCompany] } })).json<{
      id: string;
    }>();
    for (const target of [id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/portfolios/${target}`, headers: intruderKey });
      expect(res.statusCode, target).toBe(404);
      expect(res.json<{ detail: string }>().detail).toEqual(expect.any(String));
    }
    expect((await readPortfolio(ownerKey, id)).id).toBe(id);
  });
});

/** RFC 4180 records (quoted fields, doubled quotes, CRLF), for reading the export back. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      record.push(field);
      field = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      records.push([...record, field]);
      record = [];
      field = '';
      i += 1;
    } else {
      field += c;
    }
  }
  if (field || record.length) records.push([...record, field]);
  return records;
}

describe('GET /api/v1/portfolios/{id}/export.csv and .xlsx', () => {
  it("the web's export of the results, with type and file name; another user's is 404", async () => {
    const user = await createSignedInUser(t.app);
    const key = await keyOf(user);
    const rows = [sampleSites[0]!, { fiscal_number: '500697257', country: 'PT', reference: 'typo, "quoted"' }];
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/portfolios', headers: key, payload: { name: 'Export book', rows } });
    const { id } = created.json<{ id: string }>();
    expect(created.headers.location).toBe(`/api/v1/portfolios/${id}`);
    const done = await waitDone(key, id);

    const csv = await t.app.inject({ method: 'GET', url: `/api/v1/portfolios/${id}/export.csv`, headers: key });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="export-book\.csv"/);
    // Byte for byte the file the web app downloads.
    const web = await t.app.inject({ method: 'GET', url: `/api/portfolios/${id}/export.csv`, headers: user.headers });
    expect(csv.rawPayload.equals(web.rawPayload)).toBe(true);
    const [header, ...lines] = parseCsv(csv.rawPayload.toString('utf8').replace(/^\uFEFF/, '').trimEnd());
    expect(header!.slice(0, 10)).toEqual(['Row', 'Reference', 'Fiscal number', 'Country', 'Company', 'Site address', 'Status', 'Grade', 'Score', 'Worst hazard']);
    expect(lines).toHaveLength(2);
    const col = (name: string) => header!.indexOf(name);
    // The rows as the API numbers them (the N-th row given, from 1), the export the same.
    expect(done.rows.map((r) => r.row)).toEqual([1, 2]);
    expect(lines.map((l) => l[col('Row')])).toEqual(['1', '2']);
    expect(lines.map((l) => [l[col('Reference')], l[col('Status')]])).toEqual(done.rows.map((r) => [r.reference, r.status]));
    expect(lines[1]![col('Reference')]).toBe('typo, "quoted"');
    expect(lines[0]![col('Grade')]).toBe(done.rows[0]!.overallScoreGrade);
    expect(lines[0]![col('Report ID')]).toBe(done.rows[0]!.report_id);

    const xlsx = await t.app.inject({ method: 'GET', url: `/api/v1/portfolios/${id}/export.xlsx`, headers: key });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename="export-book\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as Parameters<typeof book.xlsx.load>[0]);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(header);
    const sheetRow = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(sheetRow(2)[col('Report ID')]).toBe(done.rows[0]!.report_id);
    expect(sheetRow(3)[col('Reference')]).toBe('typo, "quoted"');

    const intruder = await keyOf(await createSignedInUser(t.app));
    for (const url of [`/api/v1/portfolios/${id}/export.csv`, `/api/v1/portfolios/${id}/export.xlsx`, '/api/v1/portfolios/nope/export.csv']) {
      const res = await t.app.inject({ method: 'GET', url, headers: intruder });
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ detail: string }>().detail).toEqual(expect.any(String));
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/portfolios/${id}/export.csv`, headers: user.headers })).statusCode).toBe(401);
  });
});
