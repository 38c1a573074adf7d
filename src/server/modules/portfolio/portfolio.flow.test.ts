import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditsOf, reportCount } from '../../../../test/assessment-helpers.js';
import { createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { createPortfolio, getPortfolio, sampleSites, unknownCompany, waitDone } from '../../../../test/portfolio-helpers.js';
import type { ReportResponse } from '../../../shared/contracts/assessment-api.js';
import type { PortfolioList, PortfolioPreview } from '../../../shared/contracts/portfolio.js';
import { useTestApp } from '../../../../test/app.js';

/**
 * A portfolio from preview to export on the real app (embedded providers, the job queue on the
 * test database): rows checked before anything is spent, one report and one credit per valid row,
 * failures in words, retry of a failed row, ownership. Runs on PGlite and on PostgreSQL.
 */

/** The cells of one CSV line (quoted cells with commas and doubled quotes). */
function csvCells(line: string): string[] {
  return [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'));
}

// Background runs wait on the job queue: under a loaded CI machine the first ones take longer than 30 s.
describe('portfolios', { timeout: 90_000 }, () => {
  const t = useTestApp({ SIGNUP_CREDITS: '20' });
  let user: TestUser;
  beforeAll(async () => {
    // The workers start when the server listens, as in production.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    user = await createSignedInUser(t.app);
  });

  it('previews rows without spending: check digits, countries by name or code, duplicates, empty rows skipped, the cost', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portfolios/preview',
      headers: user.headers,
      payload: {
        rows: [
          { fiscal_number: '500697256', country: 'Portugal', reference: 'A' },
          { fiscal_number: '500697257', country: 'PT', reference: 'bad digits' },
          { fiscal_number: '500697256', country: 'Narnia' },
          { fiscal_number: '', country: '', reference: '', site_address: '' },
          { fiscal_number: 'PT 500 697 256', country: 'pt', reference: 'same again' },
          { fiscal_number: 'PT500697256', country: '', site_address: 'Rua Santa Catarina 1, 4000-447 Porto' },
          { fiscal_number: '', country: 'Germany' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json<PortfolioPreview>();
    // Rows are numbered by their place among the data rows; `line` is where each was in the list.
    expect(preview.rows.map((r) => r.row)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(preview.rows.map((r) => r.line)).toEqual([1, 2, 3, 5, 6, 7]);
    expect(preview.rows[0]).toMatchObject({ vat: 'PT500697256', country_name: 'Portugal', problems: [] });
    expect(preview.rows[1]!.problems[0]).toMatch(/^Invalid VAT number for Portugal/);
    expect(preview.rows[2]!.problems).toEqual(["Unsupported country 'Narnia': Corisk covers the 27 EU member states."]);
    expect(preview.rows[3]!.problems[0]).toMatch(/^Same fiscal number as row 1, and no site address/);
    // The country comes from the VAT number's prefix when the cell is empty; another site is another row.
    expect(preview.rows[4]).toMatchObject({ vat: 'PT500697256', country_name: 'Portugal', problems: [] });
    expect(preview.rows[5]!.problems).toEqual(['The fiscal number is missing.']);
    expect(preview).toMatchObject({ valid: 2, invalid: 4, cost: 2, credits: 20 });
    expect(await creditsOf(t.app, user)).toBe(20);
  });

  it('runs a portfolio in the background: one report and one credit per valid row, invalid rows failed with their reason', async () => {
    const someone = await createSignedInUser(t.app, {});
    const rows = [...sampleSites.slice(0, 4), { fiscal_number: '123', country: 'Portugal', reference: 'typo' }, unknownCompany];
    const id = await createPortfolio(t.app, someone, rows, 'Book A');
    const first = await getPortfolio(t.app, someone, id);
    expect(first).toMatchObject({ id, name: 'Book A', total: 6 });
    expect(first.rows.find((r) => r.reference === 'typo')).toMatchObject({ status: 'failed', error: expect.stringMatching(/^Invalid VAT number for Portugal/) });

    const done = await waitDone(t.app, someone, id);
    expect(done).toMatchObject({ status: 'done', total: 6, done: 4, failed: 2, eta_seconds: null });
    expect(done.started_at).not.toBeNull();
    expect(done.finished_at).not.toBeNull();
    for (const row of done.rows.slice(0, 4)) {
      expect(row).toMatchObject({ status: 'done', report_id: expect.any(String), company_name: expect.any(String), overallScoreGrade: expect.stringMatching(/^[ABCDF]$/) });
      expect(row.worst_hazard).toEqual(expect.any(String));
      expect(row.latitude).toEqual(expect.any(Number));
      // Each row opens its full report.
      const report = await t.app.inject({ method: 'GET', url: `/api/reports/${row.report_id}`, headers: someone.headers });
      expect(report.statusCode).toBe(200);
      expect(report.json<{ result: { overallScore: number } }>().result.overallScore).toBe(row.overallScore);
    }
    // The second site of EDP is placed at its own address (Porto), north of the head office (Lisbon).
    expect(done.rows[1]!.latitude!).toBeGreaterThan(done.rows[0]!.latitude! + 2);
    expect(done.rows[5]).toMatchObject({ status: 'failed', error: 'No company with VAT number PT 501964843 was found in Portugal.' });
    expect(await creditsOf(t.app, someone)).toBe(20 - 4);
    expect(await reportCount(t.app, someone)).toBe(4);

    const list = await t.app.inject({ method: 'GET', url: '/api/portfolios', headers: someone.headers });
    expect(list.json<PortfolioList>().items).toEqual([expect.objectContaining({ id, name: 'Book A', status: 'done', done: 4, failed: 2 })]);
  });

  it('assesses each row at its site type: the report says it; an unknown type fails the row in words, uncharged', async () => {
    const someone = await createSignedInUser(t.app);
    const id = await createPortfolio(t.app, someone, [
      { ...sampleSites[0]!, site_type: 'Office' },
      { ...sampleSites[1]!, site_type: '' },
      { fiscal_number: '143454214', country: 'DE', site_type: 'castle' },
    ]);
    const done = await waitDone(t.app, someone, id);
    expect(done.rows[0]).toMatchObject({ status: 'done', site_type: 'office' });
    expect(done.rows[2]).toMatchObject({ status: 'failed', error: expect.stringMatching(/^Unknown site type 'castle'/) });
    const report = async (row: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/reports/${done.rows[row]!.report_id}`, headers: someone.headers })).json<{
        company_data: { site_type?: string; site_type_assumed?: boolean };
      }>().company_data;
    expect(await report(0)).toMatchObject({ site_type: 'office', site_type_assumed: false });
    expect(await report(1)).toMatchObject({ site_type_assumed: true });
    expect(await creditsOf(t.app, someone)).toBe(20 - 2);
  });

  it('retries a row whose assessment failed, and only such a row', async () => {
    const someone = await createSignedInUser(t.app);
    const id = await createPortfolio(t.app, someone, [sampleSites[0]!, unknownCompany, { fiscal_number: '1', country: 'PT' }, sampleSites[0]!]);
    const done = await waitDone(t.app, someone, id);
    const [ok, unknown, invalid, duplicate] = done.rows;
    // The screen offers Retry only where running again can help.
    expect([ok, unknown, invalid, duplicate].map((r) => r!.retryable)).toEqual([undefined, true, false, false]);
    const retry = (rowId: string) => t.app.inject({ method: 'POST', url: `/api/portfolios/${id}/rows/${rowId}/retry`, headers: someone.headers });
    expect((await retry(ok!.id)).statusCode).toBe(409);
    expect((await retry(invalid!.id)).json()).toMatchObject({
      code: 'row_invalid',
      detail: expect.stringMatching(/^This row cannot be assessed: Invalid VAT number for Portugal: .+\. Correct it in a new portfolio\.$/),
    });
    expect((await retry(duplicate!.id)).json()).toMatchObject({
      code: 'row_invalid',
      detail: expect.stringMatching(/^This row cannot be assessed: Same fiscal number as row 1, and no site address/),
    });
    const again = await retry(unknown!.id);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ id: unknown!.id, status: 'queued' });
    const after = await waitDone(t.app, someone, id);
    // It ran again: the portfolio finished anew.
    expect(Date.parse(after.finished_at!)).toBeGreaterThan(Date.parse(done.finished_at!));
    expect(after.rows[1]).toMatchObject({ status: 'failed', error: expect.stringMatching(/^No company/) });
    expect(await creditsOf(t.app, someone)).toBe(19);
  });

  it('retries every failed row that can run in one call, leaving rows that need corrected data', async () => {
    const someone = await createSignedInUser(t.app);
    const id = await createPortfolio(t.app, someone, [sampleSites[0]!, unknownCompany, { fiscal_number: '1', country: 'PT' }, { ...unknownCompany, site_address: 'Rua 2, Porto' }]);
    const done = await waitDone(t.app, someone, id);
    expect(done).toMatchObject({ done: 1, failed: 3 });
    const res = await t.app.inject({ method: 'POST', url: `/api/portfolios/${id}/retry-failed`, headers: someone.headers });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ retried: 2 });
    const after = await waitDone(t.app, someone, id);
    expect(Date.parse(after.finished_at!)).toBeGreaterThan(Date.parse(done.finished_at!));
    expect(after.rows.map((r) => r.status)).toEqual(['done', 'failed', 'failed', 'failed']);
    const other = await createSignedInUser(t.app);
    expect((await t.app.inject({ method: 'POST', url: `/api/portfolios/${id}/retry-failed`, headers: other.headers })).statusCode).toBe(404);
  });

  it('stops spending when the credits run out: the remaining rows fail saying so, nothing is spent twice', async () => {
    const poor = await createSignedInUser(t.app);
    // Spend 18 of the 20 credits elsewhere first.
    await waitDone(t.app, poor, await createPortfolio(t.app, poor, Array.from({ length: 18 }, (_, i) => ({ ...sampleSites[0]!, site_address: `Rua ${i + 1}, Lisboa` }))));
    const id = await createPortfolio(t.app, poor, sampleSites.slice(0, 4));
    const done = await waitDone(t.app, poor, id);
    expect(done).toMatchObject({ done: 2, failed: 2 });
    for (const row of done.rows.filter((r) => r.status === 'failed')) expect(row.error).toMatch(/^No credit was spent: /);
    expect(await creditsOf(t.app, poor)).toBe(0);
    expect(await reportCount(t.app, poor)).toBe(20);
    // With no credit left, a new portfolio is refused before anything is stored.
    const refused = await t.app.inject({ method: 'POST', url: '/api/portfolios', headers: poor.headers, payload: { rows: sampleSites.slice(0, 1) } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toEqual(expect.any(String));
  });

  it('numbers rows one way: the preview of a file, the stored rows, their messages and the export say the same row N', async () => {
    const someone = await createSignedInUser(t.app);
    // A header line and a blank line: the file's lines 3, 5 and 6 are rows 1, 2 and 3.
    const text = ['fiscal_number,country,reference', '', 'PT500697256,PT,first', '', 'DE143454214,DE,second', 'PT500697256,Portugal,again'].join('\n');
    const preview = (await t.app.inject({ method: 'POST', url: '/api/portfolios/preview', headers: someone.headers, payload: { text } })).json<PortfolioPreview>();
    expect(preview.rows.map((r) => [r.row, r.line])).toEqual([[1, 3], [2, 5], [3, 6]]);
    expect(preview.rows[2]!.problems).toEqual([expect.stringMatching(/^Same fiscal number as row 1, and no site address/)]);
    // Created from the preview as the screen sends it (no numbers): the same rows, the same numbers.
    const rows = preview.rows.map(({ fiscal_number, country, reference }) => ({ fiscal_number, country, reference }));
    const id = await createPortfolio(t.app, someone, rows);
    const done = await waitDone(t.app, someone, id);
    expect(done.rows.map((r) => [r.row, r.reference])).toEqual([[1, 'first'], [2, 'second'], [3, 'again']]);
    expect(done.rows[2]!.error).toMatch(/^Same fiscal number as row 1,/);
    const csv = (await t.app.inject({ method: 'GET', url: `/api/portfolios/${id}/export.csv`, headers: someone.headers })).rawPayload.toString('utf8');
    expect(csv.slice(1).trimEnd().split('\r\n').map((l) => csvCells(l).slice(0, 2))).toEqual([['Row', 'Reference'], ['1', 'first'], ['2', 'second'], ['3', 'again']]);
    // An old client that still sends a line number gets the same numbering (the field is ignored).
    const legacy = await getPortfolio(t.app, someone, await createPortfolio(t.app, someone, [{ ...sampleSites[0]!, line: 7 } as (typeof sampleSites)[number]]));
    expect(legacy.rows.map((r) => r.row)).toEqual([1]);
  });

  it("keeps portfolios to their owner: another user's id answers 404 everywhere", async () => {
    const owner = await createSignedInUser(t.app);
    const id = await createPortfolio(t.app, owner, [sampleSites[2]!]);
    const done = await waitDone(t.app, owner, id);
    const other = await createSignedInUser(t.app);
    for (const url of [`/api/portfolios/${id}`, `/api/portfolios/${id}/export.csv`, `/api/portfolios/${id}/export.xlsx`, '/api/portfolios/not-a-uuid']) {
      const res = await t.app.inject({ method: 'GET', url, headers: other.headers });
      expect(res.statusCode, url).toBe(404);
    }
    const retry = await t.app.inject({ method: 'POST', url: `/api/portfolios/${id}/rows/${done.rows[0]!.id}/retry`, headers: other.headers });
    expect(retry.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/portfolios', headers: other.headers })).json()).toEqual({ items: [] });
    expect((await t.app.inject({ method: 'GET', url: `/api/portfolios/${id}` })).statusCode).toBe(401);
  });

  it('exports CSV and XLSX, one line per row, formulas neutralised', async () => {
    const someone = await createSignedInUser(t.app);
    const id = await createPortfolio(t.app, someone, [
      { ...sampleSites[0]!, reference: '=HYPERLINK("http://evil.example","click")' },
      { ...sampleSites[2]!, reference: '+SUM(1,2)', site_address: '@Walldorf' },
      { fiscal_number: '-1', country: 'Portugal', reference: 'Müller; "quoted"' },
    ]);
    await waitDone(t.app, someone, id);

    const csv = await t.app.inject({ method: 'GET', url: `/api/portfolios/${id}/export.csv`, headers: someone.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    const text = csv.rawPayload.toString('utf8');
    expect(
      text.startsWith(
        '\uFEFFRow,Reference,Fiscal number,Country,Company,Site address,Status,Grade,Score,Worst hazard,Sanctions screening,Sanctions hits,Latitude,Longitude,Location precision,Site type,NACE code,Location: ',
      ),
    ).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^1,"'=HYPERLINK\(""http:\/\/evil\.example"",""click""\)",500697256,Portugal,"EDP, S\.A\.",,done,[ABCDF],\d+,/);
    expect(lines[2]).toMatch(/^2,"'\+SUM\(1,2\)",143454214,Germany,SAP SE,'@Walldorf,done,/);
    expect(lines[3]).toMatch(/^3,"Müller; ""quoted""",'-1,Portugal,,,failed,,,,/);

    const xlsx = await t.app.inject({ method: 'GET', url: `/api/portfolios/${id}/export.xlsx`, headers: someone.headers });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as Parameters<typeof book.xlsx.load>[0]);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 10)).toEqual(['Row', 'Reference', 'Fiscal number', 'Country', 'Company', 'Site address', 'Status', 'Grade', 'Score', 'Worst hazard']);
    expect(header.filter((h) => String(h).startsWith('Industry: ')).length).toBeGreaterThan(3);
    expect(sheet.getCell('A2').value).toBe(1);
    expect(sheet.getCell('B2').value).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(sheet.getCell('F3').value).toBe("'@Walldorf");
    expect(typeof sheet.getCell('I2').value).toBe('number');
    // No cell of the workbook is a formula.
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('exports each risk’s score, likelihood and impact as numbers, the site’s coordinates, precision, site type and NACE code, the filed date, and an XLSX autofilter', async () => {
    const someone = await createSignedInUser(t.app);
    const id = await createPortfolio(t.app, someone, [sampleSites[0]!, { fiscal_number: '-1', country: 'Portugal', reference: 'gone' }]);
    const done = await waitDone(t.app, someone, id);
    const reportId = done.rows.find((r) => r.report_id)!.report_id!;
    // Another branch adds the site type; the export reads it from the stored company when it is there.
    await t.database.db.execute(sql`update reports set company = company || '{"site_type":"warehouse"}'::jsonb where id = ${reportId}`);

    const csv = (await t.app.inject({ method: 'GET', url: `/api/portfolios/${id}/export.csv`, headers: someone.headers })).rawPayload.toString('utf8');
    const [head, first, failed] = csv.slice(1).trimEnd().split('\r\n').map(csvCells);
    const col = (name: string) => head!.indexOf(name);
    expect(Number(first![col('Latitude')])).toBeCloseTo(38.7, 0);
    expect(Number(first![col('Longitude')])).toBeCloseTo(-9.1, 0);
    expect(first![col('Location precision')]).toMatch(/^(address|postal_code|city|country)$/);
    expect(first![col('Site type')]).toBe('warehouse');
    expect(first![col('NACE code')]).toMatch(/^[A-U]?\d{2}(\.\d{1,2})?$/);
    expect(failed![col('NACE code')]).toBe('');

    const xlsx = await t.app.inject({ method: 'GET', url: `/api/portfolios/${id}/export.xlsx`, headers: someone.headers });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as Parameters<typeof book.xlsx.load>[0]);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const cell = (row: number, name: string) => sheet.getRow(row).getCell(header.indexOf(name) + 1).value;
    // Every risk has its grade, then score, likelihood and impact as number cells: the report's own figures.
    const { result } = (await t.app.inject({ method: 'GET', url: `/api/reports/${reportId}`, headers: someone.headers })).json() as ReportResponse;
    const stored = [
      ...Object.entries(result.locationScoresMap).map(([n, e]) => [`Location: ${n}`, e] as const),
      ...Object.entries(result.industryScoresMap).map(([n, e]) => [`Industry: ${n}`, e] as const),
    ];
    expect(stored.length).toBeGreaterThan(5);
    for (const [risk, entry] of stored) {
      expect(cell(2, risk), risk).toBe(entry.grade);
      expect([cell(2, `${risk} score`), cell(2, `${risk} likelihood`), cell(2, `${risk} impact`)], risk).toEqual([entry.score, entry.rawLikelihood, entry.impact]);
      expect(cell(3, `${risk} score`)).toBeNull();
    }
    for (const name of ['Latitude', 'Longitude', 'Score']) expect(typeof cell(2, name), name).toBe('number');
    expect(cell(2, 'Site type')).toBe('warehouse');
    expect(cell(2, 'Report date')).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC$/);
    expect(cell(3, 'Report date')).toBeNull();
    // A filter over the header row and every line (ExcelJS reads it back as the range).
    expect(sheet.autoFilter).toBe(`A1:${sheet.getColumn(header.length).letter}3`);
  });
});
