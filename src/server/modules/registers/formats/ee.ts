import { sql } from 'drizzle-orm';
import type { CompanyStatus } from '../../../../shared/contracts/assessment.js';
import { isoDate } from '../../../providers/companies/registry/common.js';
import type { ImportedCompany, RegisterFacts } from '../facts.js';
import { decode, pick, records } from '../files.js';
import { arrayElements } from '../json-stream.js';
import { Batcher, type Stage } from '../stage.js';
import { counter, type FormatContext, type OpenedImport, type RegisterFormat } from './format.js';

/**
 * Estonia: the e-Business Register's open data, two files (each also published zipped):
 * - the basic data CSV (`ettevotja_rekvisiidid__lihtandmed.csv`, ';'-separated, UTF-8): nimi,
 *   ariregistri_kood, ettevotja_oiguslik_vorm, kmkr_nr (the VAT number, EE + 9 digits, which is
 *   not the registry code), ettevotja_staatus (R registered, L in liquidation, N bankrupt,
 *   K deleted), ettevotja_esmakande_kpv (dd.mm.yyyy), asukoht_ettevotja_aadressis,
 *   asukoha_ehak_tekstina, indeks_ettevotja_aadressis …;
 * - the general data JSON (`ettevotja_rekvisiidid__yldandmed.json`), one array of companies by
 *   ariregistri_kood with `yldandmed.teatatud_tegevusalad` (the declared activities: emtak_kood,
 *   emtak_versioon_tekstina 'EMTAK 2008' / 'EMTAK 2025', nace_kood, on_pohitegevusala for the
 *   main one, lopp_kpv once ended) and `yldandmed.info_majandusaasta_aruannetest` (per annual
 *   report: its period and tootajate_arv, the staff).
 * The JSON is loaded into a scratch table; the CSV is then read in batches joined with it.
 * Companies without a VAT number cannot be looked up by one: they are skipped.
 */

const BATCH = 2000;

const STATUS: Record<string, CompanyStatus> = { R: 'active', L: 'in_liquidation', N: 'insolvent', K: 'dissolved' };

interface Activity {
  emtak_kood?: unknown;
  emtak_versioon_tekstina?: unknown;
  nace_kood?: unknown;
  on_pohitegevusala?: unknown;
  lopp_kpv?: unknown;
}
interface AnnualReport {
  majandusaasta_perioodi_lopp_kpv?: unknown;
  tootajate_arv?: unknown;
}
interface General {
  ariregistri_kood?: unknown;
  yldandmed?: { teatatud_tegevusalad?: Activity[] | null; info_majandusaasta_aruannetest?: AnnualReport[] | null } | null;
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/** The main activity still declared, and the staff of the latest annual report. */
export function generalRow(item: General): Record<string, string> | null {
  const code = str(item.ariregistri_kood);
  if (!code) return null;
  const general = item.yldandmed ?? {};
  const main = (general.teatatud_tegevusalad ?? []).find((a) => a.on_pohitegevusala === true && !str(a.lopp_kpv));
  const reports = (general.info_majandusaasta_aruannetest ?? [])
    .map((r) => ({ end: isoDate(str(r.majandusaasta_perioodi_lopp_kpv)) ?? '', staff: str(r.tootajate_arv) }))
    .filter((r) => r.staff)
    .sort((a, b) => b.end.localeCompare(a.end));
  if (!main && !reports.length) return null;
  const version = /\d{4}/.exec(str(main?.emtak_versioon_tekstina))?.[0] ?? '';
  return { code, emtak: str(main?.emtak_kood), version, nace: str(main?.nace_kood), staff: reports[0]?.staff ?? '' };
}

/** 'Haabersti linnaosa, Tallinn, Harju maakond' → 'Tallinn'; 'Rakvere linn, Lääne-Viru maakond' → 'Rakvere linn'. */
export function ehakCity(text: string): string | undefined {
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length > 1 && /maakond$/.test(parts[parts.length - 1]!)) parts.pop();
  if (parts.length > 1 && /linnaosa$/.test(parts[0]!)) parts.shift();
  return parts[0];
}

interface GeneralRow {
  code: string;
  emtak: string;
  version: string;
  nace: string;
  staff: string;
}

function facts(row: Record<string, string>, general: GeneralRow | undefined): RegisterFacts {
  const out: RegisterFacts = {
    name: row.nimi?.trim() ?? '',
    address: row.asukoht_ettevotja_aadressis?.trim() ?? '',
    postalCode: row.indeks_ettevotja_aadressis?.trim() || undefined,
    city: ehakCity(row.asukoha_ehak_tekstina ?? ''),
    legalForm: row.ettevotja_oiguslik_vorm?.trim() || undefined,
    status: STATUS[row.ettevotja_staatus?.trim() ?? ''] ?? 'unknown',
    incorporatedOn: isoDate(row.ettevotja_esmakande_kpv),
    reference: row.ariregistri_kood?.trim() || undefined,
  };
  if (general?.staff) out.employees = general.staff;
  if (general?.emtak) out.activity = { scheme: 'EMTAK', version: general.version || '2008', code: general.emtak, ...(general.nace ? { nace: general.nace } : {}) };
  return out;
}

async function* companies(basic: AsyncIterable<Record<string, string>>, stage: Stage): AsyncGenerator<ImportedCompany> {
  const table = sql.raw(stage.name('general'));
  let batch: { vatId: string; row: Record<string, string> }[] = [];
  const flush = async function* (): AsyncGenerator<ImportedCompany> {
    const codes = JSON.stringify(batch.map((b) => b.row.ariregistri_kood?.trim() ?? ''));
    const found = await stage.query<GeneralRow>(sql`select code, emtak, version, nace, staff from ${table} where code in (select jsonb_array_elements_text(${codes}::jsonb))`);
    const byCode = new Map(found.map((g) => [g.code, g]));
    for (const b of batch) yield { vatId: b.vatId, facts: facts(b.row, byCode.get(b.row.ariregistri_kood?.trim() ?? '')) };
    batch = [];
  };
  for await (const row of basic) {
    const vatId = (row.kmkr_nr ?? '').toUpperCase().replace(/^EE/, '').replace(/\D/g, '');
    if (vatId.length !== 9) continue;
    batch.push({ vatId, row });
    if (batch.length >= BATCH) yield* flush();
  }
  if (batch.length) yield* flush();
}

export const estonia: RegisterFormat = {
  state: 'EE',
  files: "the e-Business Register's basic data CSV (ettevotja_rekvisiidid__lihtandmed) and general data JSON (ettevotja_rekvisiidid__yldandmed), zipped or not",
  async open({ sources, stage, progress }: FormatContext): Promise<OpenedImport> {
    const basic = pick(sources, /lihtandmed.*\.csv$/i, 'the basic data CSV (ettevotja_rekvisiidid__lihtandmed.csv)');
    const general = pick(sources, /yldandmed.*\.json$/i, 'the general data JSON (ettevotja_rekvisiidid__yldandmed.json)');
    const columns = ['code', 'emtak', 'version', 'nace', 'staff'];
    await stage.create('general', columns);
    const batcher = new Batcher<Record<string, string>>(BATCH, (rows) => stage.insert('general', columns, rows));
    const count = counter(progress, general.name);
    for await (const item of arrayElements(decode(await general.open()), general.name)) {
      count.tick();
      const row = item && typeof item === 'object' ? generalRow(item as General) : null;
      if (row) await batcher.add(row);
    }
    await batcher.end();
    count.done();
    await stage.index('general', ['code']);
    return { publishedOn: basic.date, companies: companies(records(decode(await basic.open()), ';', basic.name), stage) };
  },
};
