import { z } from 'zod';
import type { CompanyParty } from '../../../../shared/contracts/assessment.js';
import { fullVatNumber } from '../../../../shared/countries.js';
import { readable } from '../source-http.js';
import type { CompanyRecord } from '../types.js';
import { czLegalForm, czStaffBand } from './codes.js';
import { activityEvidence, isoDate, naceClass, parties, personName, registerRequest, rev21Activity, text, unavailable, type RegisterCall } from './common.js';

/**
 * Czechia: ARES REST v3 (Ministry of Finance), no key. Three calls by IČO, side by side (the VAT
 * number of a legal person is CZ + its 8-digit IČO; 9–10 digits are a person's birth number, not
 * in ARES):
 * - `GET {REGISTRY_CZ_URL}/ekonomicke-subjekty/{ico}`: name, seat (`sidlo.textovaAdresa`, `psc`,
 *   `nazevObce`), `pravniForma` (code), `datumVzniku`, `datumZaniku`, `seznamRegistraci`
 *   (`stavZdrojeVr` AKTIVNI/ZANIKLY, `stavZdrojeIr` AKTIVNI = an insolvency-register record);
 *   404 for an unknown IČO;
 * - `GET {REGISTRY_CZ_URL}/ekonomicke-subjekty-res/{ico}`: the statistical register, with the
 *   prevailing activity (`czNacePrevazujici2008`, CZ-NACE 2008 on NACE Rev. 2, kept for a
 *   transition; `czNacePrevazujici`, CZ-NACE 2025 on NACE Rev. 2.1) and the staff category. The
 *   basic record's `czNace` list is sorted by code, not by importance, so without this call the
 *   activity stays unknown. Its failure costs only the activity and staff band;
 * - `GET {REGISTRY_CZ_URL}/ekonomicke-subjekty-vr/{ico}`: the commercial register (VR), `{icoId,
 *   zaznamy: [{primarniZaznam, statutarniOrgany: [{nazevOrganu, clenoveOrganu}], spolecnici:
 *   [{spolecnik: [{osoba, podil: [{velikostPodilu: {typObnos, hodnota}}]}]}], akcionari:
 *   [{clenoveOrganu}]}]}`. A member (`clenoveOrganu[]`, `osoba`) is a `fyzickaOsoba` {jmeno,
 *   prijmeni} or a `pravnickaOsoba` {obchodniJmeno}, with `clenstvi.funkce.nazev` ('jednatel',
 *   'Předseda představenstva'). Every entry keeps its history: one with `datumVymazu` has been
 *   struck out (a former member, or a member's entry rewritten). Gives the officers (statutory
 *   body) and owners (partners of an s.r.o., the sole shareholder of an a.s.); its failure or a
 *   404 (not in a commercial register) costs only those.
 */

export const CZ_REGISTER = 'Czech register of economic subjects (ARES)';

const s = z.string().nullish();
const basicSchema = z.object({
  ico: z.string(),
  obchodniJmeno: s,
  sidlo: z
    .object({ textovaAdresa: s, psc: z.union([z.number(), z.string()]).nullish(), nazevObce: s })
    .partial()
    .nullish(),
  pravniForma: s,
  datumVzniku: s,
  datumZaniku: s,
  seznamRegistraci: z.object({ stavZdrojeVr: s, stavZdrojeIr: s }).partial().nullish(),
});
const resSchema = z.object({
  zaznamy: z
    .array(
      z.object({
        primarniZaznam: z.boolean().nullish(),
        czNacePrevazujici: s,
        czNacePrevazujici2008: s,
        statistickeUdaje: z.object({ kategoriePoctuPracovniku: s }).partial().nullish(),
      }),
    )
    .default([]),
});

type Res = z.infer<typeof resSchema>['zaznamy'][number];

const struckOut = { datumVymazu: s };
const engagedSchema = z.object({
  ...struckOut,
  nazevAngazma: s,
  clenstvi: z
    .object({
      funkce: z.object({ nazev: s, zanikFunkce: s }).partial().nullish(),
      clenstvi: z.object({ zanikClenstvi: s }).partial().nullish(),
    })
    .partial()
    .nullish(),
  fyzickaOsoba: z.object({ jmeno: s, prijmeni: s }).partial().nullish(),
  pravnickaOsoba: z.object({ obchodniJmeno: s }).partial().nullish(),
});
type Engaged = z.infer<typeof engagedSchema>;
const organSchema = z.object({ ...struckOut, nazevOrganu: s, clenoveOrganu: z.array(z.unknown()).nullish() });
const partnersSchema = z.object({ ...struckOut, spolecnik: z.array(z.unknown()).nullish() });
const partnerSchema = z.object({
  ...struckOut,
  osoba: engagedSchema.nullish(),
  podil: z.array(z.object({ ...struckOut, velikostPodilu: z.object({ typObnos: s, hodnota: s }).partial().nullish() }).partial()).nullish(),
});
const vrRecordSchema = z.object({
  primarniZaznam: z.boolean().nullish(),
  statutarniOrgany: z.array(z.unknown()).nullish(),
  spolecnici: z.array(z.unknown()).nullish(),
  akcionari: z.array(z.unknown()).nullish(),
});
const vrSchema = z.object({ zaznamy: z.array(z.unknown()).default([]) });

interface Parties {
  officers: CompanyParty[];
  owners: CompanyParty[];
}

/** Still in office: not struck out, and no end of membership or function on or before today. */
function current(m: Engaged, today: string): boolean {
  if (text(m.datumVymazu)) return false;
  const ends = [m.clenstvi?.clenstvi?.zanikClenstvi, m.clenstvi?.funkce?.zanikFunkce].map(isoDate);
  return !ends.some((end) => end !== undefined && end <= today);
}

function party(m: Engaged, role: string | null): CompanyParty | null {
  const company = text(m.pravnickaOsoba?.obchodniJmeno);
  if (company) return { name: company, role, kind: 'enterprise' };
  const person = m.fyzickaOsoba ? personName(m.fyzickaOsoba.jmeno, m.fyzickaOsoba.prijmeni) : '';
  return person ? { name: person, role, kind: 'person' } : null;
}

/** The members of the organs still registered who are still in office. */
function members(organs: readonly unknown[], today: string): [Engaged, string | undefined][] {
  return readable(organs, organSchema)
    .filter((o) => !text(o.datumVymazu))
    .flatMap((o) =>
      readable(o.clenoveOrganu ?? [], engagedSchema)
        .filter((m) => current(m, today))
        .map((m): [Engaged, string | undefined] => [m, text(o.nazevOrganu)]),
    );
}

/** A share as the register states it: '100 %', '60,50 %' (ARES writes the decimal comma as ';'), or its text. */
function share(size: { typObnos?: string | null; hodnota?: string | null } | null | undefined): string | undefined {
  const value = text(size?.hodnota)?.replace(';', ',');
  if (!value) return undefined;
  return size?.typObnos === 'PROCENTA' ? `${value} %` : value;
}

function vrParties(body: unknown, today: string): Parties {
  const records = readable(vrSchema.parse(body).zaznamy, vrRecordSchema);
  const r = records.find((x) => x.primarniZaznam) ?? records[0];
  if (!r) return { officers: [], owners: [] };
  const officers = members(r.statutarniOrgany ?? [], today).map(([m, organ]) =>
    party(m, text(m.clenstvi?.funkce?.nazev) ?? text(m.nazevAngazma) ?? organ ?? null),
  );
  const partners = readable(r.spolecnici ?? [], partnersSchema)
    .filter((p) => !text(p.datumVymazu))
    .flatMap((p) => readable(p.spolecnik ?? [], partnerSchema))
    .filter((p) => !text(p.datumVymazu) && p.osoba && current(p.osoba, today))
    .map((p) => {
      const held = (p.podil ?? []).find((x) => !text(x.datumVymazu));
      return party(p.osoba!, share(held?.velikostPodilu) ?? text(p.osoba!.nazevAngazma) ?? null);
    });
  const shareholders = members(r.akcionari ?? [], today).map(([m]) => party(m, text(m.nazevAngazma) ?? null));
  return { officers: parties(officers), owners: parties([...partners, ...shareholders]) };
}

/** Officers and owners from the commercial register; none when it does not know the company or cannot answer. */
async function commercialRecord(call: RegisterCall, baseUrl: string, ico: string): Promise<Parties> {
  try {
    const res = await registerRequest(call, `${baseUrl}/ekonomicke-subjekty-vr/${ico}`);
    if (res.status === 200) return vrParties(res.body, call.today);
  } catch {
    // Down, slow or unreadable: the company is still known from the basic record.
  }
  return { officers: [], owners: [] };
}

async function statisticalRecord(call: RegisterCall, baseUrl: string, ico: string): Promise<Res | undefined> {
  try {
    const res = await registerRequest(call, `${baseUrl}/ekonomicke-subjekty-res/${ico}`);
    if (res.status !== 200) return undefined;
    const parsed = resSchema.safeParse(res.body);
    if (!parsed.success) return undefined;
    return parsed.data.zaznamy.find((z) => z.primarniZaznam) ?? parsed.data.zaznamy[0];
  } catch {
    return undefined;
  }
}

/**
 * The prevailing activity: the CZ-NACE 2008 code (NACE Rev. 2) while RES still gives it, else the
 * CZ-NACE 2025 one (NACE Rev. 2.1) read through Eurostat's correspondence.
 */
function activity(stat: Res | undefined): Pick<CompanyRecord, 'naceCode' | 'activityEvidence' | 'nationalCode'> {
  const code2008 = text(stat?.czNacePrevazujici2008);
  const nace = naceClass(code2008);
  if (nace && code2008) {
    return { naceCode: nace, activityEvidence: activityEvidence(nace, 'CZ-NACE', code2008, CZ_REGISTER), nationalCode: { scheme: 'CZ-NACE', version: '2008', code: code2008 } };
  }
  const code = text(stat?.czNacePrevazujici);
  if (!code) return {};
  const unmapped = `CZ-NACE 2025 code ${code} (NACE Rev. 2.1) in the ${CZ_REGISTER}, not mapped to NACE Rev. 2`;
  return rev21Activity({ scheme: 'CZ-NACE', version: '2025', code }, 'CZ-NACE 2025', CZ_REGISTER, unmapped);
}

export async function findCzechia(call: RegisterCall, baseUrl: string): Promise<CompanyRecord | null> {
  const ico = call.nationalNumber;
  if (!/^\d{8}$/.test(ico)) return null;
  const [res, stat, vr] = await Promise.all([
    registerRequest(call, `${baseUrl}/ekonomicke-subjekty/${ico}`),
    statisticalRecord(call, baseUrl, ico),
    commercialRecord(call, baseUrl, ico),
  ]);
  if (res.status === 404) return null;
  if (res.status !== 200) throw unavailable(call, `HTTP ${res.status}`);
  const parsed = basicSchema.safeParse(res.body);
  if (!parsed.success || parsed.data.ico.padStart(8, '0') !== ico) throw unavailable(call, 'unreadable answer');
  const b = parsed.data;

  const name = text(b.obchodniJmeno) ?? '';
  const psc = text(b.sidlo?.psc);
  const registers = b.seznamRegistraci;
  const status =
    text(b.datumZaniku) || registers?.stavZdrojeVr === 'ZANIKLY'
      ? 'dissolved'
      : registers?.stavZdrojeIr === 'AKTIVNI'
        ? 'insolvent'
        : /v likvidaci/i.test(name)
          ? 'in_liquidation'
          : registers?.stavZdrojeVr === 'AKTIVNI' || registers?.stavZdrojeVr === undefined
            ? 'active'
            : undefined;
  return {
    source: 'registry',
    name,
    address: text(b.sidlo?.textovaAdresa) ?? '',
    postalCode: psc ? psc.padStart(5, '0').replace(/^(\d{3})(\d{2})$/, '$1 $2') : undefined,
    city: text(b.sidlo?.nazevObce),
    countryIso2: 'CZ',
    vatNumber: fullVatNumber(ico, call.country),
    ...activity(stat),
    legalForm: czLegalForm(text(b.pravniForma)),
    status,
    incorporatedOn: isoDate(b.datumVzniku),
    employees: czStaffBand(text(stat?.statistickeUdaje?.kategoriePoctuPracovniku)),
    officers: vr.officers,
    owners: vr.owners,
    sample: false,
    reference: `IČO ${ico}`,
  };
}
