import { copyFileSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryByIso2 } from '../../../shared/countries.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/db.js';
import { zipFiles } from '../../../../test/zip.js';
import { currentImports, importedRegisters, importRegister, ImportFileError, type ImportState } from './index.js';

/**
 * Estonia's e-Business Register, Slovenia's FURS taxpayer list and Latvia's Register of
 * Enterprises, imported from the sample files (test/fixtures/registers/{ee,si,lv}) as each
 * publisher ships them: EE two ZIPs, SI one ZIP of a fixed-width text, LV a plain CSV. The lookup
 * of the companies the fixtures' READMEs list, a truncated file that leaves the previous import,
 * and a second import replacing the first.
 */

const fixtures = join(import.meta.dirname, '../../../../test/fixtures/registers');
const fixture = (state: string, name: string) => readFileSync(join(fixtures, state, name), 'utf8');

const NOV = new Date(Date.UTC(2026, 10, 1, 6, 0, 0));
const DEC = new Date(Date.UTC(2026, 11, 1, 6, 0, 0));

let database: TestDatabase;
let dir: string;

const finder = (iso2: string) => {
  const country = countryByIso2(iso2)!;
  return (nationalNumber: string) => importedRegisters(database.db)({ country, nationalNumber });
};

async function importState(state: ImportState, inputs: string[]) {
  return importRegister({ db: database.db, state, inputs, userAgent: 'Corisk/test' });
}

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await database.db.execute(query)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
const rowsOf = (state: ImportState) => count(sql`select count(*) as n from register_companies where state = ${state}`);
const stageTables = () => count(sql`select count(*) as n from pg_tables where tablename like 'register_stage_%'`);
const current = async (state: ImportState) => (await currentImports(database.db)).find((i) => i.state === state);

/** After a failed import: the previous one still current and whole, no scratch table left. */
async function expectPreviousKept(state: ImportState, publishedOn: string, companies: number) {
  expect(await current(state)).toMatchObject({ publishedOn, companies });
  expect(await rowsOf(state)).toBe(companies);
  expect(await stageTables()).toBe(0);
}

beforeAll(async () => {
  database = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'corisk-registers-'));
});
afterAll(async () => {
  await database.close();
});

describe('EE: e-Business Register open data', () => {
  const CSV = 'ettevotja_rekvisiidid__lihtandmed.csv';
  const JSON_FILE = 'ettevotja_rekvisiidid__yldandmed.json';
  const ZIPS = [`${CSV}.zip`, `${JSON_FILE}.zip`];
  const find = finder('EE');
  const csv = () => fixture('ee', CSV);
  const json = () => fixture('ee', JSON_FILE);
  /** Rows with a KMKR number (EE + 9 digits), the only ones the import keeps. */
  const withVat = (text: string) => text.split('\n').filter((l) => /;EE\d{9};[RLN];/.test(l)).length;

  /** The two ZIPs in a folder of their own (their names are fixed); `json: null` leaves that one out. */
  function zips(files: { csv?: string; json?: string | null }, date = NOV): string[] {
    const folder = mkdtempSync(join(dir, 'ee-'));
    const paths = [join(folder, ZIPS[0]!)];
    writeFileSync(paths[0]!, zipFiles({ [CSV]: files.csv ?? csv() }, date));
    if (files.json !== null) {
      paths.push(join(folder, ZIPS[1]!));
      writeFileSync(paths[1]!, zipFiles({ [JSON_FILE]: files.json ?? json() }, date));
    }
    return paths;
  }

  it('imports the companies with a VAT number, dated by the ZIP entry', async () => {
    const companies = withVat(csv());
    expect(companies).toBe(65);
    const result = await importState('EE', zips({}));
    expect(result).toEqual({ state: 'EE', publishedOn: '2026-11-01', companies, files: ZIPS });
    expect(await current('EE')).toMatchObject({ publishedOn: '2026-11-01', companies, files: ZIPS });
    expect(await rowsOf('EE')).toBe(companies);
  });

  it('answers a company: CSV facts, the staff of the latest annual report, EMTAK 2025 read through the NACE Rev. 2.1 correspondence', async () => {
    expect(await find('102563416')).toMatchObject({
      source: 'registry',
      sourceNote: 'e-Business Register open data of 2026-11-01',
      name: 'Põhjarannik Tarkvara OÜ',
      vatNumber: 'EE102563416',
      countryIso2: 'EE',
      address: 'Kalaranna tn 8-14',
      postalCode: '11911',
      city: 'Tallinn',
      legalForm: 'Osaühing',
      status: 'active',
      incorporatedOn: '2022-05-12',
      employees: '7',
      reference: '16512340',
      naceCode: '62.01',
      nationalCode: { scheme: 'EMTAK', version: '2025', code: '62101' },
      activityEvidence:
        'NACE 62.01 from EMTAK 2025 code 62101 in the e-Business Register open data of 2026-11-01 (NACE Rev. 2.1 class 62.10, read as Rev. 2 class 62.01 by the Eurostat correspondence)',
      sample: false,
    });
  });

  it('reads the status letters: L in liquidation, N bankrupt; a place outside Tallinn keeps its EHAK name', async () => {
    expect(await find('100456787')).toMatchObject({
      name: 'Aktsiaselts Sääse Ehitus',
      address: 'Sõpruse pst 145',
      postalCode: '13417',
      city: 'Tallinn',
      legalForm: 'Aktsiaselts',
      status: 'in_liquidation',
      incorporatedOn: '1997-11-17',
      employees: '0',
      // NACE Rev. 2.1 41.00 has no Rev. 2 twin: the correspondence reads it as 41.20.
      naceCode: '41.20',
      nationalCode: { scheme: 'EMTAK', version: '2025', code: '41001' },
      activityEvidence: expect.stringContaining('NACE 41.20 from EMTAK 2025 code 41001 in the e-Business Register open data of 2026-11-01 (NACE Rev. 2.1 class 41.00'),
    });
    expect(await find('101998765')).toMatchObject({
      name: 'Jõesuu Logistika OÜ',
      address: 'Jõe tn 2',
      postalCode: '80010',
      city: 'Pärnu linn',
      legalForm: 'Osaühing',
      status: 'insolvent',
      incorporatedOn: '2015-08-28',
      employees: '0',
      naceCode: '49.41',
      nationalCode: { scheme: 'EMTAK', version: '2025', code: '49411' },
      activityEvidence: expect.stringContaining('EMTAK 2025 code 49411'),
    });
  });

  it('a company that reported no activity and no annual report has neither', async () => {
    const found = await find('101721589');
    expect(found).toMatchObject({ name: '001 Kinnisvara OÜ', address: 'Õismäe tee 78-9', postalCode: '13513', city: 'Tallinn', status: 'active', incorporatedOn: '2014-04-25' });
    expect(found?.naceCode).toBeUndefined();
    expect(found?.nationalCode).toBeUndefined();
    expect(found?.activityEvidence).toBeUndefined();
    expect(found?.employees).toBeUndefined();
  });

  it('does not know a company without a VAT number, nor a number the file does not hold; the registry code is no VAT number', async () => {
    // Kõrvemaa Metsaäärse Kohvik OÜ and Ülemiste Reklaam OÜ have no kmkr_nr.
    expect(await find('14873524')).toBeNull();
    expect(await find('16900013')).toBeNull();
    expect(await find('16512340')).toBeNull();
    expect(await find('999999999')).toBeNull();
  });

  it('a general data JSON cut short inside its ZIP fails and leaves the previous import, with no scratch table left', async () => {
    const text = json();
    const cut = text.slice(0, Math.floor(text.length / 2));
    await expect(importState('EE', zips({ json: cut }))).rejects.toThrow(ImportFileError);
    await expect(importState('EE', zips({ json: cut }))).rejects.toThrow(/yldandmed\.json ends before its array is closed; the file is truncated/);
    await expectPreviousKept('EE', '2026-11-01', 65);
    expect(await find('102563416')).toMatchObject({ name: 'Põhjarannik Tarkvara OÜ', employees: '7' });
  });

  it('without the general data JSON it fails, naming the missing file', async () => {
    await expect(importState('EE', zips({ json: null }))).rejects.toThrow(ImportFileError);
    await expect(importState('EE', zips({ json: null }))).rejects.toThrow(/the general data JSON .* is missing/);
    await expectPreviousKept('EE', '2026-11-01', 65);
  });

  it('a second import replaces the first whole', async () => {
    const lines = csv()
      .split('\n')
      .filter((l) => !l.startsWith('Jõesuu Logistika OÜ;'))
      .map((l) => (l.startsWith('Põhjarannik Tarkvara OÜ;') ? l.replace('Põhjarannik Tarkvara OÜ;', 'Põhjarannik Software OÜ;') : l));
    const result = await importState('EE', zips({ csv: lines.join('\n') }, DEC));
    expect(result).toMatchObject({ publishedOn: '2026-12-01', companies: 64 });
    expect(await find('102563416')).toMatchObject({ name: 'Põhjarannik Software OÜ', employees: '7', sourceNote: 'e-Business Register open data of 2026-12-01' });
    expect(await find('101998765')).toBeNull();
    expect(await rowsOf('EE')).toBe(64);
  });
});

describe('SI: FURS list of taxpayers (legal persons)', () => {
  const TXT = 'DURS_zavezanci_PO.txt';
  const ZIP = 'DURS_zavezanci_PO.zip';
  const find = finder('SI');
  const txt = () => fixture('si', TXT);
  const lines = () => txt().split('\r\n');

  function zip(content: string | Buffer, date = NOV): string {
    const folder = mkdtempSync(join(dir, 'si-'));
    const path = join(folder, ZIP);
    writeFileSync(path, zipFiles({ [TXT]: content }, date));
    return path;
  }

  /** windows-1250 bytes of a text in ASCII and the few letters the fixture uses. */
  const CP1250: Record<string, number> = { Š: 0x8a, Ž: 0x8e, Č: 0xc8, š: 0x9a, ž: 0x9e, č: 0xe8, Ü: 0xdc, ß: 0xdf };
  function windows1250(text: string): Buffer {
    return Buffer.from(
      [...text].map((c) => {
        const code = c.charCodeAt(0);
        if (code < 0x80) return code;
        const byte = CP1250[c];
        if (byte === undefined) throw new Error(`no windows-1250 byte for ${c}`);
        return byte;
      }),
    );
  }

  it('imports every 8-digit tax number, VAT-liable or not, dated by the ZIP entry', async () => {
    const companies = lines().filter((l) => /^\d{8}$/.test(l.slice(4, 12))).length;
    expect(companies).toBe(135);
    const result = await importState('SI', [zip(txt())]);
    expect(result).toEqual({ state: 'SI', publishedOn: '2026-11-01', companies, files: [ZIP] });
    expect(await current('SI')).toMatchObject({ publishedOn: '2026-11-01', companies });
  });

  it('answers a company: name, address split, legal form from the suffix, the SKD 2008 activity', async () => {
    const found = await find('51234564');
    expect(found).toMatchObject({
      source: 'registry',
      sourceNote: 'FURS taxpayer register of 2026-11-01',
      name: 'ŠUMNIK RAČUNALNIŠTVO D.O.O.',
      vatNumber: 'SI51234564',
      countryIso2: 'SI',
      address: 'ŠMARTINSKA CESTA 52',
      postalCode: '1000',
      city: 'LJUBLJANA',
      legalForm: 'd.o.o.',
      status: 'active',
      naceCode: '62.01',
      nationalCode: { scheme: 'SKD', version: '2008', code: '62.010' },
      activityEvidence: 'NACE 62.01 from SKD 2008 code 62.010 in the FURS taxpayer register of 2026-11-01',
    });
    expect(found?.incorporatedOn).toBeUndefined();
    expect(found?.employees).toBeUndefined();
    expect(await find('62345672')).toMatchObject({ name: 'ŽITO TRGOVINA D.D.', address: 'PREŠERNOVA ULICA 3', postalCode: '4000', city: 'KRANJ', legalForm: 'd.d.', naceCode: '47.11' });
    // Not VAT-liable, still a taxpayer of the list.
    expect(await find('73456781')).toMatchObject({ name: 'GOSTILNA ČEBELICA, GOSTINSTVO D.O.O.', address: 'KIDRIČEVA ULICA 8', postalCode: '2250', city: 'PTUJ', legalForm: 'd.o.o.', naceCode: '56.10' });
  });

  it('reads bankruptcy and liquidation from the name suffix', async () => {
    expect(await find('84567899')).toMatchObject({
      name: 'GRADBENIŠTVO KOŠIR D.O.O. - V STEČAJU',
      legalForm: 'd.o.o.',
      status: 'insolvent',
      address: 'CESTA BRATSTVA 4',
      postalCode: '6000',
      city: 'KOPER - CAPODISTRIA',
      naceCode: '41.20',
    });
    expect(await find('95678905')).toMatchObject({ name: 'PREVOZI HRIBAR D.O.O. - V LIKVIDACIJI', legalForm: 'd.o.o.', status: 'in_liquidation', city: 'POSTOJNA', naceCode: '49.41' });
  });

  it('answers null for a number the file does not hold', async () => {
    expect(txt()).not.toContain('12345679');
    expect(await find('12345679')).toBeNull();
  });

  it('a truncated ZIP fails and leaves the previous import, with no scratch table left', async () => {
    const full = readFileSync(zip(txt()));
    const cut = join(mkdtempSync(join(dir, 'si-')), ZIP);
    writeFileSync(cut, full.subarray(0, Math.floor(full.length * 0.6)));
    await expect(importState('SI', [cut])).rejects.toThrow(ImportFileError);
    await expect(importState('SI', [cut])).rejects.toThrow(/DURS_zavezanci_PO\.zip is not a readable ZIP archive .*truncated/);
    await expectPreviousKept('SI', '2026-11-01', 135);
    expect(await find('51234564')).toMatchObject({ name: 'ŠUMNIK RAČUNALNIŠTVO D.O.O.' });
  });

  it('reads a windows-1250 file (older years) to the same names', async () => {
    // The foreign line with Ā, Ģ, Ī has no windows-1250 bytes: an older file could not hold it.
    const text = lines()
      .filter((l) => !l.includes('ĀBELES'))
      .join('\r\n');
    const result = await importState('SI', [zip(windows1250(text))]);
    expect(result).toMatchObject({ publishedOn: '2026-11-01', companies: 134 });
    expect(await find('51234564')).toMatchObject({ name: 'ŠUMNIK RAČUNALNIŠTVO D.O.O.', address: 'ŠMARTINSKA CESTA 52', city: 'LJUBLJANA', naceCode: '62.01' });
    expect(await find('62345672')).toMatchObject({ name: 'ŽITO TRGOVINA D.D.', address: 'PREŠERNOVA ULICA 3' });
    expect(await find('73456781')).toMatchObject({ name: 'GOSTILNA ČEBELICA, GOSTINSTVO D.O.O.', address: 'KIDRIČEVA ULICA 8' });
    expect(await find('84567899')).toMatchObject({ name: 'GRADBENIŠTVO KOŠIR D.O.O. - V STEČAJU', status: 'insolvent' });
    expect(await find('59397268')).toMatchObject({ name: 'MÜLLER BAU GMBH', address: 'GRAZER STRAßE 14', postalCode: '8010', city: 'GRAZ' });
  });

  it('reads a windows-1250 file whose first hundred kilobytes are plain ASCII', async () => {
    const ascii = lines().find((l) => /^[\x20-\x7e]+$/.test(l))!;
    const filler = Array.from({ length: 500 }, (_, i) => `${ascii.slice(0, 4)}${String(30000000 + i)}${ascii.slice(12)}`);
    const text = [...filler, ...lines().filter((l) => !l.includes('ĀBELES'))].join('\r\n');
    expect(Buffer.byteLength(filler.join('\r\n'))).toBeGreaterThan(100_000);
    const result = await importState('SI', [zip(windows1250(text))]);
    expect(result).toMatchObject({ companies: 634 });
    expect(await find('51234564')).toMatchObject({ name: 'ŠUMNIK RAČUNALNIŠTVO D.O.O.', address: 'ŠMARTINSKA CESTA 52' });
  });

  it('a second import replaces the first whole: a changed name, a company gone, the newer date', async () => {
    const old = 'PREVOZI HRIBAR D.O.O. - V LIKVIDACIJI';
    const text = lines()
      .filter((l) => l.slice(4, 12) !== '84567899')
      .map((l) => l.replace(old, 'PREVOZI HRIBAR D.O.O.'.padEnd(old.length)))
      .join('\r\n');
    const result = await importState('SI', [zip(text, DEC)]);
    expect(result).toEqual({ state: 'SI', publishedOn: '2026-12-01', companies: 134, files: [ZIP] });
    expect(await find('95678905')).toMatchObject({ name: 'PREVOZI HRIBAR D.O.O.', status: 'active', city: 'POSTOJNA', sourceNote: 'FURS taxpayer register of 2026-12-01' });
    expect(await find('84567899')).toBeNull();
    expect(await find('51234564')).toMatchObject({ activityEvidence: 'NACE 62.01 from SKD 2008 code 62.010 in the FURS taxpayer register of 2026-12-01' });
    expect(await rowsOf('SI')).toBe(134);
  });
});

describe('LV: Register of Enterprises open data', () => {
  const find = finder('LV');
  const csv = () => fixture('lv', 'register.csv');

  /** register.csv in a folder of its own, its modification time the publisher's date. */
  function register(content: string, date = NOV): string {
    const path = join(mkdtempSync(join(dir, 'lv-')), 'register.csv');
    writeFileSync(path, content);
    utimesSync(path, date, date);
    return path;
  }

  it("imports every 11-digit regcode, dated by the file's modification time", async () => {
    const companies = csv()
      .split('\n')
      .slice(1)
      .filter((l) => /^\d{11};/.test(l)).length;
    expect(companies).toBe(131);
    const path = join(mkdtempSync(join(dir, 'lv-')), 'register.csv');
    copyFileSync(join(fixtures, 'lv', 'register.csv'), path);
    utimesSync(path, NOV, NOV);
    const result = await importState('LV', [path]);
    expect(result).toEqual({ state: 'LV', publishedOn: '2026-11-01', companies, files: ['register.csv'] });
    expect(await current('LV')).toMatchObject({ publishedOn: '2026-11-01', companies });
  });

  it('answers a company: the full name with its quotes, street and city apart, LV- postcode, legal form in words, no activity', async () => {
    const found = await find('40103456788');
    expect(found).toMatchObject({
      source: 'registry',
      sourceNote: 'Register of Enterprises open data of 2026-11-01',
      name: 'SIA "Ziemeļblāzma Tehnoloģijas"',
      vatNumber: 'LV40103456788',
      countryIso2: 'LV',
      address: 'Krišjāņa Valdemāra iela 38 k-1 - 12',
      postalCode: 'LV-1050',
      city: 'Rīga',
      legalForm: 'Sabiedrība ar ierobežotu atbildību',
      status: 'active',
      incorporatedOn: '2012-05-31',
    });
    expect(found?.naceCode).toBeUndefined();
    expect(found?.nationalCode).toBeUndefined();
    expect(found?.activityEvidence).toBeUndefined();
    expect(await find('40003567894')).toMatchObject({
      name: 'Akciju sabiedrība "Baltijas Ūdens"',
      address: 'Jūras iela 15',
      postalCode: 'LV-3401',
      city: 'Liepāja',
      legalForm: 'Akciju sabiedrība',
      status: 'active',
      incorporatedOn: '1994-11-21',
    });
    expect(await find('40203789010')).toMatchObject({ name: '"Ķiršu Ceptuve" SIA', address: 'Zvejnieku iela 9', postalCode: 'LV-2015', city: 'Jūrmala', incorporatedOn: '2025-08-14' });
  });

  it('reads a terminated entity, liquidated or reorganised, as dissolved', async () => {
    expect(await find('41203678903')).toMatchObject({
      name: 'IK "MĀRTIŅŠ KRŪMIŅŠ"',
      legalForm: 'Individuālais komersants',
      status: 'dissolved',
      incorporatedOn: '2003-02-26',
      address: 'Rūpniecības iela 3',
      postalCode: 'LV-5401',
      city: 'Daugavpils',
    });
    expect(await find('40103890122')).toMatchObject({ name: 'SIA "Gaujas Loģistika"', status: 'dissolved', city: 'Jelgava', postalCode: 'LV-3001' });
  });

  it('answers null for a number the file does not hold', async () => {
    expect(csv()).not.toContain('40000000000');
    expect(await find('40000000000')).toBeNull();
  });

  it('a register.csv cut mid-row fails and leaves the previous import, with no scratch table left', async () => {
    const text = csv();
    const row = text.indexOf('\n40003567894;');
    expect(row).toBeGreaterThan(0);
    // Cut in its registration date: a row of 12 fields.
    const cut = register(text.slice(0, text.indexOf('1994-11-21', row) + 4), DEC);
    await expect(importState('LV', [cut])).rejects.toThrow(ImportFileError);
    await expect(importState('LV', [cut])).rejects.toThrow(/register\.csv: line \d+ has 12 fields where the header has 21; the file may be damaged or truncated/);
    // Cut inside the quoted name.
    const inQuotes = register(text.slice(0, row + 40), DEC);
    await expect(importState('LV', [inQuotes])).rejects.toThrow(/register\.csv: a quoted field is not closed at the end; the file is truncated/);
    await expectPreviousKept('LV', '2026-11-01', 131);
    expect(await find('40003567894')).toMatchObject({ name: 'Akciju sabiedrība "Baltijas Ūdens"' });
  });

  it("reads the activity and staff from VID's annual tax data beside it: the newest year, Rev. 2.1 from tax year 2024", async () => {
    // VID's file as it is published: comma-separated, quoted, a row per company and tax year.
    const header = '"Registracijas_kods","Nosaukums","Uznemejdarbibas_forma","Taksacijas_gads","Pamatdarbibas_NACE_kods","Juridiska_adrese_ATVK_kods","Samaksato_VID_administreto_nodoklu_kopsumma_tukst_EUR","Taja_skaita_IIN","Taja_skaita_VSAOI","Videjais_nodarbinato_personu_skaits_cilv"';
    const row = (code: string, year: number, nace: string, staff: string) => `"${code}","X","SIA","${year}","${nace}","0001000","12.5","3.1","4.2","${staff}"`;
    const tax = [
      header,
      row('40103456788', 2022, '6201', '11'),
      row('40103456788', 2023, '6201', '12'),
      row('40103456788', 2024, '6210', '14.4'),
      // Only Rev. 2 years with a code; the newest year says '?'.
      row('40003567894', 2022, '3600', '310'),
      row('40003567894', 2023, '36.00', '305'),
      row('40003567894', 2024, '?', '298'),
      // A Rev. 2 class filed for 2024, which Rev. 2.1 does not have.
      row('40203789010', 2024, '1071', '6'),
    ].join('\r\n');
    const folder = mkdtempSync(join(dir, 'lv-'));
    writeFileSync(join(folder, 'pdb_nm_komersantu_samaksato_nodoklu_kopsumas_odata.csv'), `${tax}\r\n`);
    const result = await importState('LV', [register(csv()), join(folder, 'pdb_nm_komersantu_samaksato_nodoklu_kopsumas_odata.csv')]);
    expect(result).toMatchObject({ companies: 131, files: ['register.csv', 'pdb_nm_komersantu_samaksato_nodoklu_kopsumas_odata.csv'] });
    expect(await find('40103456788')).toMatchObject({
      employees: '14',
      naceCode: '62.01',
      nationalCode: { scheme: 'NACE', version: 'Rev. 2.1', code: '6210' },
      activityEvidence: expect.stringContaining('NACE Rev. 2.1 code 6210 in the State Revenue Service (VID) tax data for 2024'),
      sourceNote: 'Register of Enterprises open data of 2026-11-01',
    });
    expect(await find('40003567894')).toMatchObject({
      employees: '298',
      naceCode: '36.00',
      activityEvidence: 'NACE 36.00 from NACE Rev. 2 code 3600 in the State Revenue Service (VID) tax data for 2023',
    });
    expect(await find('40203789010')).toMatchObject({ naceCode: '10.71', nationalCode: { version: 'Rev. 2.1', code: '1071' } });
    // A company the tax data does not list keeps no activity.
    const other = await find('40000549971');
    expect(other?.naceCode).toBeUndefined();
    expect(other?.employees).toBeUndefined();
    expect(await stageTables()).toBe(0);
  });

  it('a second import replaces the first whole: a changed name, a company gone, the newer date', async () => {
    const text = csv()
      .split('\n')
      .filter((l) => !l.startsWith('40003567894;'))
      .map((l) => (l.startsWith('40103456788;') ? l.replace('"SIA ""Ziemeļblāzma Tehnoloģijas"""', '"SIA ""Ziemeļblāzma Tech"""') : l))
      .join('\n');
    expect(text).toContain('Ziemeļblāzma Tech"""');
    const result = await importState('LV', [register(text, DEC)]);
    expect(result).toEqual({ state: 'LV', publishedOn: '2026-12-01', companies: 130, files: ['register.csv'] });
    expect(await find('40103456788')).toMatchObject({ name: 'SIA "Ziemeļblāzma Tech"', sourceNote: 'Register of Enterprises open data of 2026-12-01' });
    expect(await find('40003567894')).toBeNull();
    expect(await rowsOf('LV')).toBe(130);
    expect(await stageTables()).toBe(0);
  });
});
