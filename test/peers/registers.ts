import { startHttpPeer, type HttpPeer, type PeerAnswer, type RecordedRequest } from './http-peer.js';

/**
 * A local peer for the national company registers, each under its own path prefix and speaking
 * its documented format (shapes from recorded answers of the real services):
 * - `/fr/search?q={SIREN}&page=1&per_page=1` (Recherche d'entreprises): `{results, total_results, …}`;
 * - `/cz/ekonomicke-subjekty/{ico}`, `/cz/ekonomicke-subjekty-res/{ico}` and
 *   `/cz/ekonomicke-subjekty-vr/{ico}` (ARES v3), 404 with `{kod: 'NENALEZENO'}` for an unknown IČO;
 * - `/fi/companies?businessId={1234567-8}` (PRH YTJ v3): `{totalResults, companies}`;
 * - `/pl/api/search/nip/{nip}?date=…` (White List) and `/krs/OdpisAktualny/{krs}?rejestr=P&format=json`;
 * - `/ro/api/PlatitorTvaRest/v9/tva` (ANAF v9, POST `[{cui, data}]`): `{cod, message, found, notFound}`.
 * Companies are keyed by the ID each register is asked with. A register can be set to fail:
 * 503, 429, a malformed body, or a slow answer (`slowMs`); so can one of its calls alone
 * (`failingPaths`, by path prefix, e.g. '/cz/ekonomicke-subjekty-vr/').
 */

export type RegisterState = 'fr' | 'cz' | 'fi' | 'pl' | 'krs' | 'ro';
export type RegisterFailure = 503 | 429 | 'garbage' | 'slow';

export interface RegistersPeer extends HttpPeer {
  fr: Map<string, unknown>;
  /** IČO → [basic record, RES record, VR (commercial register) record]; a missing one answers 404. */
  cz: Map<string, [unknown, unknown?, unknown?]>;
  fi: Map<string, unknown>;
  /** NIP → White List subject. */
  pl: Map<string, unknown>;
  /** 10-digit KRS → extract (`odpis`). */
  krs: Map<string, unknown>;
  /** CUI → `found` entry. */
  ro: Map<string, unknown>;
  failing: Map<RegisterState, RegisterFailure>;
  /** Path prefix → failure, for one call of a register (the register's own failure comes first). */
  failingPaths: Map<string, RegisterFailure>;
  slowMs: number;
  /** The base URL of one register on this peer. */
  base(state: RegisterState): string;
  /** The requests one register received. */
  requestsTo(state: RegisterState): RecordedRequest[];
}

function answer(peer: RegistersPeer, state: RegisterState, req: RecordedRequest): PeerAnswer {
  const rest = req.path.slice(state.length + 1);
  switch (state) {
    case 'fr': {
      if (rest !== '/search') return { status: 404, json: { erreur: 'Not found' } };
      const q = req.query.get('q') ?? '';
      const hit = peer.fr.get(q);
      const results = hit ? [hit] : [];
      return { json: { results, total_results: results.length, page: 1, per_page: 1, total_pages: results.length } };
    }
    case 'cz': {
      const m = /^\/(ekonomicke-subjekty|ekonomicke-subjekty-res|ekonomicke-subjekty-vr)\/(\d+)$/.exec(rest);
      const hit = m ? peer.cz.get(m[2]!) : undefined;
      const body = hit && hit[['ekonomicke-subjekty', 'ekonomicke-subjekty-res', 'ekonomicke-subjekty-vr'].indexOf(m![1]!)];
      if (!body) return { status: 404, json: { kod: 'NENALEZENO', popis: 'Ekonomický subjekt nenalezen.' } };
      return { json: body };
    }
    case 'fi': {
      if (rest !== '/companies') return { status: 404, text: 'Not Found' };
      const hit = peer.fi.get(req.query.get('businessId') ?? '');
      return { json: { totalResults: hit ? 1 : 0, companies: hit ? [hit] : [] } };
    }
    case 'pl': {
      const m = /^\/api\/search\/nip\/(\d+)$/.exec(rest);
      if (!m || !req.query.get('date')) return { status: 400, json: { code: 'WL-112', message: 'Brak daty.' } };
      if (m[1]!.length !== 10) return { status: 400, json: { code: 'WL-113', message: 'Nieprawidłowy NIP.' } };
      const subject = peer.pl.get(m[1]!) ?? null;
      return { json: { result: { subject, requestId: 'peer-1', requestDateTime: '24-11-2026 02:00:00' } } };
    }
    case 'krs': {
      const m = /^\/OdpisAktualny\/(\d{10})$/.exec(rest);
      const hit = m ? peer.krs.get(m[1]!) : undefined;
      if (!hit || req.query.get('format') !== 'json') return { status: 404, text: '' };
      return { json: { odpis: hit } };
    }
    case 'ro': {
      if (rest !== '/api/PlatitorTvaRest/v9/tva' || req.method !== 'POST' || !Array.isArray(req.json)) {
        return { status: 404, json: { cod: 404, message: 'NOT FOUND' } };
      }
      const asked = req.json as { cui: number; data: string }[];
      const found = asked.flatMap((a) => (peer.ro.has(String(a.cui)) ? [peer.ro.get(String(a.cui))] : []));
      const notFound = asked.filter((a) => !peer.ro.has(String(a.cui))).map((a) => a.cui);
      return { json: { cod: 200, message: 'SUCCESS', found, notFound } };
    }
  }
}

const STATES: readonly RegisterState[] = ['fr', 'cz', 'fi', 'pl', 'krs', 'ro'];

export async function startRegistersPeer(): Promise<RegistersPeer> {
  // eslint-disable-next-line prefer-const -- assigned once the server is up, read by the handler
  let peer: RegistersPeer;
  const http = await startHttpPeer((req) => {
    const state = STATES.find((s) => req.path.startsWith(`/${s}/`));
    if (!state) return { status: 404, text: 'Not Found' };
    const failure = peer.failing.get(state) ?? [...peer.failingPaths].find(([prefix]) => req.path.startsWith(prefix))?.[1];
    if (failure === 503) return { status: 503, text: '<html><body>Service Unavailable</body></html>', headers: { 'content-type': 'text/html' } };
    if (failure === 429) return { status: 429, json: { message: 'Too Many Requests' }, headers: { 'retry-after': '60' } };
    if (failure === 'garbage') return { status: 200, text: '{"results": [{"siren": ', headers: { 'content-type': 'application/json' } };
    const reply = answer(peer, state, req);
    return failure === 'slow' ? { ...reply, delayMs: peer.slowMs } : reply;
  });
  peer = {
    ...http,
    fr: new Map(),
    cz: new Map(),
    fi: new Map(),
    pl: new Map(),
    krs: new Map(),
    ro: new Map(),
    failing: new Map(),
    failingPaths: new Map(),
    slowMs: 3000,
    base: (state) => `${http.url}/${state}`,
    requestsTo: (state) => http.requests.filter((r) => r.path.startsWith(`/${state}/`)),
  };
  return peer;
}
