import { z } from 'zod';
import type { CompanyParty, CompanyStatus } from '../../../../shared/contracts/assessment.js';
import { fullVatNumber } from '../../../../shared/countries.js';
import { readable } from '../source-http.js';
import type { CompanyRecord } from '../types.js';
import { activityEvidence, isoDate, naceClass, parties, personName, registerAnswer, registerRequest, rev21Activity, text, type RegisterCall } from './common.js';

/**
 * Slovakia: two registers, no key. The VAT number (IČ DPH) is SK + the 10-digit DIČ, which is not
 * the company number (IČO), so:
 * 1. RÚZ, the register of financial statements (REGISTRY_SK_URL, `…/cruz-public/api`):
 *    `GET /uctovne-jednotky?zmenene-od=2000-01-01&dic={DIČ}` → `{id: [N…], existujeDalsieId}`
 *    (no `id` at all when nothing matches), then `GET /uctovna-jednotka?id={N}` → `{id, ico, dic,
 *    nazovUJ, ulica, mesto, psc, datumZalozenia, datumZrusenia, pravnaForma (code), skNace,
 *    velkostOrganizacie (code), datumPoslednejUpravy, stav}`; 404 for an unknown id, and a
 *    deleted unit answers `{id, stav: 'ZMAZANÉ'}`.
 * 2. RPO, the register of legal persons (REGISTRY_SK_RPO_URL, `…/rpo/v1`), by the IČO RÚZ gave:
 *    `GET /search?identifier={IČO}` → `{results: [{id, identifiers, fullNames, addresses,
 *    termination}], license}`, then `GET /entity/{id}` → the record: `fullNames`, `addresses
 *    [{street, regNumber, buildingNumber, postalCodes, municipality}]`, `legalForms [{value:
 *    {value, code}}]`, `establishment`, `termination`, `legalStatuses [{value: {value}}]`,
 *    `statutoryBodies` and `stakeholders` (`{stakeholderType: {value}, personName: {formatedName,
 *    givenNames, familyNames} | fullName}`), `statisticalCodes.mainActivity {code, value,
 *    codelistCode}`. Every list keeps its history: an entry with a past `validTo` has ended.
 * If RÚZ answers but RPO fails (down, slow, unreadable) or does not know the IČO, the record is
 * built from RÚZ alone: name, address, legal form, SK NACE, dates and staff band, but no officers,
 * owners or insolvency (RÚZ records none), so its status is only "dissolved" or unknown.
 */

export const SK_REGISTER = 'Slovak register of legal persons (RPO)';
export const SK_RUZ_REGISTER = 'Slovak register of financial statements (RÚZ)';

/** Base URLs: REGISTRY_SK_URL (RÚZ) and REGISTRY_SK_RPO_URL (RPO). */
export interface SlovakiaOptions {
  ruzUrl: string;
  rpoUrl: string;
}

/**
 * SK NACE versions. RPO names the code list of each code: CL005205 is SK NACE Rev. 2, whose 5-digit
 * codes start with the NACE Rev. 2 class. SK NACE Rev. 2.1 (in force from 2025) has other classes
 * behind the same digit pattern, so a code from any other list is taken as Rev. 2.1 (the list's
 * number is not confirmed) and its class read as a Rev. 2 class through Eurostat's
 * correspondence. RÚZ names no list: its code is mapped only when the unit was last changed before
 * 2025, i.e. before Rev. 2.1 codes could be in it.
 */
const SK_NACE_REV2_LIST = 'CL005205';
const REV21_FROM = '2025-01-01';
const REV2 = 'SK NACE Rev. 2';

/** RÚZ deleted units and a DIČ listed more than once: look at the newest few only. */
const MAX_UNITS = 3;

const s = z.string().nullish();
const num = z.union([z.number(), z.string()]).nullish();
const ruzListSchema = z.object({ id: z.array(z.union([z.number(), z.string()])).nullish() });
const ruzUnitSchema = z.object({
  id: num,
  ico: s,
  dic: s,
  nazovUJ: s,
  ulica: s,
  mesto: s,
  psc: num,
  datumZalozenia: s,
  datumZrusenia: s,
  pravnaForma: s,
  skNace: s,
  velkostOrganizacie: s,
  datumPoslednejUpravy: s,
  stav: s,
});
type RuzUnit = z.infer<typeof ruzUnitSchema>;

const timed = { validFrom: s, validTo: s };
const codeValue = z.object({ value: s, code: s, codelistCode: s }).partial();
const nameSchema = z.object({ value: s, ...timed });
const addressSchema = z
  .object({ ...timed, street: s, regNumber: num, buildingNumber: s, postalCodes: z.array(z.string()).nullish(), municipality: codeValue.nullish() })
  .partial();
const codedSchema = z.object({ value: codeValue.nullish(), ...timed });
const partySchema = z.object({
  ...timed,
  stakeholderType: codeValue.nullish(),
  statutoryBodyMember: codeValue.nullish(),
  personName: z
    .object({ formatedName: s, givenNames: z.array(z.string()).nullish(), familyNames: z.array(z.string()).nullish() })
    .partial()
    .nullish(),
  fullName: s,
});
const list = z.array(z.unknown()).nullish();
const hitSchema = z.object({ id: z.number(), identifiers: list, fullNames: list, addresses: list, termination: s });
const searchSchema = z.object({ results: z.array(z.unknown()) });
const entitySchema = z.object({
  fullNames: list,
  addresses: list,
  legalForms: list,
  establishment: s,
  termination: s,
  legalStatuses: list,
  statutoryBodies: list,
  stakeholders: list,
  statisticalCodes: z.object({ mainActivity: codeValue.nullish() }).partial().nullish(),
});
type Entity = z.infer<typeof entitySchema>;

/** RÚZ `pravnaForma` (ŠÚ SR code list of legal forms, as RÚZ's `/pravne-formy` lists it) in full words. */
const SK_LEGAL_FORMS: Readonly<Record<string, string>> = {
  '101': 'Podnikateľ-fyzická osoba',
  '111': 'Verejná obchodná spoločnosť',
  '112': 'Spoločnosť s ručením obmedzeným',
  '113': 'Komanditná spoločnosť',
  '117': 'Nadácia',
  '118': 'Neinvestičný fond',
  '119': 'Nezisková organizácia',
  '121': 'Akciová spoločnosť',
  '122': 'Európske zoskupenie hospodárskych záujmov',
  '123': 'Európska spoločnosť',
  '124': 'Európske družstvo',
  '125': 'Jednoduchá spoločnosť na akcie',
  '205': 'Družstvo',
  '301': 'Štátny podnik',
  '421': 'Zahraničná osoba, právnická osoba',
  '701': 'Združenie (zväz, spolok, spoločnosť, klub)',
  '801': 'Obec',
};

/** RÚZ `velkostOrganizacie` (ŠÚ SR staff bands); '00' is "not known". */
const SK_STAFF_BANDS: Readonly<Record<string, string>> = {
  '01': '0 employees',
  '02': '1',
  '03': '2',
  '04': '3–4',
  '05': '5–9',
  '06': '10–19',
  '07': '20–24',
  '11': '25–49',
  '12': '50–99',
  '21': '100–149',
  '22': '150–199',
  '23': '200–249',
  '24': '250–499',
  '25': '500–999',
  '31': '1000–1999',
  '32': '2000–2999',
  '33': '3000–3999',
  '34': '4000–4999',
  '35': '5000–9999',
  '36': '10000–19999',
  '37': '20000–29999',
  '38': '30000 or more',
};

/** Entries still valid today (no end, or an end not yet passed). */
function live<T extends { validTo?: string | null }>(items: readonly T[], today: string): T[] {
  return items.filter((x) => !isoDate(x.validTo) || isoDate(x.validTo)! >= today);
}

/** The entry valid today that began last; for a struck-off company (all ended), the one that ended last. */
function latest<T extends { validFrom?: string | null; validTo?: string | null }>(items: readonly T[], today: string): T | undefined {
  const by = (key: 'validFrom' | 'validTo') => (a: T, b: T) => (isoDate(b[key]) ?? '').localeCompare(isoDate(a[key]) ?? '');
  return live(items, today).sort(by('validFrom'))[0] ?? [...items].sort(by('validTo'))[0];
}

/** '82412' → '824 12', as Slovak postal codes are written. */
function postal(code: string | undefined): string | undefined {
  const digits = code?.replace(/\s/g, '');
  return digits && /^\d{5}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3)}` : code;
}

/** The newest RÚZ unit for the DIČ, or null when RÚZ knows none (deleted units are skipped). */
async function ruzUnit(call: RegisterCall, ruzUrl: string, dic: string): Promise<RuzUnit | null> {
  const query = new URLSearchParams({ 'zmenene-od': '2000-01-01', dic }).toString();
  const found = registerAnswer(call, await registerRequest(call, `${ruzUrl}/uctovne-jednotky?${query}`), ruzListSchema);
  const ids = (found.id ?? [])
    .map(Number)
    .filter(Number.isSafeInteger)
    .sort((a, b) => b - a)
    .slice(0, MAX_UNITS);
  for (const id of ids) {
    const res = await registerRequest(call, `${ruzUrl}/uctovna-jednotka?id=${id}`);
    if (res.status === 404) continue;
    const unit = registerAnswer(call, res, ruzUnitSchema);
    if (/zmazan/i.test(unit.stav ?? '') || (text(unit.dic) && text(unit.dic) !== dic)) continue;
    return unit;
  }
  return null;
}

/**
 * The RPO record of the IČO, or undefined when RPO cannot answer or does not know it: the caller
 * then answers from RÚZ alone rather than nothing.
 */
async function rpoEntity(call: RegisterCall, rpoUrl: string, ico: string): Promise<Entity | undefined> {
  try {
    const found = await registerRequest(call, `${rpoUrl}/search?${new URLSearchParams({ identifier: ico }).toString()}`);
    const search = found.status === 200 ? searchSchema.safeParse(found.body) : undefined;
    if (!search?.success) return undefined;
    // An IČO can sit on more than one record (a body re-registered): the one still existing, then the newest.
    const hit = readable(search.data.results, hitSchema)
      .filter((h) => readable(h.identifiers ?? [], nameSchema).some((i) => text(i.value)?.padStart(8, '0') === ico))
      .sort((a, b) => Number(Boolean(text(a.termination))) - Number(Boolean(text(b.termination))) || b.id - a.id)[0];
    if (!hit) return undefined;
    const res = await registerRequest(call, `${rpoUrl}/entity/${hit.id}`);
    const entity = res.status === 200 ? entitySchema.safeParse(res.body) : undefined;
    if (!entity?.success) return undefined;
    // The current view drops ended names and seats, so a struck-off company has them only in the search row.
    const e = entity.data;
    return { ...e, fullNames: e.fullNames?.length ? e.fullNames : hit.fullNames, addresses: e.addresses?.length ? e.addresses : hit.addresses };
  } catch {
    // Down, slow or too large: RÚZ's record still stands.
    return undefined;
  }
}

/** A statutory-body member or a stakeholder as the register names it. */
function party(p: z.infer<typeof partySchema>): CompanyParty | null {
  const role = text(p.stakeholderType?.value) ?? text(p.statutoryBodyMember?.value) ?? null;
  const n = p.personName;
  const person = text(n?.formatedName) ?? personName((n?.givenNames ?? []).join(' '), (n?.familyNames ?? []).join(' '));
  if (person) return { name: person, role, kind: 'person' };
  const company = text(p.fullName);
  return company ? { name: company, role, kind: 'enterprise' } : null;
}

function rpoParties(entries: readonly unknown[] | null | undefined, today: string): CompanyParty[] {
  return parties(live(readable(entries ?? [], partySchema), today).map(party));
}

/** RPO's termination date, its current legal statuses (liquidation, bankruptcy) and the name, as a status. */
function rpoStatus(e: Entity, name: string, today: string): CompanyStatus {
  const ended = isoDate(e.termination);
  if (ended && ended <= today) return 'dissolved';
  const states = [...live(readable(e.legalStatuses ?? [], codedSchema), today).map((x) => x.value?.value ?? ''), name].join(' ');
  if (/konkurz|reštrukturaliz|úpad/i.test(states)) return 'insolvent';
  if (/likvidáci/i.test(states)) return 'in_liquidation';
  return 'active';
}

/** RÚZ records no insolvency or liquidation: only a dissolution date, or what the name says. */
function ruzStatus(unit: RuzUnit, name: string): CompanyStatus | undefined {
  if (isoDate(unit.datumZrusenia)) return 'dissolved';
  if (/v konkurze/i.test(name)) return 'insolvent';
  if (/v likvidácii/i.test(name)) return 'in_liquidation';
  return undefined;
}

type Activity = Pick<CompanyRecord, 'naceCode' | 'activityText' | 'activityEvidence' | 'nationalCode'>;

/**
 * The main activity: RPO's when it has one, else RÚZ's. An RPO code from another list than SK NACE
 * Rev. 2 is taken as SK NACE Rev. 2.1 and read through Eurostat's correspondence; a RÚZ code that
 * may be Rev. 2.1 (no list named) stays unmapped.
 */
function activity(e: Entity | undefined, unit: RuzUnit): Activity {
  const main = e?.statisticalCodes?.mainActivity;
  const rpoCode = text(main?.code);
  if (rpoCode) {
    const listCode = text(main?.codelistCode);
    if (listCode && listCode !== SK_NACE_REV2_LIST) {
      const unmapped = `SK NACE code ${rpoCode} (code list ${listCode}, not ${REV2}: possibly Rev. 2.1) in the ${SK_REGISTER}; not mapped to NACE Rev. 2`;
      return rev21Activity({ scheme: 'SK NACE', version: 'Rev. 2.1', code: rpoCode }, `SK NACE Rev. 2.1 (list ${listCode})`, SK_REGISTER, unmapped);
    }
    const nace = naceClass(rpoCode);
    if (nace) {
      const nationalCode = { scheme: 'SK NACE', version: 'Rev. 2', code: rpoCode };
      return { naceCode: nace, activityText: text(main?.value), activityEvidence: activityEvidence(nace, REV2, rpoCode, SK_REGISTER), nationalCode };
    }
  }
  const ruzCode = text(unit.skNace);
  if (!ruzCode) return {};
  const changed = isoDate(unit.datumPoslednejUpravy);
  if (!changed || changed >= REV21_FROM) {
    return { activityEvidence: `SK NACE code ${ruzCode} (version not stated, record changed ${changed ?? 'on an unknown date'}) in the ${SK_RUZ_REGISTER}; not mapped to NACE Rev. 2` };
  }
  const nace = naceClass(ruzCode);
  const nationalCode = { scheme: 'SK NACE', version: 'Rev. 2', code: ruzCode };
  return nace ? { naceCode: nace, activityEvidence: activityEvidence(nace, REV2, ruzCode, SK_RUZ_REGISTER), nationalCode } : {};
}

function rpoAddress(e: Entity, today: string): { street: string; postalCode?: string; city?: string } | undefined {
  const a = latest(readable(e.addresses ?? [], addressSchema), today);
  if (!a) return undefined;
  const reg = Number(a.regNumber) > 0 ? String(a.regNumber) : undefined;
  const building = text(a.buildingNumber);
  const number = reg && building ? `${reg}/${building}` : (building ?? reg);
  const city = text(a.municipality?.value);
  // A village without streets is addressed by its name and the house number.
  const street = [text(a.street) ?? (number ? city : undefined), number].filter(Boolean).join(' ');
  return { street, postalCode: postal(text(a.postalCodes?.[0])), city };
}

export async function findSlovakia(call: RegisterCall, options: SlovakiaOptions): Promise<CompanyRecord | null> {
  const dic = call.nationalNumber;
  if (!/^\d{10}$/.test(dic)) return null;
  const unit = await ruzUnit(call, options.ruzUrl, dic);
  if (!unit) return null;

  const ruzIco = text(unit.ico);
  const ico = ruzIco && /^\d{1,8}$/.test(ruzIco) ? ruzIco.padStart(8, '0') : undefined;
  const e = ico ? await rpoEntity(call, options.rpoUrl, ico) : undefined;

  const today = call.today;
  const name = text(latest(readable(e?.fullNames ?? [], nameSchema), today)?.value) ?? text(unit.nazovUJ) ?? '';
  const rpoPlace = e ? rpoAddress(e, today) : undefined;
  const place = rpoPlace ?? { street: text(unit.ulica) ?? '', postalCode: postal(text(unit.psc)), city: text(unit.mesto) };
  const legalForm = text(latest(readable(e?.legalForms ?? [], codedSchema), today)?.value?.value);
  const formCode = text(unit.pravnaForma);
  return {
    source: 'registry',
    name,
    address: [place.street, [place.postalCode, place.city].filter(Boolean).join(' ')].filter(Boolean).join('\n'),
    postalCode: place.postalCode,
    city: place.city,
    countryIso2: 'SK',
    vatNumber: fullVatNumber(dic, call.country),
    ...activity(e, unit),
    legalForm: legalForm ?? (formCode ? (SK_LEGAL_FORMS[formCode] ?? `právna forma ${formCode}`) : undefined),
    status: e ? rpoStatus(e, name, today) : ruzStatus(unit, name),
    incorporatedOn: isoDate(e?.establishment) ?? isoDate(unit.datumZalozenia),
    employees: SK_STAFF_BANDS[text(unit.velkostOrganizacie) ?? ''],
    officers: e ? rpoParties(e.statutoryBodies, today) : undefined,
    owners: e ? rpoParties(e.stakeholders, today) : undefined,
    sample: false,
    reference: ico ? `IČO ${ico}` : `DIČ ${dic}`,
  };
}
