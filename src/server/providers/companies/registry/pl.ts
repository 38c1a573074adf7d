import { z } from 'zod';
import { fullVatNumber } from '../../../../shared/countries.js';
import type { CompanyParty, CompanyStatus } from '../../../../shared/contracts/assessment.js';
import { readable } from '../source-http.js';
import type { CompanyRecord } from '../types.js';
import { activityEvidence, isoDate, naceClass, parties, personName, registerAnswer, registerRequest, text, type RegisterCall } from './common.js';

/**
 * Poland: two registers, no key.
 * 1. The Ministry of Finance VAT "White List": `GET {REGISTRY_PL_URL}/api/search/nip/{nip}?date=
 *    YYYY-MM-DD` (the NIP is the VAT number's 10 digits) → `{result: {subject: {name, nip,
 *    statusVat, krs, workingAddress, residenceAddress} | null}}`; 400 for a NIP it refuses.
 * 2. When the subject has a KRS number, the court register's current extract:
 *    `GET {REGISTRY_PL_KRS_URL}/OdpisAktualny/{krs}?rejestr=P&format=json` → `{odpis: {naglowekA:
 *    {dataRejestracjiWKRS 'DD.MM.YYYY'}, dane: {dzial1: {danePodmiotu: {formaPrawna, nazwa},
 *    siedzibaIAdres: {adres: {ulica, nrDomu, nrLokalu, kodPocztowy, miejscowosc}}}, dzial3:
 *    {przedmiotDzialalnosci: {przedmiotPrzewazajacejDzialalnosci: [{kodDzial, kodKlasa,
 *    kodPodklasa}]}}, dzial6: {…liquidation, bankruptcy, restructuring entries…}}}}`.
 *    Officers: `dzial2.reprezentacja` {nazwaOrganu, sklad: [{nazwisko: {nazwiskoICzlon,
 *    nazwiskoIICzlon}, imiona: {imie, imieDrugie}, funkcjaWOrganie}]}. Owners: `dzial1.wspolnicySpzoo`
 *    (partners of a sp. z o.o.) and `dzial1.jedynyAkcjonariusz` (the sole shareholder of an S.A.),
 *    a person by the same name fields or a company by `nazwa`, with `posiadaneUdzialy`. The public
 *    extract masks people's names ('W*********'): a masked name is no name, and is left out.
 * Without a KRS entry (sole traders) or when the court register fails, the White List's name and
 * address still make a record; status, legal form, activity, officers and owners then stay unknown.
 */

export const PL_REGISTER = 'Polish National Court Register (KRS)';

const s = z.string().nullish();
const subjectSchema = z.object({
  name: s,
  nip: s,
  statusVat: s,
  krs: s,
  workingAddress: s,
  residenceAddress: s,
});
const wlSchema = z.object({ result: z.object({ subject: z.unknown().nullish() }) });

const krsSchema = z.object({
  odpis: z.object({
    naglowekA: z.object({ dataRejestracjiWKRS: s }).partial().nullish(),
    dane: z
      .object({
        dzial1: z
          .object({
            danePodmiotu: z.object({ formaPrawna: s, nazwa: s }).partial().nullish(),
            siedzibaIAdres: z
              .object({ adres: z.object({ ulica: s, nrDomu: s, nrLokalu: s, kodPocztowy: s, miejscowosc: s }).partial().nullish() })
              .partial()
              .nullish(),
            wspolnicySpzoo: z.unknown(),
            jedynyAkcjonariusz: z.unknown(),
          })
          .partial()
          .nullish(),
        dzial2: z.unknown(),
        dzial3: z
          .object({
            przedmiotDzialalnosci: z
              .object({
                przedmiotPrzewazajacejDzialalnosci: z.array(z.object({ kodDzial: s, kodKlasa: s, kodPodklasa: s }).partial()).nullish(),
              })
              .partial()
              .nullish(),
          })
          .partial()
          .nullish(),
        dzial6: z.record(z.string(), z.unknown()).nullish(),
      })
      .partial(),
  }),
});
type Extract = z.infer<typeof krsSchema>['odpis'];

const namedSchema = z.object({
  nazwa: s,
  nazwisko: z.object({ nazwiskoICzlon: s, nazwiskoIICzlon: s }).partial().nullish(),
  imiona: z.object({ imie: s, imieDrugie: s }).partial().nullish(),
  funkcjaWOrganie: s,
  posiadaneUdzialy: s,
});
type Named = z.infer<typeof namedSchema>;
const organSchema = z.object({ nazwaOrganu: s, sklad: z.array(z.unknown()).nullish() });
const boardSchema = z.object({ reprezentacja: z.unknown() }).partial();

/** A section that is a list, or one entry, or absent, as a list (read leniently: it must not cost the extract). */
const entries = (x: unknown): unknown[] => (Array.isArray(x) ? x : x ? [x] : []);

/** A person by first names and surname (a two-part surname joined by a hyphen), a company by name; null when masked or blank. */
function party(x: Named, role: string | undefined): CompanyParty | null {
  if (x.nazwisko || x.imiona) {
    const surname = [text(x.nazwisko?.nazwiskoICzlon), text(x.nazwisko?.nazwiskoIICzlon)].filter(Boolean).join('-');
    const name = personName(x.imiona?.imie, x.imiona?.imieDrugie, surname);
    return name && !name.includes('*') ? { name, role: role ?? null, kind: 'person' } : null;
  }
  const name = text(x.nazwa);
  return name && !name.includes('*') ? { name, role: role ?? null, kind: 'enterprise' } : null;
}

/** The management board (one organ, or a list of them) and the owners the extract names. */
function extractParties(dane: Extract['dane']): { officers: CompanyParty[]; owners: CompanyParty[] } {
  const board = boardSchema.safeParse(dane.dzial2 ?? {});
  const organs = readable(entries(board.success ? board.data.reprezentacja : undefined), organSchema);
  const officers = organs.flatMap((o) =>
    readable(o.sklad ?? [], namedSchema).map((m) => party(m, text(m.funkcjaWOrganie) ?? text(o.nazwaOrganu))),
  );
  const partners = readable(entries(dane.dzial1?.wspolnicySpzoo), namedSchema).map((w) => party(w, text(w.posiadaneUdzialy)));
  const sole = readable(entries(dane.dzial1?.jedynyAkcjonariusz), namedSchema).map((w) =>
    party(w, text(w.posiadaneUdzialy) ?? 'JEDYNY AKCJONARIUSZ'),
  );
  return { officers: parties(officers), owners: parties([...partners, ...sole]) };
}

/** 'UL. SZELĄGOWSKA 49, 61-626 POZNAŃ' → postal code and city. */
function splitAddress(line: string | undefined): { postalCode?: string; city?: string } {
  const m = /(\d{2}-\d{3})\s+(.+)$/.exec(line ?? '');
  return m ? { postalCode: m[1], city: m[2]!.trim() } : {};
}

/** Section 6 of the extract holds liquidation, bankruptcy and restructuring entries. */
function sectionSixStatus(dzial6: Record<string, unknown> | null | undefined): CompanyStatus {
  const filled = Object.entries(dzial6 ?? {})
    .filter(([, v]) => v !== null && (!Array.isArray(v) || v.length > 0) && (typeof v !== 'object' || Object.keys(v).length > 0))
    .map(([k]) => k.toLowerCase());
  if (filled.some((k) => k.includes('upadlos') || k.includes('restruktur') || k.includes('naprawcz'))) return 'insolvent';
  if (filled.some((k) => k.includes('likwidac') || k.includes('rozwiazan'))) return 'in_liquidation';
  return 'active';
}

async function courtExtract(call: RegisterCall, krsUrl: string, krs: string): Promise<Extract | undefined> {
  try {
    const res = await registerRequest(call, `${krsUrl}/OdpisAktualny/${krs}?rejestr=P&format=json`);
    if (res.status !== 200) return undefined;
    const parsed = krsSchema.safeParse(res.body);
    return parsed.success ? parsed.data.odpis : undefined;
  } catch {
    return undefined;
  }
}

export async function findPoland(call: RegisterCall, baseUrl: string, krsUrl: string): Promise<CompanyRecord | null> {
  const nip = call.nationalNumber;
  const res = await registerRequest(call, `${baseUrl}/api/search/nip/${nip}?date=${call.today}`);
  if (res.status === 400 || res.status === 404) return null;
  const answer = registerAnswer(call, res, wlSchema);
  const subject = subjectSchema.safeParse(answer.result.subject ?? null);
  if (!subject.success) return null;
  const wl = subject.data;

  const krs = text(wl.krs);
  const extract = krs && /^\d{1,10}$/.test(krs) ? await courtExtract(call, krsUrl, krs.padStart(10, '0')) : undefined;
  const dane = extract?.dane;
  const main = dane?.dzial3?.przedmiotDzialalnosci?.przedmiotPrzewazajacejDzialalnosci?.[0];
  const pkd = main?.kodDzial && main.kodKlasa ? [main.kodDzial, main.kodKlasa, main.kodPodklasa].filter(Boolean).join('.') : undefined;
  const nace = naceClass(pkd);
  const a = dane?.dzial1?.siedzibaIAdres?.adres;
  const krsStreet = a ? [text(a.ulica), [text(a.nrDomu), text(a.nrLokalu)].filter(Boolean).join('/')].filter(Boolean).join(' ') : '';
  const wlAddress = text(wl.workingAddress) ?? text(wl.residenceAddress);
  const fromWl = splitAddress(wlAddress);
  const postalCode = text(a?.kodPocztowy) ?? fromWl.postalCode;
  const city = text(a?.miejscowosc) ?? fromWl.city;
  const named = dane ? extractParties(dane) : undefined;
  return {
    source: 'registry',
    name: text(dane?.dzial1?.danePodmiotu?.nazwa) ?? text(wl.name) ?? '',
    address: krsStreet ? [krsStreet, [postalCode, city].filter(Boolean).join(' ')].filter(Boolean).join('\n') : (wlAddress ?? ''),
    postalCode,
    city,
    countryIso2: 'PL',
    vatNumber: fullVatNumber(nip, call.country),
    naceCode: nace,
    activityEvidence: nace && pkd ? activityEvidence(nace, 'PKD', pkd, PL_REGISTER) : undefined,
    legalForm: text(dane?.dzial1?.danePodmiotu?.formaPrawna),
    status: extract ? sectionSixStatus(dane?.dzial6) : undefined,
    incorporatedOn: isoDate(extract?.naglowekA?.dataRejestracjiWKRS),
    officers: named?.officers,
    owners: named?.owners,
    sample: false,
    reference: krs ? `KRS ${krs.padStart(10, '0')}` : `NIP ${nip}`,
  };
}
