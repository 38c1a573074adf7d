import { z } from 'zod';
import type { CompanyParty, CompanyStatus } from '../../../../shared/contracts/assessment.js';
import { fullVatNumber } from '../../../../shared/countries.js';
import { readable } from '../source-http.js';
import type { CompanyRecord } from '../types.js';
import { isNaceRev21Class, isNaceRev2Class, rev2ForRev21 } from '../../../engine/index.js';
import { activityEvidence, isoDate, naceClass, parties, registerAnswer, registerRequest, rev21Activity, text, unavailable, type RegisterCall } from './common.js';

/**
 * Denmark: CVR, the Danish Business Authority's (Erhvervsstyrelsen) "system-til-system"
 * Elasticsearch, HTTP Basic auth with a free user and password from CVR support. One search by
 * CVR number (the VAT number's 8 digits):
 * `POST {REGISTRY_DK_URL}/virksomhed/_search` (REGISTRY_DK_URL ends in `/cvr-permanent`) with
 * `{_source: [Vrvirksomhed.…], query: {term: {'Vrvirksomhed.cvrNummer': N}}, size: 1}` →
 * `{timed_out, _shards, hits: {total, hits: [{_source: {Vrvirksomhed: {cvrNummer,
 * virksomhedMetadata: {nyesteNavn, nyesteBeliggenhedsadresse, nyesteHovedbranche (6-digit DB07,
 * later DB25, `branchekode`), nyesteVirksomhedsform, nyeste…beskaeftigelse, sammensatStatus, stiftelsesDato},
 * hovedbranche, virksomhedsform, virksomhedsstatus, livsforloeb, aarsbeskaeftigelse,
 * kvartalsbeskaeftigelse, deltagerRelation}}}]}}`. Every list keeps its history: an entry with a
 * `periode.gyldigTil` in the past is over. An unknown number is an empty `hits.hits`.
 * `deltagerRelation[].organisationer[]` names the management (hovedtype LEDELSESORGAN:
 * Direktion, Bestyrelse), the fully liable partners (FULDT_ANSVARLIG_DELTAGERE) and the legal
 * owners (REGISTER 'EJERREGISTER', share as EJERANDEL_PROCENT 0–1); a member's current role is an
 * attribute value (`medlemsData[].attributter[]`, type FUNKTION) whose period is still open.
 */

export const DK_REGISTER = 'Danish Central Business Register (CVR)';

/** Where Erhvervsstyrelsen's search answers, and the credentials it issued (REGISTRY_DK_URL, _USER, _PASSWORD). */
export interface DenmarkOptions {
  baseUrl: string;
  user: string;
  password: string;
}

/**
 * CVR moves from DB07 (NACE Rev. 2 plus two Danish digits) to DB25 (on NACE Rev. 2.1); the
 * answer does not say which list a `branchekode` is from. A code recorded or rewritten on or
 * after this date may be a DB25 code: it is read as a Rev. 2 class only when the two lists agree
 * on it or only one of them has its class (the first four digits of a 2.1 class need not be the
 * Rev. 2 class of the same number).
 */
export const DB25_FROM = '2025-01-01';

/** The few fields read below (a company's full document, with every production unit, can be large). */
const FIELDS = [
  'cvrNummer',
  'virksomhedMetadata',
  'navne',
  'beliggenhedsadresse',
  'hovedbranche',
  'virksomhedsform',
  'virksomhedsstatus',
  'livsforloeb',
  'aarsbeskaeftigelse',
  'kvartalsbeskaeftigelse',
  'deltagerRelation',
].map((f) => `Vrvirksomhed.${f}`);

/** CVR "virksomhedsformkode", for an answer that gives the code without its description. */
const LEGAL_FORMS: Readonly<Record<string, string>> = {
  '10': 'Enkeltmandsvirksomhed',
  '30': 'Interessentskab',
  '40': 'Kommanditselskab',
  '60': 'Aktieselskab',
  '70': 'Kommanditaktieselskab/Partnerselskab',
  '80': 'Anpartsselskab',
  '81': 'Iværksætterselskab',
  '90': 'Fond',
  '100': 'Erhvervsdrivende fond',
  '110': 'Forening',
  '130': 'Andelsselskab (-forening)',
  '140': 'Andelsselskab (-forening) med begrænset ansvar',
  '150': 'Forening eller selskab med begrænset ansvar',
  '151': 'Selskab med begrænset ansvar',
  '152': 'Forening med begrænset ansvar',
};

/** Legal owners' shares are registered in bands (Selskabsloven): the value is the band's lower bound. */
const SHARE_BANDS: readonly [number, string][] = [
  [1, '100 %'],
  [0.9, '90–99.99 %'],
  [0.6667, '66.67–89.99 %'],
  [0.5, '50–66.66 %'],
  [0.3333, '33.33–49.99 %'],
  [0.25, '25–33.32 %'],
  [0.2, '20–24.99 %'],
  [0.15, '15–19.99 %'],
  [0.1, '10–14.99 %'],
  [0.05, '5–9.99 %'],
];

const s = z.string().nullish();
const sn = z.union([z.string(), z.number()]).nullish();
const dated = { periode: z.object({ gyldigFra: s, gyldigTil: s }).partial().nullish(), sidstOpdateret: s };
const periodSchema = z.object(dated);
const namedSchema = z.object({ navn: s, ...dated });
const addressSchema = z
  .object({
    vejnavn: s,
    husnummerFra: sn,
    bogstavFra: s,
    husnummerTil: sn,
    bogstavTil: s,
    etage: s,
    sidedoer: s,
    postboks: sn,
    bynavn: s,
    postnummer: sn,
    postdistrikt: s,
    fritekst: s,
    ...dated,
  })
  .partial();
const industrySchema = z.object({ branchekode: sn, branchetekst: s, ...dated });
const formSchema = z.object({ virksomhedsformkode: sn, kortBeskrivelse: s, langBeskrivelse: s, ...dated });
const statusSchema = z.object({ status: s, ...dated });
const staffSchema = z.object({ aar: sn, kvartal: sn, maaned: sn, antalAnsatte: sn, intervalKodeAntalAnsatte: s });
const list = z.array(z.unknown()).nullish();
const metadataSchema = z
  .object({
    nyesteNavn: z.unknown(),
    nyesteBeliggenhedsadresse: z.unknown(),
    nyesteHovedbranche: z.unknown(),
    nyesteVirksomhedsform: z.unknown(),
    nyesteAarsbeskaeftigelse: z.unknown(),
    nyesteKvartalsbeskaeftigelse: z.unknown(),
    nyesteMaanedsbeskaeftigelse: z.unknown(),
    nyesteErstMaanedsbeskaeftigelse: z.unknown(),
    sammensatStatus: s,
    stiftelsesDato: s,
  })
  .partial();
const companySchema = z.object({
  cvrNummer: z.union([z.number(), z.string()]),
  virksomhedMetadata: metadataSchema.nullish(),
  navne: list,
  beliggenhedsadresse: list,
  hovedbranche: list,
  virksomhedsform: list,
  virksomhedsstatus: list,
  livsforloeb: list,
  aarsbeskaeftigelse: list,
  kvartalsbeskaeftigelse: list,
  deltagerRelation: list,
});
const relationSchema = z.object({
  deltager: z.object({ enhedstype: s, navne: list }).partial().nullish(),
  organisationer: list,
});
const organSchema = z.object({ hovedtype: s, organisationsNavn: list, medlemsData: list });
const memberSchema = z.object({ attributter: list });
const attributeSchema = z.object({ type: s, vaerdier: list });
const valueSchema = z.object({ vaerdi: s, ...dated });
const answerSchema = z.object({
  timed_out: z.boolean().nullish(),
  _shards: z.object({ failed: z.number() }).partial().nullish(),
  hits: z.object({ hits: z.array(z.object({ _source: z.object({ Vrvirksomhed: z.unknown() }).partial().nullish() }).partial()) }),
});

type Dated = { periode?: { gyldigFra?: string | null; gyldigTil?: string | null } | null };

/** One object read as `schema`, or undefined (an odd part costs that part only). */
const one = <T>(schema: z.ZodType<T>, x: unknown): T | undefined => readable(x ? [x] : [], schema)[0];

/** Still in force on `today`: no end, or an end (the last day it applies) not yet past. */
const inForce = (x: Dated, today: string) => !x.periode?.gyldigTil || x.periode.gyldigTil >= today;

/** The entry in force, else the latest one. */
function current<T extends Dated>(entries: readonly T[], today: string): T | undefined {
  const open = entries.filter((x) => inForce(x, today));
  return (open.length ? open : entries).reduce<T | undefined>(
    (a, b) => (!a || (b.periode?.gyldigFra ?? '') >= (a.periode?.gyldigFra ?? '') ? b : a),
    undefined,
  );
}

/** `sammensatStatus` or `virksomhedsstatus` ('NORMAL', 'Aktiv', 'UNDER KONKURS', 'OPLØST EFTER FUSION', 'Ophørt'…) as a status. */
function status(word: string): CompanyStatus | undefined {
  const v = word
    .toUpperCase()
    .replace(/Ø/g, 'OE')
    .replace(/Æ/g, 'AE')
    .replace(/Å/g, 'AA')
    .replace(/[^A-Z]/g, '');
  if (/^(OPLOEST|TVANGSOPLOEST|OPHOERT|SLETTET)/.test(v)) return 'dissolved';
  if (/^UNDER(KONKURS|REKONSTRUKTION)/.test(v)) return 'insolvent';
  if (/^UNDER(FRIVILLIGLIKVIDATION|TVANGSOPLOESNING)/.test(v)) return 'in_liquidation';
  if (v === 'NORMAL' || v === 'AKTIV') return 'active';
  return undefined; // 'UNDER REASSUMERING' (being revived), 'UDEN RETSVIRKNING', 'FREMTID': neither trading nor closed
}

/** 'ANTAL_10_19' → '10–19', 'ANTAL_1000_999999' or 'ANTAL_1000_' → '1000 or more'; a bare count as itself. */
function staffBand(x: z.infer<typeof staffSchema> | undefined): string | undefined {
  const band = /^ANTAL_(\d+)_(\d*)$/.exec(x?.intervalKodeAntalAnsatte ?? '');
  if (!band) return text(x?.antalAnsatte);
  const [, lo, hi] = band;
  if (!hi || Number(hi) >= 999_999) return `${lo} or more`;
  if (lo === hi) return lo === '0' ? '0 employees' : lo;
  return `${lo}–${hi}`;
}

/** The newest staff figure: yearly, quarterly and monthly counts, compared by the month they end in. */
function newestStaff(candidates: unknown[]): z.infer<typeof staffSchema> | undefined {
  const month = (x: z.infer<typeof staffSchema>) => Number(x.aar ?? 0) * 100 + Number(x.maaned ?? (x.kvartal ? Number(x.kvartal) * 3 : 12));
  return readable(candidates, staffSchema)
    .filter((x) => text(x.aar) && (text(x.intervalKodeAntalAnsatte) || text(x.antalAnsatte)))
    .reduce<z.infer<typeof staffSchema> | undefined>((a, b) => (!a || month(b) > month(a) ? b : a), undefined);
}

/** 'Hovedgaden 6, 1.' then the locality, the post box and '2970 Hørsholm'; a foreign address as its free text. */
function addressLines(a: z.infer<typeof addressSchema> | undefined): { address: string; postalCode?: string; city?: string } {
  if (!a) return { address: '' };
  const to = text(a.husnummerTil) ? `-${text(a.husnummerTil)}${text(a.bogstavTil) ?? ''}` : '';
  const number = text(a.husnummerFra) ? `${text(a.husnummerFra)}${text(a.bogstavFra) ?? ''}${to}` : '';
  const floor = [text(a.etage) ? `${text(a.etage)}.` : '', text(a.sidedoer) ?? ''].filter(Boolean).join(' ');
  const street = [[text(a.vejnavn), number].filter(Boolean).join(' '), floor].filter(Boolean).join(', ');
  const postalCode = text(a.postnummer)?.padStart(4, '0');
  const city = text(a.postdistrikt);
  const lines = [street, text(a.postboks) ? `Postboks ${text(a.postboks)}` : '', text(a.bynavn) ?? '', [postalCode, city].filter(Boolean).join(' ')];
  const address = lines.filter(Boolean).join('\n');
  return { address: address || (text(a.fritekst) ?? ''), postalCode, city };
}

function shareBand(value: string | undefined): string | undefined {
  const v = Number(value);
  if (!value || !Number.isFinite(v) || v <= 0) return undefined;
  return SHARE_BANDS.find(([low]) => v >= low)?.[1] ?? `${Math.round(v * 10_000) / 100} %`;
}

/** The management, and the owners (legal owners, fully liable partners), as the register names them today. */
function relations(items: readonly unknown[], today: string): { officers: CompanyParty[]; owners: CompanyParty[] } {
  const officers: (CompanyParty | null)[] = [];
  const owners: (CompanyParty | null)[] = [];
  for (const r of readable(items, relationSchema)) {
    const name = text(current(readable(r.deltager?.navne ?? [], namedSchema), today)?.navn);
    if (!name) continue;
    const kind = r.deltager?.enhedstype === 'PERSON' ? 'person' : 'enterprise';
    for (const o of readable(r.organisationer ?? [], organSchema)) {
      const organ = text(current(readable(o.organisationsNavn ?? [], namedSchema), today)?.navn);
      for (const m of readable(o.medlemsData ?? [], memberSchema)) {
        // A member is current while one of its attribute values is: a former member keeps only closed ones.
        const values = new Map<string, string>();
        for (const a of readable(m.attributter ?? [], attributeSchema)) {
          const v = current(readable(a.vaerdier ?? [], valueSchema), today);
          if (a.type && v && inForce(v, today) && text(v.vaerdi)) values.set(a.type, text(v.vaerdi)!);
        }
        if (values.size === 0) continue;
        const role = values.get('FUNKTION') ?? organ ?? null;
        if (o.hovedtype === 'LEDELSESORGAN') officers.push({ name, role, kind });
        else if (o.hovedtype === 'FULDT_ANSVARLIG_DELTAGERE') owners.push({ name, role, kind });
        else if (o.hovedtype === 'REGISTER' && organ?.toUpperCase() === 'EJERREGISTER') {
          owners.push({ name, role: shareBand(values.get('EJERANDEL_PROCENT')) ?? null, kind });
        }
        // Auditors, founders, beneficial owners ('Reelle ejere') and the anti-money-laundering register are left out.
      }
    }
  }
  return { officers: parties(officers), owners: parties(owners) };
}

const DB = 'Dansk Branchekode';

/**
 * The main activity: a DB07 code mapped to its NACE Rev. 2 class. A code that may be DB25 is read
 * as DB25 (its NACE Rev. 2.1 class through Eurostat's correspondence) when its class is no Rev. 2
 * class, as DB07 when it is no Rev. 2.1 class or when both readings give the same single class;
 * otherwise it is kept unmapped.
 */
function activity(code: string | undefined, since: string | undefined): Pick<CompanyRecord, 'naceCode' | 'activityEvidence' | 'nationalCode'> {
  if (!code) return {};
  const nace = naceClass(code);
  if (!since || since < DB25_FROM) {
    return nace ? { naceCode: nace, activityEvidence: activityEvidence(nace, 'DB07', code, DK_REGISTER), nationalCode: { scheme: DB, version: '2007', code } } : {};
  }
  const unmapped = `DB07 or DB25 (NACE Rev. 2.1) code ${code}, recorded ${since} in the ${DK_REGISTER}: not mapped to a NACE Rev. 2 class`;
  const asDb07 = nace && isNaceRev2Class(nace) ? nace : undefined;
  const asDb25 = nace ? rev2ForRev21(nace) : undefined;
  if (!asDb07 && asDb25) return rev21Activity({ scheme: DB, version: '2025', code }, 'DB25', DK_REGISTER, unmapped);
  if (asDb07 && !(nace && isNaceRev21Class(nace))) {
    return { naceCode: asDb07, activityEvidence: activityEvidence(asDb07, 'DB07', code, DK_REGISTER), nationalCode: { scheme: DB, version: '2007', code } };
  }
  if (asDb07 && asDb25?.candidates.length === 1 && asDb25.rev2 === asDb07) {
    return { naceCode: asDb07, activityEvidence: activityEvidence(asDb07, 'DB07 or DB25', code, DK_REGISTER), nationalCode: { scheme: DB, version: '2007 or 2025', code } };
  }
  return { activityEvidence: unmapped, nationalCode: { scheme: DB, version: '2007 or 2025', code } };
}

/**
 * The company by CVR number, or null when CVR does not know it. Without credentials the register
 * is not asked (null at once, as for a state without a register).
 */
export async function findDenmark(call: RegisterCall, options: DenmarkOptions): Promise<CompanyRecord | null> {
  const cvr = call.nationalNumber;
  if (!/^\d{8}$/.test(cvr) || !options.user || !options.password) return null;
  const res = await registerRequest(call, `${options.baseUrl}/virksomhed/_search`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${options.user}:${options.password}`).toString('base64')}` },
    json: { _source: FIELDS, query: { term: { 'Vrvirksomhed.cvrNummer': Number(cvr) } }, size: 1 },
    // A large company's participant history alone can pass the usual 2 MB.
    maxBytes: 8 * 1024 * 1024,
  });
  // A 404 from Elasticsearch is a missing index (a wrong REGISTRY_DK_URL), not an unknown company.
  const answer = registerAnswer(call, res, answerSchema);
  const c = readable(
    answer.hits.hits.map((h) => h._source?.Vrvirksomhed),
    companySchema,
  ).find((x) => String(x.cvrNummer) === cvr);
  if (!c) {
    // No hit from a search that did not reach every shard says nothing about the company.
    if (answer.timed_out || (answer._shards?.failed ?? 0) > 0) throw unavailable(call, 'partial answer');
    return null;
  }

  const today = call.today;
  const meta = c.virksomhedMetadata ?? {};
  const name = text(one(namedSchema, meta.nyesteNavn)?.navn) ?? text(current(readable(c.navne ?? [], namedSchema), today)?.navn);
  const place = addressLines(one(addressSchema, meta.nyesteBeliggenhedsadresse) ?? current(readable(c.beliggenhedsadresse ?? [], addressSchema), today));
  const industry = one(industrySchema, meta.nyesteHovedbranche) ?? current(readable(c.hovedbranche ?? [], industrySchema), today);
  const raw = text(industry?.branchekode);
  const code = raw && /^\d+$/.test(raw) ? raw.padStart(6, '0') : raw;
  // Recorded or rewritten: either date may mark a recoding to DB25.
  const since = [isoDate(industry?.periode?.gyldigFra), isoDate(industry?.sidstOpdateret)].filter((d): d is string => !!d).sort().at(-1);
  const form = one(formSchema, meta.nyesteVirksomhedsform) ?? current(readable(c.virksomhedsform ?? [], formSchema), today);
  const life = readable(c.livsforloeb ?? [], periodSchema);
  const ended = life.length > 0 && !life.some((l) => inForce(l, today));
  const word = text(meta.sammensatStatus) ?? text(current(readable(c.virksomhedsstatus ?? [], statusSchema), today)?.status);
  const staff = newestStaff([
    meta.nyesteErstMaanedsbeskaeftigelse,
    meta.nyesteMaanedsbeskaeftigelse,
    meta.nyesteKvartalsbeskaeftigelse,
    meta.nyesteAarsbeskaeftigelse,
    (c.kvartalsbeskaeftigelse ?? []).at(-1),
    (c.aarsbeskaeftigelse ?? []).at(-1),
  ]);
  const started = life.map((l) => isoDate(l.periode?.gyldigFra)).filter((d): d is string => !!d).sort()[0];
  const named = relations(c.deltagerRelation ?? [], today);
  return {
    source: 'registry',
    name: name ?? '',
    ...place,
    countryIso2: 'DK',
    vatNumber: fullVatNumber(cvr, call.country),
    // The DB07 label (`branchetekst`) is Danish: the NACE division's English label stands in for it.
    ...activity(code, since),
    legalForm: text(form?.langBeskrivelse) ?? LEGAL_FORMS[text(form?.virksomhedsformkode) ?? ''] ?? text(form?.kortBeskrivelse),
    status: ended ? 'dissolved' : word ? status(word) : life.length ? 'active' : undefined,
    incorporatedOn: isoDate(meta.stiftelsesDato) ?? started,
    employees: staffBand(staff),
    officers: named.officers,
    owners: named.owners,
    sample: false,
    reference: `CVR ${cvr}`,
  };
}
