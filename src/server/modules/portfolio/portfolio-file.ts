import { inflateRawSync } from 'node:zlib';
import { MAX_PORTFOLIO_ROWS, PORTFOLIO_FILE_MAX_BYTES } from '../../../shared/contracts/portfolio.js';
import { msg } from '../../../shared/i18n/message.js';
import { badRequest } from '../../lib/errors.js';
import { foldWords as fold } from '../../lib/fold-words.js';

/**
 * Reading a portfolio from what people have: a CSV export (UTF-8 with or without BOM, UTF-16 from
 * Excel's "Unicode text", or Windows-1252/Latin-1), separated by commas, semicolons or tabs, with
 * or without a header row, or the first sheet of an XLSX workbook. Columns are found by their
 * header in several languages ('VAT', 'NIF', 'Pays'…) or, without a header, by position: fiscal
 * number, country, reference, site address, site type.
 */

/** One row as read, before any check: `line` is its line (CSV) or row (XLSX) number, 1 = the first. */
export interface SourceRow {
  line: number;
  fiscal_number: string;
  country: string;
  reference: string;
  site_address: string;
  /** office, warehouse, plant, retail, construction or other, as written; '' for the activity's typical site */
  site_type: string;
}

export type Field = 'fiscal_number' | 'country' | 'reference' | 'site_address' | 'site_type';

/** What is wrong with an uploaded file, in the reader's language (the errors catalogue). */
export const fileErrors = {
  tooLarge: msg('error.portfolio.fileTooLarge', { size: PORTFOLIO_FILE_MAX_BYTES / (1024 * 1024) }),
  tooManyRows: (count: number) => msg('error.portfolio.tooManyRows', { count, max: MAX_PORTFOLIO_ROWS }),
  /** The rows were not all counted: more than the most a portfolio holds. */
  tooManyRowsOver: msg('error.portfolio.tooManyRowsOver', { max: MAX_PORTFOLIO_ROWS }),
  noRows: msg('error.portfolio.noRows'),
  noFiscalColumn: msg('error.portfolio.noFiscalColumn'),
  binary: msg('error.portfolio.binary'),
  xls: msg('error.portfolio.xls'),
  notXlsx: msg('error.portfolio.notXlsx'),
  xlsxTooBig: msg('error.portfolio.xlsxTooBig'),
  emptyWorkbook: msg('error.portfolio.emptyWorkbook'),
};

export const FIELD_MAX: Record<Field, number> = { fiscal_number: 64, country: 64, reference: 200, site_address: 500, site_type: 40 };
/** Columns read per row; anything further right is ignored. */
const MAX_COLUMNS = 64;

/** Header words, folded (lower case, no accents, punctuation as spaces). */
const HEADER_NAMES: Record<Field, readonly string[]> = {
  fiscal_number: [
    'vat', 'vat number', 'vat no', 'vat nr', 'vat id', 'vat code', 'vat reg no', 'vat registration number',
    'fiscal number', 'fiscal no', 'fiscal code', 'fiscal id', 'tax id', 'tax number', 'tax no', 'tin', 'taxpayer id',
    'nif', 'nipc', 'cif', 'nif cif', 'numero de identificacao fiscal', 'numero fiscal', 'contribuinte',
    'ust id', 'ust idnr', 'ust id nr', 'umsatzsteuer id', 'steuernummer', 'uid', 'uid nummer', 'mwst nr',
    'partita iva', 'p iva', 'piva', 'codice fiscale', 'numero tva', 'n tva', 'no tva', 'tva', 'tva intracommunautaire',
    'btw', 'btw nummer', 'btw nr', 'moms nr', 'momsnummer', 'nip', 'dic', 'company vat', 'vat_number', 'fiscal_number',
  ],
  country: ['country', 'country name', 'country code', 'country iso', 'iso', 'iso2', 'iso code', 'pays', 'land', 'pais', 'paese', 'staat', 'kraj', 'nation', 'state'],
  reference: [
    'reference', 'ref', 'ref no', 'your reference', 'own reference', 'client reference', 'customer reference', 'internal reference',
    'id', 'client id', 'customer id', 'account', 'account id', 'policy', 'policy number', 'policy no', 'name', 'company', 'company name',
    'client', 'client name', 'customer', 'insured', 'referencia', 'reference client', 'referenz', 'riferimento', 'kenmerk', 'kunde',
  ],
  site_address: [
    'site address', 'site', 'address', 'location', 'location address', 'risk address', 'risk location', 'premises', 'street', 'street address',
    'adresse', 'adresse du site', 'direccion', 'morada', 'indirizzo', 'anschrift', 'standort', 'adres', 'adres lokalizacji', 'site_address',
  ],
  site_type: ['site type', 'site_type', 'type of site', 'site kind', 'premises type', 'type'],
};

const headerLookup = new Map<string, Field>(
  (Object.entries(HEADER_NAMES) as [Field, readonly string[]][]).flatMap(([field, names]) => names.map((n) => [fold(n), field] as const)),
);

/** The field a header cell names: an exact known name, else a telling word in it. */
function headerField(cell: string): Field | null {
  const f = fold(cell);
  if (!f) return null;
  const exact = headerLookup.get(f);
  if (exact) return exact;
  if (/\b(vat|nif|tin|fiscal|tax)\b/.test(f)) return 'fiscal_number';
  if (/\bcountry\b/.test(f)) return 'country';
  if (/\baddress\b/.test(f)) return 'site_address';
  if (/\b(reference|ref)\b/.test(f)) return 'reference';
  return null;
}

/**
 * Column of each field, from a header row; null when the row is not a header: it names no known
 * column, or holds a number (a fiscal number: header words have none).
 */
function headerColumns(cells: readonly string[]): Map<Field, number> | null {
  if (cells.some((c) => /\d{5}/.test(c))) return null;
  const columns = new Map<Field, number>();
  cells.forEach((cell, i) => {
    const field = headerField(cell);
    if (field && !columns.has(field)) columns.set(field, i);
  });
  return columns.size > 0 ? columns : null;
}

const POSITIONAL = new Map<Field, number>([
  ['fiscal_number', 0],
  ['country', 1],
  ['reference', 2],
  ['site_address', 3],
  ['site_type', 4],
]);

/**
 * Rows from records (each a line's cells): the first non-empty record is a header when it names
 * known columns; empty records are skipped; more than the row limit stops the reading at once.
 */
function rowsFromRecords(records: Iterable<{ line: number; cells: string[] }>): SourceRow[] {
  let columns: Map<Field, number> | undefined;
  const rows: SourceRow[] = [];
  for (const { line, cells } of records) {
    if (cells.every((c) => !c.trim())) continue;
    if (!columns) {
      const header = headerColumns(cells);
      if (header && !header.has('fiscal_number')) throw badRequest(fileErrors.noFiscalColumn, 'portfolio_file');
      columns = header ?? POSITIONAL;
      if (header) continue;
    }
    if (rows.length === MAX_PORTFOLIO_ROWS) throw badRequest(fileErrors.tooManyRowsOver, 'portfolio_too_many_rows');
    const cell = (field: Field) => {
      const at = columns!.get(field);
      return at === undefined ? '' : (cells[at] ?? '').trim();
    };
    rows.push({
      line,
      fiscal_number: cell('fiscal_number'),
      country: cell('country'),
      reference: cell('reference'),
      site_address: cell('site_address'),
      site_type: cell('site_type'),
    });
  }
  if (rows.length === 0) throw badRequest(fileErrors.noRows, 'portfolio_empty');
  return rows;
}

// --- text ----------------------------------------------------------------------------------

/** Text of a file: by its byte-order mark, else UTF-8 when it is valid UTF-8, else Windows-1252 (a superset of Latin-1's letters). */
export function decodeText(data: Uint8Array): string {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return new TextDecoder('utf-8').decode(data.subarray(3));
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return decodeWindows1252(data);
  }
}

/** Windows-1252's characters at 0x80–0x9F (where Latin-1 has control codes); Node's decoder of that name gives Latin-1. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(data: Uint8Array): string {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/**
 * The records of CSV text, one at a time: quoted fields (with "" for a quote, separators and line
 * breaks inside), CRLF, LF or CR line ends. Lenient like spreadsheets: a quote inside an unquoted
 * field is kept as it is, an unclosed quote runs to the end of the text.
 */
export function* csvRecords(text: string, separator: string): Generator<{ line: number; cells: string[] }> {
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    let cell = '';
    let end = false;
    while (!end) {
      if (i < n && text[i] === '"') {
        i++;
        for (;;) {
          const q = text.indexOf('"', i);
          if (q < 0) {
            cell += text.slice(i);
            i = n;
            break;
          }
          cell += text.slice(i, q);
          i = q + 1;
          if (text[i] === '"') {
            cell += '"';
            i++;
          } else break;
        }
        for (const ch of cell) if (ch === '\n') line++;
      }
      // Unquoted part (or what follows a closing quote) up to the separator or the line end.
      let j = i;
      while (j < n && text[j] !== separator && text[j] !== '\n' && text[j] !== '\r') j++;
      cell += text.slice(i, j);
      i = j;
      if (cells.length < MAX_COLUMNS) cells.push(cell);
      cell = '';
      if (i >= n) end = true;
      else if (text[i] === separator) i++;
      else {
        if (text[i] === '\r' && text[i + 1] === '\n') i++;
        i++;
        line++;
        end = true;
      }
    }
    yield { line: start, cells };
  }
}

/** The separator of CSV text: the one that splits its first lines into the same number (> 1) of cells; tab, then semicolon, then comma. */
export function detectSeparator(text: string): string {
  const sample = text.slice(0, 64 * 1024);
  let best = { separator: ',', score: -1 };
  for (const separator of ['\t', ';', ',']) {
    const counts: number[] = [];
    for (const r of csvRecords(sample, separator)) {
      if (r.cells.every((c) => !c.trim())) continue;
      counts.push(r.cells.length);
      if (counts.length === 20) break;
    }
    // Only whole lines count: a sample cut short mid-line would miscount its last record.
    if (counts.length > 1 && sample.length < text.length) counts.pop();
    const freq = new Map<number, number>();
    for (const c of counts) freq.set(c, (freq.get(c) ?? 0) + 1);
    let modal = 1;
    let agree = 0;
    for (const [cols, k] of freq) if (k > agree || (k === agree && cols > modal)) [modal, agree] = [cols, k];
    const score = modal > 1 ? agree : 0;
    if (score > best.score) best = { separator, score };
  }
  if (best.score > 0) return best.separator;
  // One column everywhere: the separator that occurs most, if any.
  const occurrences = (sep: string) => sample.split(sep).length - 1;
  return ['\t', ';', ','].reduce((a, b) => (occurrences(b) > occurrences(a) ? b : a));
}

/** Rows of CSV (or pasted TSV) text. */
export function readPortfolioText(text: string): SourceRow[] {
  return rowsFromRecords(csvRecords(text, detectSeparator(text)));
}

// --- XLSX ----------------------------------------------------------------------------------

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
/** Most bytes a workbook may expand to (a 500-row sheet is well under 1 MB). */
const XLSX_MAX_EXPANDED = 50 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 2000;

/**
 * Checks an XLSX file's zip container before the library reads it: every entry inflated with a
 * ceiling on the bytes it may produce (a zip bomb is refused after 50 MB, whatever sizes it
 * declares), and a workbook part present. Answers how many rows with values the first sheet
 * holds, so 5,000 rows are refused before the library builds them. Throws 400 in words.
 */
export function checkXlsxContainer(data: Buffer): { firstSheetRows: number | null } {
  const notXlsx = () => badRequest(fileErrors.notXlsx, 'portfolio_file');
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === ZIP_END) {
      end = i;
      break;
    }
  }
  if (end < 0) throw notXlsx();
  const entries = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  if (entries > XLSX_MAX_ENTRIES) throw notXlsx();
  let budget = XLSX_MAX_EXPANDED;
  let workbook = false;
  const parts = new Map<string, Buffer>();
  for (let k = 0; k < entries; k++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== ZIP_CENTRAL) throw notXlsx();
    const method = data.readUInt16LE(at + 10);
    const compressed = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const local = data.readUInt32LE(at + 42);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (name === 'xl/workbook.xml') workbook = true;
    if (local + 30 > data.length || data.readUInt32LE(local) !== ZIP_LOCAL) throw notXlsx();
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    if (compressed === 0xffffffff || start + compressed > data.length) throw notXlsx();
    const body = data.subarray(start, start + compressed);
    let content: Buffer;
    if (method === 0) content = body;
    else if (method === 8) {
      try {
        content = inflateRawSync(body, { maxOutputLength: Math.max(1, budget) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw badRequest(fileErrors.xlsxTooBig, 'portfolio_file');
        throw notXlsx();
      }
    } else throw notXlsx();
    budget -= content.length;
    if (budget < 0) throw badRequest(fileErrors.xlsxTooBig, 'portfolio_file');
    if (/^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|worksheets\/[^/]+\.xml)$/.test(name)) parts.set(name, content);
  }
  if (!workbook) throw notXlsx();
  return { firstSheetRows: firstSheetRows(parts) };
}

/** Rows holding a value (`<v>` or an inline string) in the workbook's first sheet; null when it cannot be told. */
function firstSheetRows(parts: Map<string, Buffer>): number | null {
  const workbook = parts.get('xl/workbook.xml')?.toString('utf8') ?? '';
  const rels = parts.get('xl/_rels/workbook.xml.rels')?.toString('utf8') ?? '';
  const rid = /<(?:\w+:)?sheet\b[^>]*?\br:id="([^"]+)"/.exec(workbook)?.[1];
  const rel = rid ? new RegExp(`<Relationship\\b[^>]*\\bId="${rid.replace(/[^\w-]/g, '')}"[^>]*>`).exec(rels)?.[0] : undefined;
  const target = rel ? /\bTarget="([^"]+)"/.exec(rel)?.[1] : undefined;
  if (!target) return null;
  const sheet = parts.get(target.startsWith('/') ? target.slice(1) : `xl/${target}`)?.toString('utf8');
  if (sheet === undefined) return null;
  let rows = 0;
  for (const row of sheet.split(/<(?:\w+:)?row\b/).slice(1)) if (/<(?:\w+:)?(?:v|is)\b/.test(row)) rows++;
  return rows;
}

/** Rows of the first sheet of an XLSX workbook. */
export async function readPortfolioXlsx(data: Buffer): Promise<SourceRow[]> {
  const { firstSheetRows: counted } = checkXlsxContainer(data);
  if (counted !== null && counted > MAX_PORTFOLIO_ROWS + 1) throw badRequest(fileErrors.tooManyRows(counted), 'portfolio_too_many_rows');
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  } catch {
    throw badRequest(fileErrors.notXlsx, 'portfolio_file');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest(fileErrors.emptyWorkbook, 'portfolio_file');
  // A header and the row limit: anything beyond is refused before the rows are read.
  if (sheet.actualRowCount > MAX_PORTFOLIO_ROWS + 1) throw badRequest(fileErrors.tooManyRows(sheet.actualRowCount), 'portfolio_too_many_rows');
  const records: { line: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    const width = Math.min(row.cellCount, MAX_COLUMNS);
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c)));
    records.push({ line, cells });
  });
  return rowsFromRecords(records);
}

/** A cell as the sheet shows it: numbers without exponent or grouping, formulas by their result. */
function cellText(cell: { value: unknown; text: string }): string {
  const v = cell.value;
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  try {
    return cell.text ?? '';
  } catch {
    return '';
  }
}

// --- any file -----------------------------------------------------------------------------

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);

/** Rows of an uploaded file: an XLSX workbook by its zip signature, an old .xls refused, text otherwise. */
export async function readPortfolioFile(data: Buffer, filename = ''): Promise<SourceRow[]> {
  if (data.length > PORTFOLIO_FILE_MAX_BYTES) throw badRequest(fileErrors.tooLarge, 'portfolio_file_too_large');
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return readPortfolioXlsx(data);
  if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) throw badRequest(fileErrors.xls, 'portfolio_file');
  if (/\.xlsx$/i.test(filename)) throw badRequest(fileErrors.notXlsx, 'portfolio_file');
  const text = decodeText(data);
  // Text has no NUL characters; images, PDFs and other binaries do.
  if (text.includes('\u0000')) throw badRequest(fileErrors.binary, 'portfolio_file');
  return readPortfolioText(text);
}

/** A cell longer than its column allows, cut to that length, and whether it was. */
export function clipField(field: Field, value: string): { value: string; clipped: boolean } {
  const max = FIELD_MAX[field];
  return value.length > max ? { value: value.slice(0, max), clipped: true } : { value, clipped: false };
}
