import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../../../test/assessment-helpers.js';
import { createSignedInUser, type TestUser } from '../../../../test/auth.js';
import type { PortfolioPreview } from '../../../shared/contracts/portfolio.js';
import { useTestApp } from '../../../../test/app.js';

/** POST /api/portfolios/preview: pasted text, uploaded CSV or XLSX, and what is refused, in words. */

describe('portfolio preview', () => {
  const t = useTestApp();
  let user: TestUser;
  beforeAll(async () => {
    user = await createSignedInUser(t.app);
  });

  const upload = (data: Buffer, filename: string, field = 'file', contentType = 'text/csv') => {
    const { payload, headers } = multipartFile(data, { field, filename, contentType });
    return t.app.inject({ method: 'POST', url: '/api/portfolios/preview', payload, headers: { ...user.headers, ...headers } });
  };
  /** A JSON body: pasted `{text}`, `{rows}` or anything else. */
  const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/portfolios/preview', headers: user.headers, payload });

  it('reads pasted text (JSON {text}), semicolons and a header in Portuguese', async () => {
    const res = await post({ text: 'NIF;País;Morada\n500697256;Portugal;Rua Santa Catarina 1, 4000-447 Porto\n143454214;DE;\n' });
    expect(res.statusCode).toBe(200);
    const preview = res.json<PortfolioPreview>();
    expect(preview.rows).toEqual([
      expect.objectContaining({ row: 1, line: 2, vat: 'PT500697256', site_address: 'Rua Santa Catarina 1, 4000-447 Porto', problems: [] }),
      expect.objectContaining({ row: 2, line: 3, vat: 'DE143454214', country_name: 'Germany', problems: [] }),
    ]);
    expect(preview).toMatchObject({ valid: 2, invalid: 0, cost: 2, credits: 3 });
  });

  it('reads the site type in any case; an unknown one is a row problem in words', async () => {
    const res = await post({ text: 'VAT,Country,Site address,Site type\n500697256,PT,Rua A 1 Porto,Office\n500697256,PT,Rua B 2 Lisboa,castle\n143454214,DE,,\n' });
    expect(res.statusCode).toBe(200);
    const preview = res.json<PortfolioPreview>();
    expect(preview.rows[0]).toMatchObject({ site_type: 'office', problems: [] });
    expect(preview.rows[1]).toMatchObject({ site_type: 'castle', problems: [expect.stringMatching(/^Unknown site type 'castle': use office, warehouse, plant, retail, construction or other/)] });
    expect(preview.rows[2]).toMatchObject({ site_type: '', problems: [] });
    expect(preview).toMatchObject({ valid: 2, invalid: 1 });
  });

  it('reads an uploaded Windows-1252 CSV and an XLSX, by their content', async () => {
    const csv = await upload(Buffer.from('Référence,TVA,Pays\nSociété Générale,RO361579,Roumanie\nTotal,FR59542051180,France\n', 'latin1'), 'book.csv');
    expect(csv.statusCode).toBe(200);
    const rows = csv.json<PortfolioPreview>().rows;
    expect(rows[0]).toMatchObject({ reference: 'Société Générale', country: 'Roumanie', problems: ["Unsupported country 'Roumanie': Corisk covers the 27 EU member states."] });
    expect(rows[1]).toMatchObject({ reference: 'Total', vat: 'FR59542051180', problems: [] });

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sites');
    sheet.addRow(['VAT number', 'Country', 'Site address']);
    sheet.addRow(['ESA28015865', 'Spain', 'Gran Vía 28, 28013 Madrid']);
    sheet.addRow(['ESA28015865', 'ES', 'gran via 28,  28013 MADRID']);
    const xlsx = await upload(Buffer.from(await book.xlsx.writeBuffer()), 'book.xlsx', 'file', 'application/octet-stream');
    expect(xlsx.statusCode).toBe(200);
    const preview = xlsx.json<PortfolioPreview>();
    expect(preview.rows[1]!.problems).toEqual(['Same fiscal number and site address as row 1: the site would be assessed twice.']);
    expect(preview).toMatchObject({ valid: 1, invalid: 1, cost: 1 });
  });

  it('refuses in words: no file field, over 10 MB, over 500 rows, not a workbook, no row', async () => {
    const cases: [Promise<{ statusCode: number; json: () => unknown }>, RegExp][] = [
      [upload(Buffer.from('500697256,PT'), 'a.csv', 'image'), /multipart form field named 'file'/],
      [upload(Buffer.alloc(10 * 1024 * 1024 + 10, 0x41), 'big.csv'), /^The file is larger than 10 MB\.$/],
      [upload(Buffer.from(Array.from({ length: 5000 }, () => 'PT500697256,PT').join('\n')), 'many.csv'), /more than 500 rows; a portfolio holds at most 500/],
      [upload(Buffer.from('PK\x03\x04 not really a zip'), 'fake.xlsx'), /^The file is not a valid XLSX workbook\.$/],
      [upload(Buffer.from('\n;;\n'), 'empty.csv'), /holds no rows/],
    ];
    for (const [pending, detail] of cases) {
      const res = await pending;
      expect(res.statusCode, String(detail)).toBe(400);
      expect(res.json()).toMatchObject({ detail: expect.stringMatching(detail), code: expect.any(String) });
    }
    const tooMany = await post({ rows: Array.from({ length: 501 }, () => ({ fiscal_number: '500697256', country: 'PT' })) });
    expect(tooMany.json()).toMatchObject({ detail: 'A portfolio holds at most 500 rows.' });
    const create = await t.app.inject({ method: 'POST', url: '/api/portfolios', headers: user.headers, payload: { rows: [] } });
    expect(create.json()).toMatchObject({ detail: 'Add at least one row.' });
    const neither = await post({ file: 'x' });
    expect(neither.statusCode).toBe(400);
  });

  it('stores a portfolio on an instance that runs no workers (the rows wait in the queue)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/portfolios', headers: user.headers, payload: { rows: [{ fiscal_number: '500697256', country: 'PT' }] } });
    expect(res.statusCode).toBe(201);
    const detail = await t.app.inject({ method: 'GET', url: `/api/portfolios/${res.json<{ id: string }>().id}`, headers: user.headers });
    expect(detail.json()).toMatchObject({ status: 'queued', total: 1, done: 0, failed: 0, eta_seconds: null, rows: [{ status: 'queued', row: 1 }] });
  });

  it('stores a portfolio of invalid rows only as done at once, nothing queued nor charged', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portfolios',
      headers: user.headers,
      payload: { rows: [{ fiscal_number: '1', country: 'PT' }, { fiscal_number: '500697256', country: 'Atlantis' }] },
    });
    expect(res.statusCode).toBe(201);
    const detail = await t.app.inject({ method: 'GET', url: `/api/portfolios/${res.json<{ id: string }>().id}`, headers: user.headers });
    expect(detail.json()).toMatchObject({ status: 'done', total: 2, done: 0, failed: 2, finished_at: expect.any(String) });
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/portfolios/preview', payload: { text: '500697256,PT' } });
    expect(res.statusCode).toBe(401);
  });
});
