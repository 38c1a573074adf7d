import { sql } from 'drizzle-orm';
import { isoDate } from '../../../providers/companies/registry/common.js';
import type { ImportedCompany, RegisterFacts } from '../facts.js';
import { decode, pick, records, type TextSource } from '../files.js';
import { Batcher, type Stage } from '../stage.js';
import { counter, type FormatContext, type OpenedImport, type RegisterFormat } from './format.js';

/**
 * Latvia: the Register of Enterprises' `register.csv` (';'-separated, UTF-8): regcode (11 digits,
 * which for a legal person is also its VAT number after 'LV'), name, type and type_text (the
 * legal form), registered, terminated (the date it was struck off), closed ('L' liquidated, 'R'
 * reorganised; a space when neither), address (one line), index (the postcode) … The register
 * holds no activity code. The State Revenue Service (VID) publishes one, optionally read beside
 * it: its annual tax data of merchants (`pdb_nm_komersantu_samaksato_nodoklu_kopsumas_odata.csv`,
 * three tax years, a row per company and year) gives `Pamatdarbibas_NACE_kods` (the main NACE
 * class, 4 digits: Rev. 2 up to tax year 2023, Rev. 2.1 from 2024) and
 * `Videjais_nodarbinato_personu_skaits_cilv` (average staff) by `Registracijas_kods` and
 * `Taksacijas_gads`. Without it, or for a company it does not list (associations, farms), the
 * activity stays inferred from the name.
 */

/** 'LV-1010' or '1010' → 'LV-1010', the form Latvian addresses write. */
function postcode(index: string | undefined): string | undefined {
  const digits = (index ?? '').replace(/\D/g, '');
  return digits.length === 4 ? `LV-${digits}` : undefined;
}

/**
 * The street and the city of a UR address: 'Rīga, Brīvības iela 1 - 5' or 'Brīvības iela 1,
 * Cēsis, Cēsu nov.'. The street is the part with the house number; the city the first other part
 * that is no district ('… nov.', '… pag.').
 */
export function splitAddress(address: string): { street: string; city?: string } {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p && !/^LV-?\d{4}$/i.test(p));
  let streetAt = -1;
  parts.forEach((p, i) => {
    if (/\d/.test(p)) streetAt = i;
  });
  if (streetAt < 0) streetAt = parts.length - 1;
  const city = parts.find((p, i) => i !== streetAt && !/\d/.test(p) && !/(nov\.|novads|pag\.|pagasts)$/.test(p));
  return { street: parts[streetAt] ?? '', city };
}

/** A company's newest main activity and staff in VID's tax data. */
export interface TaxFacts {
  nace?: string;
  naceYear?: number;
  staff?: string;
}

/** VID writes '5610', '56.10', or '?' and zeros for none. */
function vidNace(value: string | undefined): string | undefined {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.length === 4 && !/^0+$/.test(digits) ? digits : undefined;
}

export function latviaFacts(row: Record<string, string>, tax?: TaxFacts): RegisterFacts {
  const { street, city } = splitAddress(row.address ?? '');
  const ended = (row.terminated ?? '').trim() || (row.closed ?? '').trim();
  return {
    name: (row.name ?? '').trim(),
    address: street,
    postalCode: postcode(row.index),
    city,
    legalForm: (row.type_text ?? '').trim() || (row.type ?? '').trim() || undefined,
    status: ended ? 'dissolved' : 'active',
    incorporatedOn: isoDate(row.registered),
    ...(tax?.staff && { employees: tax.staff }),
    ...(tax?.nace && {
      activity: {
        scheme: 'NACE',
        version: (tax.naceYear ?? 0) >= 2024 ? 'Rev. 2.1' : 'Rev. 2',
        code: tax.nace,
        from: `State Revenue Service (VID) tax data for ${tax.naceYear}`,
      },
    }),
  };
}

interface TaxRow {
  code: string;
  year: string;
  nace: string;
  staff: string;
}

/** The separator of a delimited file, from its header line: ';' or ','. */
async function separatorOf(source: TextSource): Promise<string> {
  let head = '';
  for await (const chunk of decode(await source.open())) {
    head += chunk;
    if (head.includes('\n') || head.length > 4096) break;
  }
  const line = head.split('\n')[0] ?? '';
  return (line.match(/;/g)?.length ?? 0) > (line.match(/,/g)?.length ?? 0) ? ';' : ',';
}

async function loadTaxData(source: TextSource, stage: Stage, progress: (m: string) => void): Promise<void> {
  const columns = ['code', 'year', 'nace', 'staff'];
  await stage.create('tax', columns);
  const batch = new Batcher<Record<string, string>>(2000, (rows) => stage.insert('tax', columns, rows));
  const count = counter(progress, source.name);
  for await (const r of records(decode(await source.open()), await separatorOf(source), source.name)) {
    count.tick();
    const code = (r.Registracijas_kods ?? '').replace(/\D/g, '');
    const year = (r.Taksacijas_gads ?? '').replace(/\D/g, '');
    const nace = vidNace(r.Pamatdarbibas_NACE_kods) ?? '';
    const staffNumber = Number((r.Videjais_nodarbinato_personu_skaits_cilv ?? '').replace(',', '.'));
    const staff = (r.Videjais_nodarbinato_personu_skaits_cilv ?? '').trim() && Number.isFinite(staffNumber) ? String(Math.round(staffNumber)) : '';
    if (code.length === 11 && year && (nace || staff)) await batch.add({ code, year, nace, staff });
  }
  await batch.end();
  count.done();
  await stage.index('tax', ['code']);
}

/** Each company's newest activity and newest staff figure in the tax data. */
async function taxFacts(stage: Stage, codes: readonly string[]): Promise<Map<string, TaxFacts>> {
  const rows = await stage.query<TaxRow>(
    sql`select code, year, nace, staff from ${sql.raw(stage.name('tax'))} where code in (select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb)) order by code, year desc`,
  );
  const out = new Map<string, TaxFacts>();
  for (const row of rows) {
    const facts = out.get(row.code) ?? {};
    if (row.nace && !facts.nace) Object.assign(facts, { nace: row.nace, naceYear: Number(row.year) });
    if (row.staff && !facts.staff) facts.staff = row.staff;
    out.set(row.code, facts);
  }
  return out;
}

async function* companies(rows: AsyncIterable<Record<string, string>>, progress: (m: string) => void, stage: Stage | undefined): AsyncGenerator<ImportedCompany> {
  const count = counter(progress, 'register.csv');
  let batch: { vatId: string; row: Record<string, string> }[] = [];
  const flush = async function* (): AsyncGenerator<ImportedCompany> {
    const tax = stage ? await taxFacts(stage, batch.map((b) => b.vatId)) : undefined;
    for (const b of batch) yield { vatId: b.vatId, facts: latviaFacts(b.row, tax?.get(b.vatId)) };
    batch = [];
  };
  for await (const row of rows) {
    count.tick();
    const vatId = (row.regcode ?? '').replace(/\D/g, '');
    if (vatId.length !== 11) continue;
    batch.push({ vatId, row });
    if (batch.length >= 2000) yield* flush();
  }
  if (batch.length) yield* flush();
  count.done();
}

export const latvia: RegisterFormat = {
  state: 'LV',
  files: "the Register of Enterprises' register.csv, and VID's annual tax data of merchants for the activity if wanted",
  async open({ sources, stage, progress }: FormatContext): Promise<OpenedImport> {
    const register = pick(sources, /register.*\.csv$/i, 'register.csv (Register of Enterprises open data)');
    const tax = sources.find((s) => s !== register && /nodoklu|vid/i.test(s.name) && /\.csv$/i.test(s.name));
    if (tax) await loadTaxData(tax, stage, progress);
    return { publishedOn: register.date, companies: companies(records(decode(await register.open()), ';', register.name), progress, tax ? stage : undefined) };
  },
};
