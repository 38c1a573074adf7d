import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countryByIso2 } from '../../../../shared/countries.js';
import {
  EL_ACTIVE_AE,
  EL_ACTIVE_IKE,
  EL_BANKRUPT,
  EL_IN_LIQUIDATION,
  EL_NEW_IKE,
  EL_STRUCK_OFF,
  EL_WITH_BRANCH,
  GEMI_PATH,
  startGemiPeer,
  type GemiPeer,
} from '../../../../../test/peers/register-el.js';
import { startHttpPeer } from '../../../../../test/peers/http-peer.js';
import { CompanySourceUnavailableError } from '../types.js';
import type { RegisterCall } from './common.js';
import { EL_REGISTER, findGreece } from './el.js';

let peer: GemiPeer;
const KEY = 'test-gemi-key-5f1c9a7e';

const call = (afm: string, timeoutMs = 5000): RegisterCall => ({
  country: countryByIso2('EL')!,
  nationalNumber: afm,
  signal: AbortSignal.timeout(10_000),
  timeoutMs,
  userAgent: 'Corisk/test (info@corisk.eu)',
  today: '2026-11-24',
});

const find = (afm: string, options: { apiKey?: string; timeoutMs?: number } = {}) =>
  findGreece(call(afm, options.timeoutMs), { baseUrl: peer.base, apiKey: 'apiKey' in options ? options.apiKey : KEY });

const failure = (afm: string, options: { apiKey?: string; timeoutMs?: number } = {}) =>
  find(afm, options).then(
    () => expect.unreachable('the register answered'),
    (e: unknown) => e as CompanySourceUnavailableError,
  );

beforeAll(async () => {
  peer = await startGemiPeer(KEY);
});
afterAll(() => peer.close());
afterEach(() => {
  peer.failing = undefined;
  peer.emptyWhenUnknown = false;
});

describe('Greece (GEMI open data API)', () => {
  it('asks GET /companies by AFM with the key in the api_key header', async () => {
    await find(EL_ACTIVE_AE.afm);
    const req = peer.requests.at(-1)!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe(`${GEMI_PATH}/companies`);
    expect(Object.fromEntries(req.query)).toEqual({ afm: '094447184' });
    expect(req.headers.api_key).toBe(KEY);
    expect(req.headers.accept).toBe('application/json');
    expect(req.headers['user-agent']).toBe('Corisk/test (info@corisk.eu)');
    expect(req.body).toBe('');
  });

  it('maps an ΑΕ: name, address, legal form, status, date, the board, and NACE from the KAD 2008 code KAD 2026 replaced', async () => {
    const record = await find(EL_ACTIVE_AE.afm);
    expect(record).toEqual({
      source: 'registry',
      name: 'ΓΚΟΛΕΜΗΣ ΕΤΑΙΡΕΙΑ ΑΕΡΟΠΟΡΙΚΩΝ ΕΞΥΠΗΡΕΤΗΣΕΩΝ ΑΝΩΝΥΜΗ ΕΤΑΙΡΕΙΑ',
      // No city in the record: the municipality places the address; the city stays unknown.
      address: 'Λ.ΚΗΦΙΣΙΑΣ ((& ΒΑΣ.ΣΟΦΙΑΣ 2)) 151\n15124 ΑΜΑΡΟΥΣΙΟΥ',
      postalCode: '15124',
      city: undefined,
      countryIso2: 'GR',
      vatNumber: 'EL094447184',
      // The current main code is KAD 2026 '52320001' (NACE Rev. 2.1 based); the KAD 2008 code it
      // replaced on 2026-03-01 gives the Rev. 2 class.
      naceCode: '79.11',
      activityEvidence: `NACE 79.11 from KAD 2008 code 79111101 in the ${EL_REGISTER}`,
      nationalCode: { scheme: 'KAD', version: '2008', code: '79111101' },
      legalForm: 'Ανώνυμη Εταιρεία (ΑΕ)',
      status: 'active',
      incorporatedOn: '1998-09-16',
      // The board, in office until 2028; the member whose term ended in 2023 is left out. An ΑΕ
      // publishes no shareholders.
      officers: [
        { name: 'ΔΟΚΙΜΑΚΗ ΕΛΕΝΗ ΓΕΩΡΓΙΟΣ', role: 'Πρόεδρος', kind: 'person' },
        { name: 'ΠΑΡΑΔΕΙΓΜΑΤΟΣ ΝΙΚΟΛΑΟΣ ΙΩΑΝΝΗΣ', role: 'Διευθύνων Σύμβουλος', kind: 'person' },
        { name: 'ΥΠΟΔΕΙΓΜΑΤΟΣ ΚΩΝΣΤΑΝΤΙΝΟΣ ΠΑΝΑΓΙΩΤΗΣ', role: 'Μέλος', kind: 'person' },
      ],
      owners: [],
      sample: false,
      reference: 'ΓΕΜΗ 3031801000',
    });
    expect(record?.employees).toBeUndefined();
  });

  it('maps an ΙΚΕ: partners with their share as owners, the managing partner as officer too', async () => {
    const record = await find(EL_ACTIVE_IKE.afm);
    expect(record).toMatchObject({
      name: 'BUTTON P.C.',
      address: 'ΔΟΞΗΣ 75\n18542 ΝΙΚΑΙΑ',
      postalCode: '18542',
      city: 'ΝΙΚΑΙΑ',
      vatNumber: 'EL800599839',
      naceCode: '73.11',
      activityEvidence: `NACE 73.11 from KAD 2008 code 73111100 in the ${EL_REGISTER}`,
      legalForm: 'Ιδιωτική Κεφαλαιουχική Εταιρεία (ΙΚΕ)',
      status: 'active',
      incorporatedOn: '2014-08-13',
      reference: 'ΓΕΜΗ 131516209000',
    });
    expect(record?.owners).toEqual([
      { name: 'ΔΟΚΙΜΑΣΤΗΣ ΚΩΝΣΤ ΠΑΝ', role: '70%', kind: 'person' },
      { name: 'ΥΠΟΔΕΙΓΜΑ ΧΡΙΣΤ ΓΕΩ', role: '30%', kind: 'person' },
    ]);
    expect(record?.officers).toEqual([{ name: 'ΔΟΚΙΜΑΣΤΗΣ ΚΩΝΣΤ ΠΑΝ', role: 'Μέλος & Διαχειριστής', kind: 'person' }]);
  });

  it('keeps a KAD 2026-only code that is no NACE Rev. 2.1 class raw in the evidence and sets no NACE code', async () => {
    const record = await find(EL_NEW_IKE.afm);
    expect(record).toMatchObject({ name: 'ΔΟΚΙΜΑΣΤΙΚΗ ΙΚΕ', status: 'active', incorporatedOn: '2026-09-14', officers: [], owners: [] });
    expect(record?.naceCode).toBeUndefined();
    expect(record?.activityEvidence).toBe(`KAD 2026 code 47191002 in the ${EL_REGISTER}, not mapped to a NACE Rev. 2 class`);
    expect(record?.nationalCode).toEqual({ scheme: 'KAD', version: '2026', code: '47191002' });
  });

  it('reads a KAD 2026-only code as its NACE Rev. 2.1 class, mapped to Rev. 2 through the Eurostat correspondence', async () => {
    const kad2026 = (afm: string, id: string) => {
      const main = { activity: { id, descr: 'ΔΟΚΙΜΗ', kadVersion: 'kad_2026' }, type: 'Κύρια', dtFrom: '2026-09-14', dtTo: null };
      peer.companies.set(afm, [{ ...EL_NEW_IKE.record, afm, activities: [main] }]);
    };
    kad2026('099999901', '62101104');
    expect(await find('099999901')).toMatchObject({
      naceCode: '62.01',
      activityEvidence: `NACE 62.01 from KAD 2026 code 62101104 in the ${EL_REGISTER} (NACE Rev. 2.1 class 62.10, read as Rev. 2 class 62.01 by the Eurostat correspondence)`,
      nationalCode: { scheme: 'KAD', version: '2026', code: '62101104' },
    });
    // 20.16 (plastics in primary forms) is Rev. 2's 20.16 or 38.32 (recovery): chemicals is the riskier profile.
    kad2026('099999902', '20160000');
    expect(await find('099999902')).toMatchObject({
      naceCode: '20.16',
      activityEvidence: `NACE 20.16 from KAD 2026 code 20160000 in the ${EL_REGISTER} (NACE Rev. 2.1 class 20.16, which the Eurostat correspondence links to Rev. 2 classes 20.16, 38.32: read as 20.16, the riskier industry profile)`,
    });
  });

  it('reads a struck-off company as dissolved, with its last KAD 2008 activity and a company partner', async () => {
    const record = await find(EL_STRUCK_OFF.afm);
    expect(record).toMatchObject({
      status: 'dissolved',
      naceCode: '41.20',
      legalForm: 'Εταιρεία Περιορισμένης Ευθύνης (ΕΠΕ)',
      postalCode: '54624',
      address: 'ΕΓΝΑΤΙΑΣ 12\n54624 ΘΕΣΣΑΛΟΝΙΚΗ',
    });
    expect(record?.owners).toEqual([
      { name: 'ΔΟΚΙΜΑΣΤΙΚΗ ΣΥΜΜΕΤΟΧΩΝ ΑΕ', role: '60%', kind: 'enterprise' },
      { name: 'ΠΑΡΑΔΕΙΓΜΑ ΣΤΑΥΡΟΣ ΜΙΧ', role: '40%', kind: 'person' },
    ]);
    expect(record?.officers).toEqual([{ name: 'ΠΑΡΑΔΕΙΓΜΑ ΣΤΑΥΡΟΣ ΜΙΧ', role: 'Εταίρος & Διαχειριστής', kind: 'person' }]);
  });

  it('reads bankruptcy as insolvent and dissolution-liquidation as in liquidation', async () => {
    expect(await find(EL_BANKRUPT.afm)).toMatchObject({ status: 'insolvent', naceCode: '10.71', legalForm: 'Ανώνυμη Εταιρεία (ΑΕ)', address: 'ΒΙ.ΠΕ. ΛΑΡΙΣΑΣ\n41500 ΛΑΡΙΣΑ' });
    const liquidation = await find(EL_IN_LIQUIDATION.afm);
    expect(liquidation).toMatchObject({ status: 'in_liquidation', naceCode: '56.10', legalForm: 'Ομόρρυθμη Εταιρεία (ΟΕ)' });
    expect(liquidation?.officers).toEqual([{ name: 'ΠΑΡΑΔΕΙΓΜΑ ΙΩΑΝΝΗΣ ΓΕΩ', role: 'Ομόρρυθμο Μέλος, Εκκαθαριστής & Εκπρόσωπος', kind: 'person' }]);
  });

  it('takes the company’s own record over a branch under the same AFM', async () => {
    expect(await find(EL_WITH_BRANCH.afm)).toMatchObject({
      name: 'EXAMPLE SHIPPING ΝΑΥΤΙΛΙΑΚΗ ΑΝΩΝΥΜΗ ΕΤΑΙΡΕΙΑ',
      reference: 'ΓΕΜΗ 160001001000',
      naceCode: '50.20',
    });
  });

  it('answers null for an unknown AFM, whether the API says 404 or gives no results', async () => {
    expect(await find('123456783')).toBeNull();
    expect(peer.requests.at(-1)!.query.get('afm')).toBe('123456783');
    peer.emptyWhenUnknown = true;
    expect(await find('123456783')).toBeNull();
  });

  it('does not ask without a key or with a national number that is not an AFM', async () => {
    const before = peer.requests.length;
    expect(await find(EL_ACTIVE_AE.afm, { apiKey: undefined })).toBeNull();
    expect(await find(EL_ACTIVE_AE.afm, { apiKey: '' })).toBeNull();
    expect(await find('94447184')).toBeNull();
    expect(peer.requests.length).toBe(before);
  });

  it('makes a refused key (401, 403) unavailable, without the key in the error', async () => {
    const wrongKey = 'wrong-key-3b8e0d2a';
    const err = await failure(EL_ACTIVE_AE.afm, { apiKey: wrongKey });
    expect(err).toBeInstanceOf(CompanySourceUnavailableError);
    expect(err.source).toBe('registry');
    expect(err.reason).toBe('HTTP 401 (API key refused)');
    for (const status of [401, 403] as const) {
      peer.failing = status;
      const e = await failure(EL_ACTIVE_AE.afm);
      expect(e).toBeInstanceOf(CompanySourceUnavailableError);
      expect(e.reason).toBe(`HTTP ${status} (API key refused)`);
      expect(`${e.message} ${e.reason} ${String(e.stack)}`).not.toContain(KEY);
    }
    expect(`${err.message} ${err.reason} ${String(err.stack)}`).not.toContain(wrongKey);
  });

  it('makes 429, 503 and a malformed body unavailable', async () => {
    for (const f of [429, 503, 'garbage'] as const) {
      peer.failing = f;
      const err = await failure(EL_ACTIVE_AE.afm);
      expect(err, String(f)).toBeInstanceOf(CompanySourceUnavailableError);
      expect(err.reason).toBe(f === 'garbage' ? 'unreadable answer' : `HTTP ${f}`);
    }
  });

  it('reads a 200 of another shape as unreadable, not as an unknown company', async () => {
    const other = await startHttpPeer(() => ({ json: { message: 'ok' } }));
    try {
      const err = await findGreece(call(EL_ACTIVE_AE.afm), { baseUrl: other.url, apiKey: KEY }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CompanySourceUnavailableError);
      expect((err as CompanySourceUnavailableError).reason).toBe('unreadable answer');
    } finally {
      await other.close();
    }
  });

  it('gives up an answer slower than the time-out', async () => {
    peer.failing = 'slow';
    peer.slowMs = 2000;
    const started = Date.now();
    const err = await failure(EL_ACTIVE_AE.afm, { timeoutMs: 300 });
    expect(err).toBeInstanceOf(CompanySourceUnavailableError);
    expect(err.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
