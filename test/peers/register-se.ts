import { randomUUID } from 'node:crypto';
import { startHttpPeer, type HttpPeer, type PeerAnswer, type RecordedRequest } from './http-peer.js';

/**
 * A local peer for Bolagsverket's "Värdefulla datamängder" API and its OAuth token endpoint:
 * - `POST /oauth2/token` (form `grant_type=client_credentials&scope=…`, the client by HTTP Basic
 *   or by `client_id`/`client_secret` in the form) → `{access_token, scope, token_type:
 *   'Bearer', expires_in}`; a wrong client → 401 `{error: 'invalid_client'}`;
 * - `POST /vardefulla-datamangder/v1/organisationer` with `{identitetsbeteckning}` and a live
 *   Bearer token → `{organisationer: [...]}`. An unknown number answers 200 with the
 *   ORGANISATION_FINNS_EJ blocks, as the register does; a missing, expired or revoked token 401
 *   with the RFC 7807 body; a malformed request 400.
 * The answers follow the shape of answers recorded from Bolagsverket's test environment (block
 * order, `fel`/`dataproducent` wrappers, five SNI slots padded with blanks). The lookup can be
 * set to fail (503, 429, a malformed body, a slow answer) and every token revoked at once.
 */

export type SwedenFailure = 503 | 429 | 'garbage' | 'slow';

export interface SwedenPeer extends HttpPeer {
  /** REGISTRY_SE_URL on this peer. */
  baseUrl: string;
  /** REGISTRY_SE_TOKEN_URL on this peer. */
  tokenUrl: string;
  /** The one client the token endpoint accepts. */
  client: { id: string; secret: string };
  /** Organisationsnummer (10 digits) → the `organisationer` entries. */
  companies: Map<string, unknown[]>;
  /** expires_in of the tokens issued from now on, in seconds. */
  expiresIn: number;
  failing: SwedenFailure | undefined;
  slowMs: number;
  /** Tokens issued and still honoured. */
  tokens: Set<string>;
  /** false: the lookup refuses every token, even a new one. */
  honoursTokens: boolean;
  /** Revoke every token issued so far (as if they had expired on the server's side). */
  revokeTokens(): void;
  tokenRequests(): RecordedRequest[];
  lookups(): RecordedRequest[];
}

const BASE_PATH = '/vardefulla-datamangder/v1';
const TOKEN_PATH = '/oauth2/token';

const problem = (status: number, title: string, detail: string, req: RecordedRequest): PeerAnswer => ({
  status,
  json: {
    type: status === 401 ? 'about:blank' : 'urn:bolagsverket:error:validation',
    instance: status === 401 ? 'client.error' : 'validation.client',
    status,
    timestamp: null,
    requestId: req.headers['x-request-id'] ?? null,
    title,
    detail,
  },
});

const finnsEj = {
  felBeskrivning:
    'Begärd organisation finns inte registrerad i sökbar form hos aktuell dataproducent. Observera att en organisation ändå kan existera och eventuellt också finnas registrerad i sökbar form hos en annan dataproducent trots detta fel.',
  typ: 'ORGANISATION_FINNS_EJ',
};
const missing = (extra: Record<string, null>) => ({ ...extra, fel: finnsEj, dataproducent: 'Bolagsverket' });

/** The answer for a number the register does not hold (shape recorded from the test environment). */
export const SE_NOT_FOUND_ENTRY = {
  organisationsidentitet: null,
  namnskyddslopnummer: null,
  organisationsnamn: missing({ organisationsnamnLista: null }),
  registreringsland: null,
  reklamsparr: null,
  organisationsform: missing({ kod: null, klartext: null }),
  avregistreradOrganisation: missing({ avregistreringsdatum: null }),
  avregistreringsorsak: missing({ kod: null, klartext: null }),
  pagaendeAvvecklingsEllerOmstruktureringsforfarande: missing({ pagaendeAvvecklingsEllerOmstruktureringsforfarandeLista: null }),
  juridiskForm: null,
  verksamOrganisation: null,
  organisationsdatum: missing({ registreringsdatum: null, infortHosScb: null }),
  verksamhetsbeskrivning: missing({ beskrivning: null }),
  naringsgrenOrganisation: null,
  postadressOrganisation: missing({ postadress: null }),
};

function token(peer: SwedenPeer, req: RecordedRequest): PeerAnswer {
  if (req.method !== 'POST') return { status: 405, text: '' };
  if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
    return { status: 400, json: { error: 'invalid_request', error_description: 'Unsupported content type' } };
  }
  const form = new URLSearchParams(req.body);
  let id = form.get('client_id');
  let secret = form.get('client_secret');
  const basic = /^Basic (.+)$/.exec(String(req.headers.authorization ?? ''));
  if (basic) [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(/:(.*)/s) as [string, string];
  if (id !== peer.client.id || secret !== peer.client.secret) {
    return { status: 401, json: { error: 'invalid_client', error_description: 'Client Authentication failed.' } };
  }
  if (form.get('grant_type') !== 'client_credentials') return { status: 400, json: { error: 'unsupported_grant_type' } };
  const value = randomUUID();
  peer.tokens.add(value);
  const scope = (form.get('scope') ?? 'default').split(' ').filter((x) => x.startsWith('vardefulla-datamangder:'));
  return { json: { access_token: value, scope: scope.join(' ') || 'default', token_type: 'Bearer', expires_in: peer.expiresIn } };
}

function organisationer(peer: SwedenPeer, req: RecordedRequest): PeerAnswer {
  if (req.method !== 'POST') return { status: 405, text: '' };
  const bearer = /^Bearer (\S+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
  if (!bearer || !peer.tokens.has(bearer) || !peer.honoursTokens) return problem(401, 'Unauthorized', 'Anroparen saknar giltiga autentiseringsuppgifter.', req);
  const asked = (req.json as { identitetsbeteckning?: unknown } | undefined)?.identitetsbeteckning;
  if (!String(req.headers['content-type']).startsWith('application/json') || typeof asked !== 'string') {
    return problem(400, 'Bad Request', 'JSON parse error', req);
  }
  if (!/^(\d{10}|\d{12})$/.test(asked)) return problem(400, 'Bad Request', 'Ogiltig identitetsbeteckning i begäran.', req);
  return { json: { organisationer: peer.companies.get(asked.slice(-10)) ?? [SE_NOT_FOUND_ENTRY] } };
}

export async function startSwedenPeer(): Promise<SwedenPeer> {
  // eslint-disable-next-line prefer-const -- assigned once the server is up, read by the handler
  let peer: SwedenPeer;
  const http = await startHttpPeer((req) => {
    if (req.path === TOKEN_PATH) return token(peer, req);
    if (req.path === `${BASE_PATH}/isalive`) return { text: 'OK', headers: { 'content-type': 'text/plain' } };
    if (req.path !== `${BASE_PATH}/organisationer`) return { status: 404, text: '' };
    const failure = peer.failing;
    if (failure === 503) return { status: 503, text: '<html><body>Service Unavailable</body></html>', headers: { 'content-type': 'text/html' } };
    if (failure === 429) return { status: 429, json: { message: 'Too Many Requests' }, headers: { 'retry-after': '60' } };
    if (failure === 'garbage') return { status: 200, text: '{"organisationer": [{"organisationsidentitet": ', headers: { 'content-type': 'application/json' } };
    const reply = organisationer(peer, req);
    return failure === 'slow' ? { ...reply, delayMs: peer.slowMs } : reply;
  });
  peer = {
    ...http,
    baseUrl: `${http.url}${BASE_PATH}`,
    tokenUrl: `${http.url}${TOKEN_PATH}`,
    client: { id: 'corisk-test-client', secret: 'peer-secret-not-a-credential' },
    companies: new Map(),
    expiresIn: 3600,
    failing: undefined,
    slowMs: 3000,
    tokens: new Set(),
    honoursTokens: true,
    revokeTokens: () => peer.tokens.clear(),
    tokenRequests: () => http.requests.filter((r) => r.path === TOKEN_PATH),
    lookups: () => http.requests.filter((r) => r.path === `${BASE_PATH}/organisationer`),
  };
  return peer;
}

// Fixtures. SE_ACTIVE holds the values Bolagsverket's test environment answers for its test
// company 556002-1361 (as a public client's tests read them), in the recorded shape; the others
// are invented states on other numbers of the test environment (they pass the Luhn check).

/** One `organisationer` entry: the blocks every answer has, with the values given. */
function entry(orgnr: string, v: {
  name: string;
  form: [string, string];
  juridisk: [string, string];
  registered: string;
  sni: [string, string][];
  address: { utdelningsadress: string; postnummer: string; postort: string; land?: string | null; coAdress?: string | null };
  description: string;
  deregistered?: { datum: string; orsak: [string, string] };
  proceedings?: { kod: string; klartext: string; fromDatum: string }[];
}) {
  const sni = [...v.sni.map(([kod, klartext]) => ({ kod, klartext })), ...Array.from({ length: 5 }, () => ({ kod: '     ', klartext: '' }))].slice(0, 5);
  return {
    avregistreradOrganisation: v.deregistered ? { avregistreringsdatum: v.deregistered.datum, dataproducent: 'Bolagsverket', fel: null } : null,
    avregistreringsorsak: v.deregistered
      ? { kod: v.deregistered.orsak[0], klartext: v.deregistered.orsak[1], dataproducent: 'Bolagsverket', fel: null }
      : null,
    juridiskForm: { kod: v.juridisk[0], klartext: v.juridisk[1], dataproducent: 'SCB', fel: null },
    namnskyddslopnummer: null,
    naringsgrenOrganisation: { sni, dataproducent: 'SCB', fel: null },
    organisationsdatum: { registreringsdatum: v.registered, dataproducent: 'Bolagsverket', fel: null, infortHosScb: '2024-09-06' },
    organisationsform: { kod: v.form[0], klartext: v.form[1], dataproducent: 'Bolagsverket', fel: null },
    organisationsidentitet: { identitetsbeteckning: orgnr, typ: { kod: 'ORGNR', klartext: 'Organisationsnummer' } },
    organisationsnamn: {
      dataproducent: 'Bolagsverket',
      fel: null,
      organisationsnamnLista: [
        {
          namn: v.name,
          organisationsnamntyp: { kod: 'FORETAGSNAMN', klartext: 'Företagsnamn' },
          registreringsdatum: v.registered,
          verksamhetsbeskrivningSarskiltForetagsnamn: null,
        },
      ],
    },
    pagaendeAvvecklingsEllerOmstruktureringsforfarande: v.proceedings
      ? { dataproducent: 'Bolagsverket', fel: null, pagaendeAvvecklingsEllerOmstruktureringsforfarandeLista: v.proceedings }
      : null,
    postadressOrganisation: {
      postadress: { coAdress: null, land: null, ...v.address },
      dataproducent: 'Bolagsverket',
      fel: null,
    },
    registreringsland: { kod: 'SE-LAND', klartext: 'Sverige' },
    reklamsparr: null,
    verksamOrganisation: { kod: 'JA', dataproducent: 'SCB', fel: null },
    verksamhetsbeskrivning: { beskrivning: v.description, dataproducent: 'Bolagsverket', fel: null },
  };
}

const AB: [string, string] = ['AB', 'Aktiebolag'];
const OVRIGA_AB: [string, string] = ['49', 'Övriga aktiebolag'];

export const SE_ACTIVE = {
  vat: 'SE556002136101',
  entry: entry('5560021361', {
    name: 'Testbolag 4 bokat av SKV Aktiebolag',
    form: AB,
    juridisk: OVRIGA_AB,
    registered: '1898-02-28',
    sni: [
      ['46699', 'Partihandel med diverse andra maskiner och diverse annan utrustning'],
      ['46620', 'Partihandel med verktygsmaskiner'],
    ],
    address: { utdelningsadress: 'Testgatan 1', postnummer: '85181', postort: 'SUNDSVALL' },
    description: 'Testverksamhet ',
  }),
};

export const SE_BANKRUPT = {
  vat: 'SE556098687801',
  entry: entry('5560986878', {
    name: 'Provbygg i Norrland AB',
    form: AB,
    juridisk: OVRIGA_AB,
    registered: '2011-05-17',
    sni: [['41200', 'Byggande av bostadshus och andra byggnader']],
    address: { utdelningsadress: 'Box 112', postnummer: '90104', postort: 'UMEÅ', coAdress: 'c/o Konkursförvaltare Advokatbyrå KB' },
    description: 'Bolaget ska bedriva byggverksamhet.',
    proceedings: [{ kod: 'KK', klartext: 'Konkurs', fromDatum: '2026-03-02' }],
  }),
};

export const SE_LIQUIDATION = {
  vat: 'SE556282074501',
  entry: entry('5562820745', {
    name: 'Exempelhandeln i Malmö Aktiebolag i likvidation',
    form: AB,
    juridisk: OVRIGA_AB,
    registered: '1986-09-30',
    sni: [['47190', 'Annan detaljhandel med brett sortiment']],
    address: { utdelningsadress: 'Storgatan 5', postnummer: '21142', postort: 'MALMÖ' },
    description: 'Handel med varor.',
    proceedings: [{ kod: 'LI', klartext: 'Likvidation', fromDatum: '2026-06-15T00:00:00.000+00:00' }],
  }),
};

/** Struck off after liquidation; the date as the OpenAPI example writes it (a date-time). */
export const SE_DISSOLVED = {
  vat: 'SE556000475501',
  entry: entry('5560004755', {
    name: 'Gamla Verkstaden AB',
    form: AB,
    juridisk: OVRIGA_AB,
    registered: '1968-01-12',
    sni: [['25620', 'Metallegoarbeten']],
    address: { utdelningsadress: 'Verkstadsvägen 3', postnummer: '63346', postort: 'ESKILSTUNA' },
    description: 'Mekanisk verkstad.',
    deregistered: { datum: '2023-05-05T00:00:00.000+00:00', orsak: ['LIAV', 'Likvidation'] },
  }),
};

export function loadSwedenFixtures(peer: SwedenPeer): void {
  for (const f of [SE_ACTIVE, SE_BANKRUPT, SE_LIQUIDATION, SE_DISSOLVED]) {
    peer.companies.set(f.entry.organisationsidentitet.identitetsbeteckning, [f.entry]);
  }
}
