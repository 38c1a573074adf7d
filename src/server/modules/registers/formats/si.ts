import type { CompanyStatus } from '../../../../shared/contracts/assessment.js';
import type { ImportedCompany, RegisterFacts } from '../facts.js';
import { decode, ImportFileError, lines, records, type TextSource } from '../files.js';
import { counter, type FormatContext, type OpenedImport, type RegisterFormat } from './format.js';

/**
 * Slovenia: FURS's list of taxpayers, published daily as ZIPs of one text file each:
 * `DURS_zavezanci_PO.txt` (legal persons) and `DURS_zavezanci_DEJ.txt` (sole traders), fixed-width
 * lines without a header, positions in characters. PO: VAT flag '*' at 2, tax number 4–12,
 * registration number 13–23, VAT registration date 24–34, SKD 2008 code 35–41 ('68.310'), name
 * 42–142, address 143–257 ('HACQUETOVA ULICA 9, 1000 LJUBLJANA'), tax office 257–259. DEJ: tax
 * number 0–8, registration number 9–19, SKD 20–26, name 27–264, address 308–422. The CSV twin of
 * the PO file (`DURS_zavezanci_PO.csv`, ';', with a header) is read too. Current files are UTF-8,
 * older ones windows-1250. The files give no status and no start date: a company listed is a
 * registered taxpayer; its legal form is the name's suffix (D.O.O., D.D. …), and a name ending
 * "V STEČAJU" or "V LIKVIDACIJI" says bankruptcy or liquidation.
 */

interface Row {
  taxNumber: string;
  skd: string;
  name: string;
  address: string;
}

const cut = (line: string, from: number, to: number) => line.slice(from, to).trim();

export function poLine(line: string): Row | null {
  if (line.trim().length === 0) return null;
  if (line.length < 257) throw new ImportFileError(`DURS_zavezanci_PO.txt: a line of ${line.length} characters where 259 or 268 are written; the file may be damaged or truncated`);
  return { taxNumber: cut(line, 4, 12), skd: cut(line, 35, 41), name: cut(line, 42, 142), address: cut(line, 143, 257) };
}

export function dejLine(line: string): Row | null {
  if (line.trim().length === 0) return null;
  if (line.length < 422) throw new ImportFileError(`DURS_zavezanci_DEJ.txt: a line of ${line.length} characters where 424 are written; the file may be damaged or truncated`);
  return { taxNumber: cut(line, 0, 8), skd: cut(line, 20, 26), name: cut(line, 27, 264), address: cut(line, 308, 422) };
}

const FORMS: [RegExp, string][] = [
  [/\bD\.\s?O\.\s?O\.?$/i, 'd.o.o.'],
  [/\bD\.\s?D\.?$/i, 'd.d.'],
  [/\bK\.\s?D\.?$/i, 'k.d.'],
  [/\bD\.\s?N\.\s?O\.?$/i, 'd.n.o.'],
  [/\bZ\.\s?O\.\s?O\.?$/i, 'z.o.o.'],
  [/\bS\.\s?P\.?$/i, 's.p.'],
];

/** 'GRADBENIŠTVO KOŠIR D.O.O. - V STEČAJU' → status insolvent, form 'd.o.o.'. */
export function nameFacts(name: string): { legalForm?: string; status: CompanyStatus } {
  const status: CompanyStatus = /V\s+STEČAJU\s*$/i.test(name) ? 'insolvent' : /V\s+LIKVIDACIJI\s*$/i.test(name) ? 'in_liquidation' : 'active';
  const base = name.replace(/\s*-\s*V\s+(STEČAJU|LIKVIDACIJI)\s*$/i, '').trim();
  return { legalForm: FORMS.find(([re]) => re.test(base))?.[1], status };
}

/** 'HACQUETOVA ULICA 9, 1000 LJUBLJANA' → street, postcode, city. */
export function splitAddress(address: string): { street: string; postalCode?: string; city?: string } {
  const m = /^(.*?)\s*,\s*(\d{4})\s+(.+)$/.exec(address.trim());
  return m ? { street: m[1]!, postalCode: m[2], city: m[3] } : { street: address.trim() };
}

function facts(row: Row): RegisterFacts {
  const { street, postalCode, city } = splitAddress(row.address);
  const out: RegisterFacts = { name: row.name, address: street, postalCode, city, ...nameFacts(row.name) };
  if (/^\d{2}\.\d{2,3}$/.test(row.skd)) out.activity = { scheme: 'SKD', version: '2008', code: row.skd };
  return out;
}

/**
 * The text in UTF-8, or in windows-1250 when it is not valid UTF-8 (files of older years). The
 * whole file is checked first (a pass without keeping anything): an old file's first lines may be
 * plain ASCII, and a guess from them would garble the letters further on.
 */
async function* text(source: TextSource): AsyncGenerator<string> {
  const check = new TextDecoder('utf-8', { fatal: true });
  let utf8 = true;
  const stream = await source.open();
  try {
    for await (const chunk of stream) check.decode(chunk as Buffer, { stream: true });
    check.decode();
  } catch (err) {
    if (!(err instanceof TypeError)) throw new ImportFileError(`${source.name} could not be read to its end; it may be truncated`);
    utf8 = false;
  }
  yield* decode(await source.open(), utf8 ? 'utf-8' : 'windows-1250');
}

async function* rows(source: TextSource): AsyncGenerator<Row> {
  if (/\.csv$/i.test(source.name)) {
    for await (const r of records(text(source), ';', source.name)) {
      yield { taxNumber: r['Davčna številka zavezanca'] ?? '', skd: r['Šifra dejavnosti'] ?? '', name: r['Ime zavezanca'] ?? '', address: r['Naslov zavezanca'] ?? '' };
    }
    return;
  }
  const read = /DEJ/i.test(source.name) ? dejLine : poLine;
  for await (const line of lines(text(source))) {
    const row = read(line);
    if (row) yield row;
  }
}

async function* companies(sources: readonly TextSource[], progress: (m: string) => void): AsyncGenerator<ImportedCompany> {
  for (const source of sources) {
    const count = counter(progress, source.name);
    for await (const row of rows(source)) {
      count.tick();
      if (/^\d{8}$/.test(row.taxNumber)) yield { vatId: row.taxNumber, facts: facts(row) };
    }
    count.done();
  }
}

export const slovenia: RegisterFormat = {
  state: 'SI',
  files: "FURS's DURS_zavezanci_PO.zip (legal persons), and DURS_zavezanci_DEJ.zip (sole traders) if wanted",
  async open({ sources, progress }: FormatContext): Promise<OpenedImport> {
    const taxpayers = sources.filter((s) => /^DURS_zavezanci_(PO|DEJ)\.(txt|csv)$/i.test(s.name));
    // The file of private persons (FO) is no company list.
    if (!taxpayers.some((s) => /_PO\./i.test(s.name))) {
      throw new ImportFileError(`DURS_zavezanci_PO.txt is missing: the files hold ${sources.map((s) => s.name).join(', ') || 'nothing'}`);
    }
    const po = taxpayers.find((s) => /_PO\./i.test(s.name))!;
    return { publishedOn: po.date, companies: companies(taxpayers, progress) };
  },
};
