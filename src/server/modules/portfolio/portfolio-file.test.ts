import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parsePortfolioCsv } from './index.js';
import { checkXlsxContainer, decodeText, detectSeparator, readPortfolioFile, readPortfolioText, type SourceRow } from './portfolio-file.js';
import { safeCell, toCsv } from './portfolio-export.js';

/** Reading portfolio files people actually have, and files made to hurt. */

const fields = (rows: SourceRow[]) => rows.map(({ fiscal_number, country, reference, site_address }) => [fiscal_number, country, reference, site_address]);

async function xlsx(rows: unknown[][], extraSheetFirst = false): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  if (extraSheetFirst) book.addWorksheet('Notes').addRow(['VAT', 'Country']);
  const sheet = book.addWorksheet('Sites');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A zip of one stored or deflated entry, by hand (central directory and all). */
function zipOf(entries: { name: string; data: Buffer; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const body = deflateRawSync(e.data);
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(e.declaredSize ?? e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(e.declaredSize ?? e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

describe('CSV text', () => {
  it('reads a header by its names in several languages, in any order, and ignores unknown columns', () => {
    const rows = readPortfolioText('Référence;Adresse du site;Pays;NIF;Notes\nA1;Rua X 1, Lisboa;Portugal;500697256;x\n');
    expect(fields(rows)).toEqual([['500697256', 'Portugal', 'A1', 'Rua X 1, Lisboa']]);
    expect(rows[0]!.line).toBe(2);
    expect(fields(readPortfolioText('VAT number,Country code\nDE143454214,DE'))).toEqual([['DE143454214', 'DE', '', '']]);
    expect(fields(readPortfolioText('USt-IdNr.\tLand\tKunde\n143454214\tGermany\tSAP'))).toEqual([['143454214', 'Germany', 'SAP', '']]);
  });

  it('reads positional columns without a header: fiscal number, country, reference, site address', () => {
    expect(fields(readPortfolioText('500697256,Portugal,Client 1,"Rua X, 1"\r\n143454214,DE\r\n'))).toEqual([
      ['500697256', 'Portugal', 'Client 1', 'Rua X, 1'],
      ['143454214', 'DE', '', ''],
    ]);
    // A reference that happens to be a header word does not make a data line a header.
    expect(fields(readPortfolioText('500697256,Portugal,Company'))).toEqual([['500697256', 'Portugal', 'Company', '']]);
  });

  it('tells commas, semicolons and tabs apart, even with commas inside addresses', () => {
    expect(detectSeparator('a;b;c\nd;e;f')).toBe(';');
    expect(detectSeparator('a\tb, c\nd\te, f')).toBe('\t');
    expect(detectSeparator('a,b\nc,d')).toBe(',');
    expect(fields(readPortfolioText('500697256;Portugal;Ref;Rua A, 1, Lisboa\n143454214;Germany;Ref 2;Str. 1, Walldorf'))).toEqual([
      ['500697256', 'Portugal', 'Ref', 'Rua A, 1, Lisboa'],
      ['143454214', 'Germany', 'Ref 2', 'Str. 1, Walldorf'],
    ]);
  });

  it('reads quoted fields: doubled quotes, separators and line breaks inside, stray quotes kept', () => {
    const rows = readPortfolioText('vat,country,reference,address\n500697256,PT,"He said ""hi""","Line 1\nLine 2, Porto"\n143454214,DE,O"Brien,x\n');
    expect(fields(rows)).toEqual([
      ['500697256', 'PT', 'He said "hi"', 'Line 1\nLine 2, Porto'],
      ['143454214', 'DE', 'O"Brien', 'x'],
    ]);
    // Lines are counted in the file, line breaks inside quotes included.
    expect(rows.map((r) => r.line)).toEqual([2, 4]);
    // An unclosed quote runs to the end instead of failing.
    expect(fields(readPortfolioText('500697256,"Portugal'))).toEqual([['500697256', 'Portugal', '', '']]);
  });

  it('skips empty lines and lines of empty cells', () => {
    expect(readPortfolioText('\n\nvat;country\n\n;;\n500697256;PT\n \n').map((r) => r.line)).toEqual([6]);
  });

  it('refuses a header without a fiscal number column, a file without rows, more than 500 rows', () => {
    expect(() => readPortfolioText('Name,Country\nSAP,Germany')).toThrow(/names no fiscal number column/);
    expect(() => readPortfolioText('vat,country\n\n')).toThrow(/holds no rows/);
    const big = Array.from({ length: 501 }, (_, i) => `5006972${String(i).padStart(2, '0')},PT`).join('\n');
    expect(() => readPortfolioText(big)).toThrow(expect.objectContaining({ status: 400, message: expect.stringMatching(/more than 500 rows; a portfolio holds at most 500/) }));
    expect(readPortfolioText(`vat,country\n${big.split('\n').slice(0, 500).join('\n')}`)).toHaveLength(500);
  });

  it('refuses 5,000 rows quickly, at the 501st', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `PT500697256,Portugal,Ref ${i},Rua ${i}`).join('\n');
    const started = performance.now();
    expect(() => readPortfolioText(text)).toThrow(/more than 500 rows/);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('reads a site_type column by its header or in fifth place, as written', () => {
    const rows = readPortfolioText('VAT,Country,Site type\nPT500697256,PT,OFFICE\n143454214,DE,Construction site\n');
    expect(rows.map((r) => r.site_type)).toEqual(['OFFICE', 'Construction site']);
    expect(readPortfolioText('500697256,Portugal,Ref,"Rua X, 1",warehouse')[0]!.site_type).toBe('warehouse');
    expect(readPortfolioText('500697256,Portugal')[0]!.site_type).toBe('');
    expect(parsePortfolioCsv('vat,country,site_type\nPT500697256,PT,plant')).toEqual([{ fiscal_number: 'PT500697256', country: 'PT', reference: '', site_address: '', site_type: 'plant' }]);
  });

  it('is the public parsePortfolioCsv of the module (for the API)', () => {
    expect(parsePortfolioCsv('vat,country,site address\nPT500697256,PT,Porto')).toEqual([{ fiscal_number: 'PT500697256', country: 'PT', reference: '', site_address: 'Porto' }]);
  });
});

describe('encodings', () => {
  const text = 'NIF;País;Referência;Morada\n500697256;Portugal;Açores Seguros;Rua São João 1, Ponta Delgada\n';
  const expected = [['500697256', 'Portugal', 'Açores Seguros', 'Rua São João 1, Ponta Delgada']];

  it('reads UTF-8 with and without BOM', async () => {
    expect(fields(await readPortfolioFile(Buffer.from(text, 'utf8')))).toEqual(expected);
    expect(fields(await readPortfolioFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])))).toEqual(expected);
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8 (Excel on Windows, Latin-1)', async () => {
    expect(fields(await readPortfolioFile(Buffer.from(text, 'latin1')))).toEqual(expected);
    // Windows-1252's own letters (€, œ, curly quotes) in the 0x80–0x9F range.
    expect(decodeText(Buffer.from([0x80, 0x20, 0x9c, 0x20, 0x93, 0x61, 0x94]))).toBe('€ œ “a”');
  });

  it("reads UTF-16 with its BOM (Excel's \"Unicode text\", tab-separated)", async () => {
    const tsv = text.replace(/;/g, '\t');
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(tsv, 'utf16le')]);
    expect(fields(await readPortfolioFile(le))).toEqual(expected);
    const be = Buffer.from(le);
    be.swap16();
    expect(fields(await readPortfolioFile(be))).toEqual(expected);
  });

  it('refuses binaries that are not CSV, and old .xls workbooks, in words', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    await expect(readPortfolioFile(png)).rejects.toMatchObject({ status: 400, message: 'The file is neither CSV text nor an XLSX workbook.' });
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]);
    await expect(readPortfolioFile(xls)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/\.xls.*save the sheet as \.xlsx or CSV/) });
    await expect(readPortfolioFile(Buffer.from('500697256,PT'), 'book.xlsx')).rejects.toMatchObject({ message: 'The file is not a valid XLSX workbook.' });
  });

  it('refuses a file over 10 MB', async () => {
    await expect(readPortfolioFile(Buffer.alloc(10 * 1024 * 1024 + 1, 0x41))).rejects.toMatchObject({ status: 400, message: 'The file is larger than 10 MB.' });
  });

  it('reads a 10 MB file of one huge cell without trouble (the cell is refused later as too long)', async () => {
    const rows = await readPortfolioFile(Buffer.from(`500697256,PT,${'x'.repeat(10 * 1024 * 1024 - 20)}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reference.length).toBeGreaterThan(10_000_000);
  });
});

describe('XLSX', () => {
  it('reads the first sheet with a header; numbers without exponent', async () => {
    const file = await xlsx([
      ['Your reference', 'VAT', 'Country', 'Site address'],
      ['A', 500697256, 'Portugal', 'Rua X 1, Porto'],
      [],
      ['B', 'DE143454214', 'DE', null],
    ]);
    const rows = await readPortfolioFile(file, 'book.xlsx');
    expect(fields(rows)).toEqual([
      ['500697256', 'Portugal', 'A', 'Rua X 1, Porto'],
      ['DE143454214', 'DE', 'B', ''],
    ]);
    expect(rows.map((r) => r.line)).toEqual([2, 4]);
  });

  it('reads positional columns without a header, from the first sheet only', async () => {
    const file = await xlsx([['500697256', 'PT', 'ref', 'addr']], true);
    await expect(readPortfolioFile(file)).rejects.toThrow(/holds no rows/);
    expect(fields(await readPortfolioFile(await xlsx([['500697256', 'PT', 'ref', 'addr']])))).toEqual([['500697256', 'PT', 'ref', 'addr']]);
  });

  it('refuses 5,000 rows before reading them', async () => {
    const file = await xlsx([['vat', 'country'], ...Array.from({ length: 5000 }, (_, i) => [`PT5006972${i}`, 'PT'])]);
    const started = performance.now();
    await expect(readPortfolioFile(file)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^The file holds 5001 rows; a portfolio holds at most 500/) });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses what is not an XLSX workbook: a zip without one, a truncated file, garbage after the signature', async () => {
    const otherZip = zipOf([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]);
    await expect(readPortfolioFile(otherZip)).rejects.toMatchObject({ status: 400, message: 'The file is not a valid XLSX workbook.' });
    const good = await xlsx([['vat', 'country'], ['500697256', 'PT']]);
    await expect(readPortfolioFile(good.subarray(0, good.length - 100))).rejects.toMatchObject({ message: 'The file is not a valid XLSX workbook.' });
    await expect(readPortfolioFile(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2000, 7)]))).rejects.toMatchObject({ message: 'The file is not a valid XLSX workbook.' });
  });

  it('refuses a zip bomb after 50 MB of output, whatever sizes it declares', () => {
    const bomb = zipOf([
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024, 0x20), declaredSize: 1000 },
    ]);
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    expect(() => checkXlsxContainer(bomb)).toThrow(/expands to more than 50 MB/);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('exports against formula injection', () => {
  it('neutralises text starting with = + - @ tab or carriage return, and nothing else', () => {
    for (const s of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) expect(safeCell(s)).toBe(`'${s}`);
    for (const s of ['EDP, S.A.', '1-2', 'a=b', '']) expect(safeCell(s)).toBe(s);
  });

  it('writes RFC 4180 CSV with a BOM and CRLF', () => {
    const csv = toCsv({ header: ['a', 'b'], rows: [['x,y', 'say "hi"'], [null, 12], ['=cmd|\'/c calc\'!A0', 'line\nbreak']] }).toString('utf8');
    expect(csv).toBe('\uFEFFa,b\r\n"x,y","say ""hi"""\r\n,12\r\n\'=cmd|\'/c calc\'!A0,"line\nbreak"\r\n');
  });
});
