import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { fullVatNumber } from '../../../../shared/countries.js';
import type { CompanyStatus } from '../../../../shared/contracts/assessment.js';
import { readable } from '../source-http.js';
import type { CompanyRecord } from '../types.js';
import { activityEvidence, isoDate, naceClass, registerAnswer, registerRequest, rev21Activity, text, unavailable, type RegisterClient, type RegisterCall } from './common.js';

/**
 * Sweden: Bolagsverket "Värdefulla datamängder" (high-value datasets) API v1, free OAuth2 client
 * (client credentials) from Bolagsverket's API portal.
 * 1. Token: `POST {REGISTRY_SE_TOKEN_URL}` (form `grant_type=client_credentials&scope=
 *    vardefulla-datamangder:read`, client id and secret as HTTP Basic) → `{access_token,
 *    token_type: 'Bearer', expires_in, scope}`. Kept until shortly before it expires; a 401 from
 *    the lookup (token expired or revoked early) fetches one new token and retries once.
 * 2. `POST {REGISTRY_SE_URL}/organisationer` with `{"identitetsbeteckning": "5560021361"}` (the
 *    organisationsnummer: the VAT number's 10 digits before the final 01), `Authorization: Bearer`
 *    and a fresh `X-Request-Id` → `{organisationer: [{organisationsidentitet, organisationsnamn:
 *    {organisationsnamnLista: [{namn, organisationsnamntyp: {kod FORETAGSNAMN…}}]},
 *    organisationsform: {kod AB, klartext 'Aktiebolag'}, avregistreradOrganisation:
 *    {avregistreringsdatum}, avregistreringsorsak, pagaendeAvvecklingsEllerOmstruktureringsforfarande:
 *    {…Lista: [{kod KK/LI/FR…, fromDatum}]}, organisationsdatum: {registreringsdatum},
 *    naringsgrenOrganisation: {sni: [{kod, klartext}]}, postadressOrganisation: {postadress:
 *    {utdelningsadress, postnummer, postort, land, coAdress}}}]}`. A sole trader may have several
 *    entries (one per protected name). Every block is a wrapper `{…, fel, dataproducent}`: `fel`
 *    `{typ}` says that producer (Bolagsverket or SCB) could not give it; ORGANISATION_FINNS_EJ on
 *    Bolagsverket's blocks means the register does not know the number (a 200, not a 404).
 * No staff figures, officers or owners in this dataset.
 */

export const SE_REGISTER = 'Swedish company register (Bolagsverket)';

/** The scope the lookup needs. */
const SCOPE = 'vardefulla-datamangder:read';
/** A token answer larger than this is not a token. */
const MAX_TOKEN_ANSWER = 64 * 1024;

export interface SwedenTokenConfig {
  /** REGISTRY_SE_TOKEN_URL. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Clock in ms (tests). */
  now?: () => number;
}

/**
 * SNI codes as the register gives them carry no version. SNI 2007 is NACE Rev. 2 with a fifth
 * digit, so its first four digits are the NACE class. SNI 2025 is built on NACE Rev. 2.1, whose
 * classes were renumbered in places (62.01 became 62.10): its class is read as a Rev. 2 class
 * through Eurostat's correspondence. Set 'SNI 2025' once Bolagsverket serves SNI 2025 codes in
 * this dataset.
 */
export type SniScheme = 'SNI 2007' | 'SNI 2025';

export interface SwedenConfig extends SwedenTokenConfig {
  /** REGISTRY_SE_URL, e.g. …/vardefulla-datamangder/v1. */
  baseUrl: string;
  sniScheme?: SniScheme;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
});

/**
 * The OAuth token, shared by every lookup of one source: fetched on first use, kept until a
 * minute (at most half its life) before `expires_in`, and fetched once for concurrent lookups.
 */
export class SwedenTokens {
  private token: { value: string; until: number } | undefined;
  private pending: Promise<string> | undefined;
  private readonly now: () => number;

  constructor(private readonly config: SwedenTokenConfig) {
    this.now = config.now ?? Date.now;
  }

  async get(call: RegisterCall): Promise<string> {
    if (this.token && this.now() < this.token.until) return this.token.value;
    // Lookups that start together share one token call (a portfolio checks many companies at once).
    this.pending ??= this.fetch(call).finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Forget a token the register refused (expired or revoked before its time). */
  drop(value: string): void {
    if (this.token?.value === value) this.token = undefined;
  }

  private async fetch(call: RegisterCall): Promise<string> {
    const { tokenUrl, clientId, clientSecret } = this.config;
    if (!clientId || !clientSecret) throw unavailable(call, 'no client credentials');
    const res = await postForm(call, tokenUrl, { grant_type: 'client_credentials', scope: SCOPE }, {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
    });
    // The reason names the status only: the answer could echo the credentials.
    if (res.status !== 200) throw unavailable(call, `token endpoint HTTP ${res.status}`);
    const parsed = tokenSchema.safeParse(res.body);
    if (!parsed.success) throw unavailable(call, 'unreadable token answer');
    const life = parsed.data.expires_in ?? 300;
    this.token = { value: parsed.data.access_token, until: this.now() + (life - Math.min(60, life / 2)) * 1000 };
    return this.token.value;
  }
}

/**
 * A form POST (the token endpoint takes no JSON, which outgoing-http only sends), with the same
 * deadline, no redirects and a size cap; a transport failure is "unavailable".
 */
async function postForm(
  call: RegisterCall,
  url: string,
  form: Record<string, string>,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  let body: string;
  let status: number;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', 'user-agent': call.userAgent },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.any([call.signal, timeout]),
      redirect: 'error',
    });
    status = res.status;
    body = await res.text();
  } catch {
    throw unavailable(call, timeout.aborted ? 'timeout' : call.signal.aborted ? 'aborted' : 'network');
  }
  if (body.length > MAX_TOKEN_ANSWER) throw unavailable(call, 'too_large');
  try {
    return { status, body: JSON.parse(body) as unknown };
  } catch {
    return { status, body: undefined };
  }
}

const s = z.string().nullish();
const felSchema = z.object({ typ: s }).partial().nullish();
const coded = z.object({ kod: s, klartext: s, fel: felSchema }).partial().nullish();
const proceedings = z.array(z.object({ kod: s, fromDatum: s }).partial()).nullish();
const orgSchema = z.object({
  organisationsidentitet: z.object({ identitetsbeteckning: s }).partial().nullish(),
  organisationsnamn: z
    .object({
      organisationsnamnLista: z.array(z.object({ namn: s, organisationsnamntyp: coded }).partial()).nullish(),
      fel: felSchema,
    })
    .partial()
    .nullish(),
  organisationsform: coded,
  avregistreradOrganisation: z.object({ avregistreringsdatum: s, fel: felSchema }).partial().nullish(),
  avregistreringsorsak: coded,
  pagaendeAvvecklingsEllerOmstruktureringsforfarande: z
    .object({
      pagaendeAvvecklingsEllerOmstruktureringsforfarandeLista: proceedings,
      pagandeAvvecklingsEllerOmstruktureringsforfarandeLista: proceedings,
      fel: felSchema,
    })
    .partial()
    .nullish(),
  // Bolagsverket's own example spells the block without the second 'e'; read that too.
  pagandeAvvecklingsEllerOmstruktureringsforfarande: z
    .object({ pagandeAvvecklingsEllerOmstruktureringsforfarandeLista: proceedings, fel: felSchema })
    .partial()
    .nullish(),
  organisationsdatum: z.object({ registreringsdatum: s, fel: felSchema }).partial().nullish(),
  naringsgrenOrganisation: z
    .object({ sni: z.array(z.object({ kod: s, klartext: s }).partial()).nullish(), fel: felSchema })
    .partial()
    .nullish(),
  postadressOrganisation: z
    .object({
      postadress: z.object({ utdelningsadress: s, postnummer: s, postort: s, land: s, coAdress: s }).partial().nullish(),
      fel: felSchema,
    })
    .partial()
    .nullish(),
});
type Organisation = z.infer<typeof orgSchema>;
const answerSchema = z.object({ organisationer: z.array(z.unknown()).nullish() });

const NOT_FOUND = 'ORGANISATION_FINNS_EJ';

/** Bolagsverket's organisationsform codes, for an answer that gives the code without its text. */
const SE_LEGAL_FORMS: Readonly<Record<string, string>> = {
  AB: 'Aktiebolag',
  BAB: 'Bankaktiebolag',
  BF: 'Bostadsförening',
  BFL: 'Utländsk banks filial',
  BRF: 'Bostadsrättsförening',
  E: 'Enskild näringsverksamhet',
  EB: 'Enkla bolag',
  EEIG: 'Europeisk ekonomisk intressegruppering',
  EK: 'Ekonomisk förening',
  FAB: 'Försäkringsaktiebolag',
  FL: 'Filial',
  FOF: 'Försäkringsförening',
  HB: 'Handelsbolag',
  I: 'Ideell förening som bedriver näringsverksamhet',
  KB: 'Kommanditbolag',
  KHF: 'Kooperativ hyresrättsförening',
  MB: 'Medlemsbank',
  OFB: 'Ömsesidigt försäkringsbolag',
  S: 'Stiftelse som bedriver näringsverksamhet',
  SB: 'Sparbank',
  SCE: 'Europakooperativ',
  SE: 'Europabolag',
  TPAB: 'Tjänstepensionsaktiebolag',
  TPF: 'Tjänstepensionsförening',
};

/**
 * Ongoing proceedings as a status: bankruptcy (KK), company reconstruction (FR), composition
 * (AC) and bank resolution (RES) mean insolvent; liquidation (LI) in liquidation. Mergers,
 * divisions and conversions (FUOL, FUOT, DEOL, DEOT, OM, GROM) leave the company as it is.
 */
const PROCEEDINGS: Readonly<Record<string, CompanyStatus>> = { KK: 'insolvent', FR: 'insolvent', AC: 'insolvent', RES: 'insolvent', LI: 'in_liquidation' };

/** The organisationsnummer, 'NNNNNN-NNNN'. */
const formatted = (orgnr: string) => `${orgnr.slice(0, 6)}-${orgnr.slice(6)}`;

/** A block's producer failed (as opposed to "no such organisation" or no error). */
const failed = (fel: { typ?: string | null } | null | undefined) => Boolean(fel) && fel?.typ !== NOT_FOUND;

/**
 * Deregistered → dissolved; then the gravest ongoing proceeding; else active. Unknown when a
 * block that could say otherwise did not arrive: a missing block is not good standing.
 */
function status(o: Organisation): CompanyStatus | undefined {
  const dereg = o.avregistreradOrganisation;
  if (text(dereg?.avregistreringsdatum) || text(o.avregistreringsorsak?.kod)) return 'dissolved';
  const p = o.pagaendeAvvecklingsEllerOmstruktureringsforfarande;
  const q = o.pagandeAvvecklingsEllerOmstruktureringsforfarande;
  if (failed(dereg?.fel) || failed(p?.fel) || failed(q?.fel)) return undefined;
  const list = [
    ...(p?.pagaendeAvvecklingsEllerOmstruktureringsforfarandeLista ?? []),
    ...(p?.pagandeAvvecklingsEllerOmstruktureringsforfarandeLista ?? []),
    ...(q?.pagandeAvvecklingsEllerOmstruktureringsforfarandeLista ?? []),
  ];
  const states = list.map((x) => PROCEEDINGS[text(x.kod)?.toUpperCase() ?? '']);
  if (states.includes('insolvent')) return 'insolvent';
  if (states.includes('in_liquidation')) return 'in_liquidation';
  // SCB's verksamOrganisation 'NEJ' (no economic activity) is not a register status: still active.
  return 'active';
}

type SniActivity = Pick<CompanyRecord, 'naceCode' | 'activityEvidence' | 'nationalCode'>;

/** The first SNI code (SCB lists the main one first; empty slots are five blanks). */
function activity(o: Organisation, scheme: SniScheme): SniActivity {
  const code = (o.naringsgrenOrganisation?.sni ?? []).map((x) => text(x.kod)).find(Boolean);
  if (!code) return {};
  const nationalCode = { scheme: 'SNI', version: scheme.slice(4), code };
  if (scheme !== 'SNI 2007') {
    return rev21Activity(nationalCode, scheme, SE_REGISTER, `${scheme} code ${code} (NACE Rev. 2.1) in the ${SE_REGISTER}, not mapped to NACE Rev. 2`);
  }
  const nace = naceClass(code);
  return nace ? { naceCode: nace, activityEvidence: activityEvidence(nace, scheme, code, SE_REGISTER), nationalCode } : {};
}

/** The postal address (the dataset has no other): street, postcode 'NNN NN' and town, a foreign country. c/o names are left out. */
function address(o: Organisation): { address: string; postalCode?: string; city?: string } {
  const a = o.postadressOrganisation?.postadress;
  const digits = text(a?.postnummer)?.replace(/\s+/g, '');
  const postalCode = digits && /^\d{5}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3)}` : text(a?.postnummer);
  const city = text(a?.postort);
  const land = text(a?.land);
  const lines = [text(a?.utdelningsadress), [postalCode, city].filter(Boolean).join(' '), land && !/^sverige$/i.test(land) ? land : undefined];
  return { address: lines.filter(Boolean).join('\n'), postalCode, city };
}

export interface SwedenOptions {
  /** REGISTRY_SE_URL. */
  baseUrl: string;
  tokens: SwedenTokens;
  sniScheme?: SniScheme;
}

export async function findSweden(call: RegisterCall, options: SwedenOptions): Promise<CompanyRecord | null> {
  if (!/^\d{10}01$/.test(call.nationalNumber)) return null;
  const orgnr = call.nationalNumber.slice(0, 10);
  const lookup = (token: string) =>
    registerRequest(call, `${options.baseUrl}/organisationer`, {
      method: 'POST',
      json: { identitetsbeteckning: orgnr },
      headers: { authorization: `Bearer ${token}`, 'x-request-id': randomUUID() },
    });
  const token = await options.tokens.get(call);
  let res = await lookup(token);
  if (res.status === 401) {
    options.tokens.drop(token);
    res = await lookup(await options.tokens.get(call));
    if (res.status === 401) throw unavailable(call, 'HTTP 401 with a new token');
  }
  if (res.status === 404) return null;

  // A sole trader's personnummer may come back with its century (12 digits).
  const entries = readable(registerAnswer(call, res, answerSchema).organisationer ?? [], orgSchema).filter((x) => {
    const id = x.organisationsidentitet?.identitetsbeteckning?.replace(/\D/g, '');
    return !id || id.slice(-10) === orgnr;
  });
  const o = entries.find((x) => !text(x.avregistreradOrganisation?.avregistreringsdatum)) ?? entries[0];
  if (!o) return null;

  const names = o.organisationsnamn?.organisationsnamnLista ?? [];
  const name = text((names.find((n) => n.organisationsnamntyp?.kod === 'FORETAGSNAMN') ?? names[0])?.namn);
  if (!name) {
    const fel = o.organisationsnamn?.fel ?? o.organisationsform?.fel;
    if (fel?.typ === NOT_FOUND) return null;
    // Bolagsverket's own data did not arrive (TIMEOUT, OTILLGANGLIG_UPPGIFTSKALLA): try later.
    throw unavailable(call, `register data ${text(fel?.typ) ?? 'without a name'}`);
  }
  const form = o.organisationsform;
  return {
    source: 'registry',
    name,
    ...address(o),
    countryIso2: 'SE',
    vatNumber: fullVatNumber(call.nationalNumber, call.country),
    ...activity(o, options.sniScheme ?? 'SNI 2007'),
    legalForm: text(form?.klartext) ?? SE_LEGAL_FORMS[text(form?.kod) ?? ''] ?? text(form?.kod),
    status: status(o),
    incorporatedOn: isoDate(o.organisationsdatum?.registreringsdatum),
    sample: false,
    reference: `Organisationsnummer ${formatted(orgnr)}`,
  };
}

/** The Swedish register client, holding its token for as long as the source lives. */
export function createSwedenClient(config: SwedenConfig): RegisterClient {
  const tokens = new SwedenTokens(config);
  return (call) => findSweden(call, { baseUrl: config.baseUrl, tokens, sniScheme: config.sniScheme });
}
