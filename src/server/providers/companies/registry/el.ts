import { z } from 'zod';
import type { CompanyParty, CompanyStatus } from '../../../../shared/contracts/assessment.js';
import { fullVatNumber } from '../../../../shared/countries.js';
import { readable } from '../source-http.js';
import type { CompanyRecord } from '../types.js';
import { activityEvidence, isoDate, naceClass, parties, registerAnswer, registerRequest, rev21Activity, text, unavailable, type RegisterCall } from './common.js';

/**
 * Greece: GEMI (General Commercial Registry) open data API of the Business Portal, with a free
 * API key. `GET {REGISTRY_EL_URL}/companies?afm={afm}` with the key in the `api_key` header (the
 * AFM is the VAT number's 9 digits, leading zeros kept) → `{searchMetadata: {totalCount,
 * resultsOffset, resultsSize}, searchResults: [{arGemi, afm, coNameEl, coNamesEn, legalType: {id,
 * descr}, status: {id, descr}, street, streetNumber, zipCode, city, municipality: {id, descr},
 * incorporationDate, isBranch, activities: [{activity: {id, descr, kadVersion}, type, dtFrom,
 * dtTo}], persons: [{personName, businessName, role, dtFrom, dtTo, percentage, category}]}]}`.
 * An unknown AFM is a 404 or an empty `searchResults`. Embedded code-list objects carry only
 * `{id, descr}` (the English label and `isActive` are in `/metadata/*` only), so the status and
 * legal-form tables below are kept here. `persons[]` holds the board (`category` 'Διοικητικό
 * συμβούλιο', `percentage` '-') and the partners of an ΙΚΕ/ΕΠΕ/ΟΕ/ΕΕ ('Εταίροι', '70%'); an ΑΕ's
 * shareholders are not published. A board term's `dtTo` lies in the future. No staff figures.
 */

export const EL_REGISTER = 'Greek General Commercial Registry (GEMI)';

export interface GreeceOptions {
  /** REGISTRY_EL_URL, e.g. the API's `/api/opendata/v1` base. */
  baseUrl: string;
  /** REGISTRY_EL_KEY; without one the register is not asked. */
  apiKey?: string;
}

const s = z.string().nullish();
const id = z.union([z.number(), z.string()]).nullish();
const coded = z.object({ id, descr: s }).partial().nullish();
const companySchema = z.object({
  arGemi: z.union([z.string(), z.number()]).nullish(),
  afm: s,
  coNameEl: s,
  coNamesEn: z.array(z.string()).nullish(),
  legalType: coded,
  status: coded,
  street: s,
  streetNumber: s,
  zipCode: s,
  city: s,
  municipality: coded,
  incorporationDate: s,
  isBranch: z.boolean().nullish(),
  activities: z.array(z.unknown()).nullish(),
  persons: z.array(z.unknown()).nullish(),
});
type Company = z.infer<typeof companySchema>;
const activitySchema = z.object({
  activity: z.object({ id: z.union([z.string(), z.number()]), descr: s, kadVersion: s }),
  type: s,
  dtFrom: s,
  dtTo: s,
});
type Activity = z.infer<typeof activitySchema>;
const personSchema = z.object({ personName: s, businessName: s, role: s, dtFrom: s, dtTo: s, percentage: s, category: s });
type Person = z.infer<typeof personSchema>;
const answerSchema = z
  .object({ searchMetadata: z.unknown(), searchResults: z.array(z.unknown()).nullish() })
  .partial()
  .refine((a) => a.searchMetadata !== undefined || a.searchResults !== undefined);

/** `/metadata/companyStatuses` by id. Dormant (4), pre-registration (2), suspended (21) and "other" (0) say nothing we map. */
const STATUSES: Readonly<Record<string, CompanyStatus>> = {
  '3': 'active', // Ενεργή
  '5': 'insolvent', // Πτώχευση (bankruptcy)
  '15': 'insolvent', // Διαδικασία Συνδιαλλαγής (conciliation, a pre-insolvency procedure)
  '19': 'insolvent', // Αναγκαστική διαχείριση (special administration of an insolvent company)
  '7': 'in_liquidation', // Λύση - Εκκαθάριση
  '17': 'dissolved', // Διαγραφή (struck off)
  '18': 'dissolved', // Διαγραφή λόγω συγχώνευσης (merged)
  '20': 'dissolved', // Διαγραφή λόγω διάσπασης (divided)
};

/** `/metadata/legalTypes` gives abbreviations for the common forms: their full national names. Others are already words. */
const LEGAL_FORMS: Readonly<Record<string, string>> = {
  '1': 'Ανώνυμη Εταιρεία (ΑΕ)',
  '2': 'Ομόρρυθμη Εταιρεία (ΟΕ)',
  '3': 'Συνεταιρισμός Περιορισμένης Ευθύνης (ΣυνΠΕ)',
  '4': 'Ετερόρρυθμη Εταιρεία (ΕΕ)',
  '8': 'Εταιρεία Περιορισμένης Ευθύνης (ΕΠΕ)',
  '16': 'Ατομική επιχείρηση',
  '19': 'Ιδιωτική Κεφαλαιουχική Εταιρεία (ΙΚΕ)',
  '20': 'Κοινωνικός Συνεταιρισμός Περιορισμένης Ευθύνης (ΚΟΙ.Σ.Π.Ε)',
  '66': 'Κοινωνική Συνεταιριστική Επιχείρηση (Κοιν.Σ.Επ.)',
};

const MAIN = 'Κύρια';
const BOARD = 'Διοικητικό συμβούλιο';
const PARTNERS = 'Εταίροι';
/** A partner who is also the manager, representative or liquidator ('Μέλος & Διαχειριστής') is an officer too. */
const MANAGES = /διαχειριστ|εκπρόσωπ|εκπροσωπ|εκκαθαριστ/i;

const current = (from: { dtTo?: string | null }, today: string) => {
  const end = isoDate(from.dtTo);
  return end === undefined || end > today;
};

/** 'kad_2008' → 'KAD 2008'. */
const scheme = (version: string | null | undefined) => {
  const year = /(\d{4})/.exec(version ?? '')?.[1];
  return year ? `KAD ${year}` : 'KAD (version not stated)';
};

/**
 * The main activity as a NACE Rev. 2 class. KAD 2008 is built on NACE Rev. 2: its first four
 * digits are the class ('79111101' → 79.11). KAD 2026, in force since 2026-03-01, is built on
 * NACE Rev. 2.1, whose classes differ ('62011104' in KAD 2008 became '62101104'): its class is read
 * as a Rev. 2 class through Eurostat's correspondence. GEMI keeps the KAD 2008 main activity it
 * replaced (closed the day the KAD 2026 one starts): that one, when there, gives the class
 * directly. A code of an unstated version is kept, unmapped, in the evidence.
 */
function mainActivity(list: readonly Activity[], today: string): Pick<CompanyRecord, 'naceCode' | 'activityEvidence' | 'nationalCode'> {
  const mains = list.filter((a) => a.type === MAIN).sort((a, b) => (isoDate(b.dtFrom) ?? '').localeCompare(isoDate(a.dtFrom) ?? ''));
  const now = mains.find((a) => current(a, today)) ?? mains[0];
  if (!now) return {};
  const since = isoDate(now.dtFrom);
  const kad2008 = mains.find(
    (a) => a.activity.kadVersion === 'kad_2008' && (a === now || current(a, today) || (since !== undefined && (isoDate(a.dtTo) ?? '') >= since)),
  );
  const code = kad2008 ? String(kad2008.activity.id) : undefined;
  const nace = naceClass(code);
  if (nace && code) return { naceCode: nace, activityEvidence: activityEvidence(nace, 'KAD 2008', code, EL_REGISTER), nationalCode: { scheme: 'KAD', version: '2008', code } };
  const nowCode = String(now.activity.id);
  const unmapped = `${scheme(now.activity.kadVersion)} code ${nowCode} in the ${EL_REGISTER}, not mapped to a NACE Rev. 2 class`;
  if (now.activity.kadVersion === 'kad_2026') return rev21Activity({ scheme: 'KAD', version: '2026', code: nowCode }, 'KAD 2026', EL_REGISTER, unmapped);
  return { activityEvidence: unmapped };
}

function status(c: Company): CompanyStatus | undefined {
  const byId = STATUSES[String(c.status?.id ?? '')];
  if (byId) return byId;
  const d = c.status?.descr ?? '';
  if (/ενεργ/i.test(d)) return 'active';
  if (/πτώχευ|πτωχευ|συνδιαλλαγ|αναγκαστικ/i.test(d)) return 'insolvent';
  if (/εκκαθάρ|εκκαθαρ/i.test(d)) return 'in_liquidation';
  if (/διαγραφ/i.test(d)) return 'dissolved';
  return undefined;
}

function party(p: Person, role: string | null | undefined): CompanyParty | null {
  const company = text(p.businessName);
  if (company) return { name: company, role: role ?? null, kind: 'enterprise' };
  const person = text(p.personName);
  return person ? { name: person, role: role ?? null, kind: 'person' } : null;
}

/** The board and managing partners as officers, the partners (with their share) as owners; former ones left out. */
function named(list: readonly Person[], today: string): { officers: CompanyParty[]; owners: CompanyParty[] } {
  const now = list.filter((p) => current(p, today));
  const officers = now.filter((p) => p.category === BOARD || MANAGES.test(p.role ?? '')).map((p) => party(p, text(p.role)));
  const owners = now
    .filter((p) => p.category === PARTNERS)
    .map((p) => {
      const share = text(p.percentage);
      return party(p, share && share !== '-' ? share : text(p.role));
    });
  return { officers: parties(officers), owners: parties(owners) };
}

export async function findGreece(call: RegisterCall, options: GreeceOptions): Promise<CompanyRecord | null> {
  const afm = call.nationalNumber;
  // Without a key the register cannot be asked: like a state without a register, not an outage.
  if (!/^\d{9}$/.test(afm) || !options.apiKey) return null;
  const res = await registerRequest(call, `${options.baseUrl}/companies?${new URLSearchParams({ afm }).toString()}`, {
    headers: { api_key: options.apiKey },
  });
  if (res.status === 404) return null;
  // A refused key is our configuration, not the company: say so without echoing the key.
  if (res.status === 401 || res.status === 403) throw unavailable(call, `HTTP ${res.status} (API key refused)`);
  const results = readable(registerAnswer(call, res, answerSchema).searchResults ?? [], companySchema).filter(
    (c) => !c.afm || c.afm.padStart(9, '0') === afm,
  );
  // A foreign company's Greek branch may share the AFM: the company's own record comes first.
  const c = results.find((x) => !x.isBranch) ?? results[0];
  if (!c) return null;

  const { officers, owners } = named(readable(c.persons ?? [], personSchema), call.today);
  const street = [text(c.street), text(c.streetNumber)].filter(Boolean).join(' ');
  const postalCode = text(c.zipCode)?.replace(/\s+/g, '');
  const city = text(c.city);
  // Without a city, the municipality ('ΑΜΑΡΟΥΣΙΟΥ / ΒΟΡΕΙΟΥ ΤΟΜΕΑ ΑΘΗΝΩΝ': municipality / regional unit) places the address.
  const place = city ?? text(c.municipality?.descr?.split('/')[0]);
  const legalId = String(c.legalType?.id ?? '');
  const arGemi = text(c.arGemi);
  return {
    source: 'registry',
    name: text(c.coNameEl) ?? text(c.coNamesEn?.[0]) ?? '',
    address: [street, [postalCode, place].filter(Boolean).join(' ')].filter(Boolean).join('\n'),
    postalCode,
    city,
    countryIso2: 'GR',
    vatNumber: fullVatNumber(afm, call.country),
    ...mainActivity(readable(c.activities ?? [], activitySchema), call.today),
    // Legal type 0 is 'Inadequate Info'.
    legalForm: legalId === '0' ? undefined : (LEGAL_FORMS[legalId] ?? text(c.legalType?.descr)),
    status: status(c),
    incorporatedOn: isoDate(c.incorporationDate),
    officers,
    owners,
    sample: false,
    reference: arGemi ? `ΓΕΜΗ ${arGemi}` : `ΑΦΜ ${afm}`,
  };
}
