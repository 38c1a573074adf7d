import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryByIso2 } from '../../../shared/countries.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/db.js';
import { zipFiles } from '../../../../test/zip.js';
import { currentImports, importedRegisters, importRegister, ImportFileError } from './index.js';

/**
 * Belgium's KBO open data, imported from the sample files (test/fixtures/registers/be, cut to a
 * hundred-odd enterprises in the published format), zipped as KBO publishes them: the lookup,
 * a truncated file that leaves the previous import, and a second import replacing the first.
 */

const fixtures = join(import.meta.dirname, '../../../../test/fixtures/registers/be');
const csvFiles = (): Record<string, string> =>
  Object.fromEntries(readdirSync(fixtures).filter((f) => f.endsWith('.csv')).map((f) => [f, readFileSync(join(fixtures, f), 'utf8')]));

const BE = countryByIso2('BE')!;
let database: TestDatabase;
let dir: string;
const find = (nationalNumber: string) => importedRegisters(database.db)({ country: BE, nationalNumber });

function writeZip(name: string, files: Record<string, string>): string {
  const path = join(dir, name);
  writeFileSync(path, zipFiles(files));
  return path;
}

async function importBe(path: string) {
  const progress: string[] = [];
  const result = await importRegister({ db: database.db, state: 'BE', inputs: [path], userAgent: 'Corisk/test', progress: (m) => progress.push(m) });
  return { result, progress };
}

const rowsOfBe = async () =>
  Number(((await database.db.execute(sql`select count(*) as n from register_companies where state = 'BE'`)) as unknown as { rows: { n: string }[] }).rows[0]!.n);

beforeAll(async () => {
  database = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'corisk-kbo-'));
});
afterAll(async () => {
  await database.close();
});

describe('KBO open data import', () => {
  it('imports every enterprise of the full ZIP, dated by its SnapshotDate, and reports its progress', async () => {
    const enterprises = csvFiles()['enterprise.csv']!.trim().split('\n').length - 1;
    const { result, progress } = await importBe(writeZip('KboOpenData_0150_2026_11_Full.zip', csvFiles()));
    expect(result).toEqual({ state: 'BE', publishedOn: '2026-11-01', companies: enterprises, files: ['KboOpenData_0150_2026_11_Full.zip'] });
    expect(progress).toContain(`enterprise.csv: ${enterprises} rows read`);
    expect(await currentImports(database.db)).toEqual([
      expect.objectContaining({ state: 'BE', publishedOn: '2026-11-01', companies: enterprises, files: ['KboOpenData_0150_2026_11_Full.zip'] }),
    ]);
  });

  it('answers a company from the local table: name, address, legal form, status, start date and the NACE-BEL 2008 activity, naming the file and its date', async () => {
    expect(await find('0202003092')).toMatchObject({
      source: 'registry',
      sourceNote: 'KBO open data of 2026-11-01',
      name: 'Cabinet médical François',
      vatNumber: 'BE0202003092',
      countryIso2: 'BE',
      postalCode: '1050',
      legalForm: expect.stringMatching(/./),
      status: 'active',
      incorporatedOn: '2015-08-14',
      naceCode: '86.21',
      nationalCode: { scheme: 'NACE-BEL', version: '2008', code: '86210' },
      activityEvidence: 'NACE 86.21 from NACE-BEL 2008 code 86210 in the KBO open data of 2026-11-01',
      sample: false,
    });
  });

  it('reads the juridical situation: voluntary liquidation, bankruptcy', async () => {
    expect(await find('0259347712')).toMatchObject({ name: 'Consult Mertens', status: 'in_liquidation', postalCode: '2800', naceCode: '70.22' });
    expect(await find('0292510824')).toMatchObject({ status: 'insolvent' });
  });

  it("takes an establishment unit's main activity when the enterprise has none of its own", async () => {
    expect(await find('0369742719')).toMatchObject({
      name: 'IT-Advies De Vos',
      naceCode: '62.02',
      nationalCode: { scheme: 'NACE-BEL', version: '2008', code: '62020' },
      address: 'Louizalaan 67',
      city: 'Ukkel',
    });
  });

  it('answers null for a number the file does not hold, and for a state never imported', async () => {
    expect(await find('0999999999')).toBeNull();
    expect(await importedRegisters(database.db)({ country: countryByIso2('LV')!, nationalNumber: '40003032949' })).toBeNull();
  });

  it('a truncated ZIP, or a file cut short inside it, fails and leaves the previous import whole', async () => {
    const full = zipFiles(csvFiles());
    const cut = join(dir, 'cut.zip');
    writeFileSync(cut, full.subarray(0, Math.floor(full.length * 0.7)));
    await expect(importBe(cut)).rejects.toThrow(ImportFileError);
    await expect(importBe(cut)).rejects.toThrow(/not a readable ZIP archive .*truncated/);

    const files = csvFiles();
    const activity = files['activity.csv']!;
    files['activity.csv'] = activity.slice(0, Math.floor(activity.length / 2) + 7);
    await expect(importBe(writeZip('half.zip', files))).rejects.toThrow(/activity\.csv: .*(damaged or truncated|the file is truncated)/);

    expect(await find('0202003092')).toMatchObject({ name: 'Cabinet médical François', sourceNote: 'KBO open data of 2026-11-01' });
    expect((await currentImports(database.db))[0]).toMatchObject({ publishedOn: '2026-11-01' });
    expect(await rowsOfBe()).toBe((await currentImports(database.db))[0]!.companies);
    const left = (await database.db.execute(sql`select count(*) as n from pg_tables where tablename like 'register_stage_%'`)) as unknown as { rows: { n: string }[] };
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it('refuses files that are not the KBO set, naming what is missing', async () => {
    const files = csvFiles();
    delete files['activity.csv'];
    await expect(importBe(writeZip('partial.zip', files))).rejects.toThrow(/activity\.csv \(KBO open data\) is missing/);
  });

  it('a second import replaces the first whole: changed names, removed enterprises gone, a NACE-BEL 2025 code read through the correspondence', async () => {
    const files = csvFiles();
    files['meta.csv'] = files['meta.csv']!.replace('"01-11-2026"', '"01-12-2026"');
    files['denomination.csv'] = files['denomination.csv']!.replace(/"Consult Mertens"/g, '"Mertens Advies"');
    files['enterprise.csv'] = files['enterprise.csv']!.split('\n').filter((l) => !l.startsWith('"0292.510.824"')).join('\n');
    // Only the 2025 code left for the doctor's practice.
    files['activity.csv'] = files['activity.csv']!.split('\n').filter((l) => !(l.startsWith('"0202.003.092"') && l.includes('"2008"'))).join('\n');
    const before = (await currentImports(database.db))[0]!.companies;
    const { result } = await importBe(writeZip('KboOpenData_0151_2026_12_Full.zip', files));
    expect(result).toMatchObject({ publishedOn: '2026-12-01', companies: before - 1 });
    expect(await find('0259347712')).toMatchObject({ name: 'Mertens Advies', sourceNote: 'KBO open data of 2026-12-01' });
    expect(await find('0292510824')).toBeNull();
    expect(await find('0202003092')).toMatchObject({
      naceCode: '86.21',
      nationalCode: { scheme: 'NACE-BEL', version: '2025', code: '86210' },
      activityEvidence: expect.stringContaining('NACE-BEL 2025 code 86210'),
    });
    expect(await rowsOfBe()).toBe(before - 1);
  });

  it('downloads the files from a URL (the publisher date still from meta.csv), and says when the server refuses', async () => {
    const zip = zipFiles(csvFiles());
    const server: Server = createServer((req, res) => {
      if (req.url === '/kbo/full.zip' || (req.url === '/mirror/full.zip' && req.headers.authorization === `Basic ${Buffer.from('user:hunter2').toString('base64')}`)) {
        res.writeHead(200, { 'content-type': 'application/zip', 'last-modified': 'Sun, 01 Nov 2026 06:00:00 GMT' });
        return res.end(zip);
      }
      // What KBO answers without a session: its sign-in page.
      if (req.url === '/kbo/signin.zip') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><form>Log in</form></html>');
      res.writeHead(403).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { result } = await importBe(`${base}/kbo/full.zip`);
      expect(result).toMatchObject({ publishedOn: '2026-11-01', files: ['full.zip'] });
      await expect(importBe(`${base}/kbo/other.zip?token=secret`)).rejects.toThrow(`${base}/kbo/other.zip?… answered HTTP 403`);
      const withUser = base.replace('http://', 'http://user:hunter2@');
      const signin = importBe(`${withUser}/kbo/signin.zip`);
      await expect(signin).rejects.toThrow(`http://…@${base.slice('http://'.length)}/kbo/signin.zip answered an HTML page, not the file`);
      await expect(importBe(`${withUser}/kbo/signin.zip`)).rejects.not.toThrow(/hunter2/);
      // A mirror behind HTTP Basic authentication, its credentials in the URL.
      expect((await importBe(`${withUser}/mirror/full.zip`)).result).toMatchObject({ publishedOn: '2026-11-01', files: ['full.zip'] });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('the real rows of KBO extract 147 (test/fixtures/registers/be-kbo-147)', () => {
  const real = join(import.meta.dirname, '../../../../test/fixtures/registers/be-kbo-147');
  const files = () => Object.fromEntries(readdirSync(real).filter((f) => f.endsWith('.csv')).map((f) => [f, readFileSync(join(real, f), 'utf8')]));

  it('imports them as published: dated by their SnapshotDate, names, addresses with boxes, legal forms in the name’s language', async () => {
    const { result } = await importBe(writeZip('KboOpenData_0147_2025_10_12.zip', files()));
    expect(result).toMatchObject({ publishedOn: '2025-10-11', companies: 10 });
    expect(await find('1029025290')).toMatchObject({
      name: 'STRIC',
      address: 'Vierselbaan 12 bus b',
      postalCode: '2240',
      city: 'Zandhoven',
      legalForm: 'Besloten Vennootschap',
      status: 'active',
      incorporatedOn: '2025-10-11',
      sourceNote: 'KBO open data of 2025-10-11',
    });
    // A French name: the French street, municipality and legal form.
    expect(await find('1029028161')).toMatchObject({
      name: 'Cap Horizons ASBL',
      address: 'Boulevard Louis Mettewie 60 bte 15',
      postalCode: '1080',
      city: 'Molenbeek-Saint-Jean',
      legalForm: 'Association sans but lucratif',
    });
    // A commercial partnership's name, not its abbreviation.
    expect(await find('1029026280')).toMatchObject({ name: 'Otman CommV', legalForm: 'Commanditaire vennootschap' });
    expect((await find('1029025290'))?.naceCode).toBeUndefined();
  });
});
