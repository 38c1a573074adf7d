import { sql } from 'drizzle-orm';
import type { CompanyStatus } from '../../../../shared/contracts/assessment.js';
import { isoDate } from '../../../providers/companies/registry/common.js';
import type { ImportedCompany, RegisterFacts } from '../facts.js';
import { decode, ImportFileError, pick, records, type TextSource } from '../files.js';
import { Batcher, type Stage } from '../stage.js';
import { counter, type FormatContext, type OpenedImport, type RegisterFormat } from './format.js';

/**
 * Belgium: the KBO/BCE open data full extract, a ZIP of comma-separated, double-quoted CSV files
 * in UTF-8: meta.csv (Variable, Value: SnapshotDate dd-mm-yyyy), code.csv (Category, Code,
 * Language, Description), enterprise.csv (EnterpriseNumber, Status, JuridicalSituation,
 * TypeOfEnterprise, JuridicalForm, JuridicalFormCAC, StartDate), establishment.csv
 * (EstablishmentNumber, StartDate, EnterpriseNumber), denomination.csv (EntityNumber, Language,
 * TypeOfDenomination, Denomination), address.csv (EntityNumber, TypeOfAddress, …, Zipcode,
 * MunicipalityNL/FR, StreetNL/FR, HouseNumber, Box, …, DateStrikingOff) and activity.csv
 * (EntityNumber, ActivityGroup, NaceVersion, NaceCode, Classification). Numbers are written
 * '0403.091.220' (enterprises) and '2.000.000.339' (establishment units).
 * About a third of enterprises have no main activity or address of their own: an establishment
 * unit's stands in. There is no staff band in the open data.
 */

const BATCH = 2000;
const PAGE = 2000;

/** KBO language codes: 1 French, 2 Dutch, 3 German, 4 English (0 unknown). */
const LANGUAGE: Record<string, 'FR' | 'NL' | 'DE' | 'EN'> = { '1': 'FR', '2': 'NL', '3': 'DE', '4': 'EN' };

/**
 * KBO's juridical situations as Corisk names a status (code.csv, Category JuridicalSituation):
 * bankruptcy, judicial composition and suspension of payments or judicial reorganisation are
 * insolvency; voluntary liquidation and its reopening are liquidation; dissolution, closure of a
 * liquidation or bankruptcy, mergers and splits into other entities, stops and cancellations end
 * the company. Normal situation, creation, extension, new statutes and the like are active.
 */
const SITUATION: Record<string, CompanyStatus> = {
  ...Object.fromEntries(['000', '001', '002', '003', '017', '020', '043', '090', '100'].map((c) => [c, 'active' as const])),
  ...Object.fromEntries(['030', '031', '040', '041', '042', '048', '049', '050', '091'].map((c) => [c, 'insolvent' as const])),
  ...Object.fromEntries(['012', '112'].map((c) => [c, 'in_liquidation' as const])),
  ...Object.fromEntries(
    ['006', '010', '011', '013', '014', '015', '016', '018', '019', '021', '022', '023', '024', '025', '026', '051', '052', '053', '111', '999'].map((c) => [c, 'dissolved' as const]),
  ),
};

/** A juridical situation as a status: by its code, else (a code added since) by its words in code.csv. */
export function situationStatus(code: string, words: string): CompanyStatus {
  const known = SITUATION[code];
  if (known) return known;
  const w = words.toLowerCase();
  if (/clôture|sluiting/.test(w)) return 'dissolved';
  if (/faillite|faillissement|faling|réorganisation judiciaire|gerechtelijke reorganisatie|sursis|opschorting|insolv/.test(w)) return 'insolvent';
  if (/liquidation|vereffening|liquidatie/.test(w)) return 'in_liquidation';
  if (/dissolution|ontbinding|fermeture|stopzetting|cessation|arrêt|radiation|doorhaling|fusion|fusie|scission|splitsing|annulé|geannuleerd/.test(w)) return 'dissolved';
  return 'active';
}

async function* csv(source: TextSource): AsyncGenerator<Record<string, string>> {
  yield* records(decode(await source.open()), ',', source.name);
}

/** Entity numbers without their dots: '0403.091.220' → '0403091220'. */
const digits = (n: string | undefined) => (n ?? '').replace(/\D/g, '');

async function snapshotDate(meta: TextSource): Promise<string> {
  for await (const row of csv(meta)) {
    if (row.Variable === 'SnapshotDate') {
      const day = isoDate(row.Value);
      if (day) return day;
    }
  }
  throw new ImportFileError('meta.csv gives no SnapshotDate');
}

/** Labels of legal forms and juridical situations, by code and language (a few hundred rows). */
async function codeLabels(code: TextSource): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  for await (const row of csv(code)) {
    if (row.Category === 'JuridicalForm' || row.Category === 'JuridicalSituation') labels.set(`${row.Category}|${row.Code}|${row.Language}`, row.Description ?? '');
  }
  return labels;
}

interface Loaded {
  table: string;
  columns: string[];
  file: TextSource;
  row(r: Record<string, string>): Record<string, string> | null;
}

async function load(stage: Stage, spec: Loaded, progress: (m: string) => void): Promise<void> {
  await stage.create(spec.table, spec.columns);
  const batch = new Batcher<Record<string, string>>(BATCH, (rows) => stage.insert(spec.table, spec.columns, rows));
  const count = counter(progress, spec.file.name);
  for await (const r of csv(spec.file)) {
    count.tick();
    const row = spec.row(r);
    if (row) await batch.add(row);
  }
  await batch.end();
  count.done();
}

interface PageRow {
  number: string;
  situation: string | null;
  form: string | null;
  start: string | null;
  name: string | null;
  name_lang: string | null;
  address: { zip: string | null; muni_nl: string | null; muni_fr: string | null; street_nl: string | null; street_fr: string | null; house: string | null; box: string | null } | null;
  activity: { version: string; code: string } | null;
}

function facts(row: PageRow, labels: Map<string, string>): RegisterFacts {
  const lang = LANGUAGE[row.name_lang ?? ''] ?? 'NL';
  const label = (category: string, code: string | null) =>
    code ? (labels.get(`${category}|${code}|${lang}`) ?? labels.get(`${category}|${code}|NL`) ?? labels.get(`${category}|${code}|FR`)) : undefined;
  const a = row.address;
  const french = lang === 'FR';
  const street = a ? ((french ? a.street_fr || a.street_nl : a.street_nl || a.street_fr) ?? '') : '';
  const line = [street, a?.house].filter(Boolean).join(' ') + (a?.box ? ` ${french ? 'bte' : 'bus'} ${a.box}` : '');
  const situation = row.situation ?? '000';
  const situationWords = [label('JuridicalSituation', situation), labels.get(`JuridicalSituation|${situation}|FR`), labels.get(`JuridicalSituation|${situation}|NL`)].join(' ');
  const out: RegisterFacts = {
    name: row.name ?? '',
    address: line.trim(),
    postalCode: a?.zip || undefined,
    city: (a ? (french ? a.muni_fr || a.muni_nl : a.muni_nl || a.muni_fr) : undefined) || undefined,
    legalForm: label('JuridicalForm', row.form) || undefined,
    status: situationStatus(situation, situationWords),
    incorporatedOn: isoDate(row.start),
  };
  if (row.activity?.code) out.activity = { scheme: 'NACE-BEL', version: row.activity.version, code: row.activity.code };
  return out;
}

async function* companies(stage: Stage, labels: Map<string, string>): AsyncGenerator<ImportedCompany> {
  const [ent, est, den, adr, act] = ['ent', 'est', 'den', 'adr', 'act'].map((t) => sql.raw(stage.name(t)));
  // Keyset pages over the enterprises; the database picks each one's name, address and activity.
  let last = '';
  for (;;) {
    const page = await stage.query<PageRow>(sql`
      select e.number, e.situation, e.form, e.start, d.name, d.lang as name_lang,
        coalesce(
          (select row_to_json(x) from (select zip, muni_nl, muni_fr, street_nl, street_fr, house, box from ${adr}
            where entity = e.number order by (type = 'REGO') desc limit 1) x),
          (select row_to_json(x) from (select a.zip, a.muni_nl, a.muni_fr, a.street_nl, a.street_fr, a.house, a.box from ${est} s
            join ${adr} a on a.entity = s.number where s.enterprise = e.number order by s.number limit 1) x)) as address,
        coalesce(
          (select row_to_json(x) from (select version, code from ${act} where entity = e.number
            order by (version = '2008') desc, version desc, (grp = '001') desc, grp limit 1) x),
          (select row_to_json(x) from (select a.version, a.code from ${est} s join ${act} a on a.entity = s.number
            where s.enterprise = e.number order by (a.version = '2008') desc, a.version desc, (a.grp = '001') desc, s.number limit 1) x)) as activity
      from ${ent} e
      left join lateral (select name, lang from ${den} where entity = e.number
        order by (type = '001') desc, type, (lang = '2') desc, (lang = '1') desc, lang limit 1) d on true
      where e.number > ${last} order by e.number limit ${PAGE}`);
    for (const row of page) {
      const vatId = digits(row.number);
      if (vatId.length === 10) yield { vatId, facts: facts(row, labels) };
    }
    if (page.length < PAGE) return;
    last = page[page.length - 1]!.number;
  }
}

export const belgium: RegisterFormat = {
  state: 'BE',
  files: 'the KBO open data full ZIP (or its meta, code, enterprise, establishment, denomination, address and activity CSV files)',
  async open({ sources, stage, progress }: FormatContext): Promise<OpenedImport> {
    const file = (name: string) => pick(sources, new RegExp(`^${name}\\.csv$`, 'i'), `${name}.csv (KBO open data)`);
    const files = { meta: file('meta'), code: file('code'), enterprise: file('enterprise'), establishment: file('establishment'), denomination: file('denomination'), address: file('address'), activity: file('activity') };
    const publishedOn = await snapshotDate(files.meta);
    const labels = await codeLabels(files.code);
    const number = (r: Record<string, string>, key: string) => r[key]?.trim() ?? '';
    await load(stage, {
      table: 'ent', columns: ['number', 'situation', 'form', 'start'], file: files.enterprise,
      row: (r) => ({ number: number(r, 'EnterpriseNumber'), situation: r.JuridicalSituation ?? '', form: r.JuridicalForm ?? '', start: r.StartDate ?? '' }),
    }, progress);
    await load(stage, {
      table: 'est', columns: ['number', 'enterprise'], file: files.establishment,
      row: (r) => ({ number: number(r, 'EstablishmentNumber'), enterprise: number(r, 'EnterpriseNumber') }),
    }, progress);
    await load(stage, {
      table: 'den', columns: ['entity', 'lang', 'type', 'name'], file: files.denomination,
      row: (r) => (r.Denomination?.trim() ? { entity: number(r, 'EntityNumber'), lang: r.Language ?? '', type: r.TypeOfDenomination ?? '', name: r.Denomination.trim() } : null),
    }, progress);
    await load(stage, {
      table: 'adr', columns: ['entity', 'type', 'zip', 'muni_nl', 'muni_fr', 'street_nl', 'street_fr', 'house', 'box'], file: files.address,
      // An address struck off no longer holds.
      row: (r) => (r.DateStrikingOff?.trim() ? null : {
        entity: number(r, 'EntityNumber'), type: r.TypeOfAddress ?? '', zip: r.Zipcode ?? '', muni_nl: r.MunicipalityNL ?? '', muni_fr: r.MunicipalityFR ?? '',
        street_nl: r.StreetNL ?? '', street_fr: r.StreetFR ?? '', house: r.HouseNumber ?? '', box: r.Box ?? '',
      }),
    }, progress);
    await load(stage, {
      table: 'act', columns: ['entity', 'grp', 'version', 'code'], file: files.activity,
      // Main activities only (secondary and auxiliary ones are most of the file); NACE-BEL 2003 is superseded.
      row: (r) => (r.Classification === 'MAIN' && (r.NaceVersion === '2008' || r.NaceVersion === '2025') ? { entity: number(r, 'EntityNumber'), grp: r.ActivityGroup ?? '', version: r.NaceVersion, code: r.NaceCode ?? '' } : null),
    }, progress);
    for (const [table, column] of [['ent', 'number'], ['est', 'enterprise'], ['den', 'entity'], ['adr', 'entity'], ['act', 'entity']] as const) await stage.index(table, [column]);
    return { publishedOn, companies: companies(stage, labels) };
  },
};
