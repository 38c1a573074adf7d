import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countryByIso2 } from '../../../../shared/countries.js';
import { CZ_ACTIVE, loadRegisterFixtures } from '../../../../../test/peers/register-fixtures.js';
import { startRegistersPeer, type RegistersPeer, type RegisterState } from '../../../../../test/peers/registers.js';
import { CompanySourceUnavailableError } from '../types.js';
import { naceClass } from './common.js';
import { RegistrySource, registersWithoutCredentials } from './registry.js';
import { loadConfig } from '../../../config.js';
import { createCompanySources } from '../factory.js';
import { DK_ACTIVE, startDenmarkPeer } from '../../../../../test/peers/register-dk.js';
import { SK_ACTIVE, loadSkFixtures, startSkRegistersPeer } from '../../../../../test/peers/register-sk.js';

let peer: RegistersPeer;
let registry: RegistrySource;
const now = () => new Date('2026-11-24T02:00:00Z');
const signal = () => AbortSignal.timeout(10_000);

const source = (timeoutMs: number) =>
  new RegistrySource({
    urls: { ...unusedUrls, fr: peer.base('fr'), cz: peer.base('cz'), fi: peer.base('fi'), pl: peer.base('pl'), plKrs: peer.base('krs'), ro: peer.base('ro') },
    userAgent: 'Corisk/test (info@corisk.eu)',
    timeoutMs,
    now,
  });

/** Registers each test file of their own proves (se, el, dk, sk .test.ts): here a closed port. */
const unusedUrls = { se: 'http://127.0.0.1:9', seToken: 'http://127.0.0.1:9/token', el: 'http://127.0.0.1:9', dk: 'http://127.0.0.1:9', sk: 'http://127.0.0.1:9', skRpo: 'http://127.0.0.1:9' };

const find = (vat: string, src = registry) => {
  const country = countryByIso2(vat.slice(0, 2))!;
  return src.find({ country, nationalNumber: vat.slice(2) }, signal());
};

beforeAll(async () => {
  peer = await startRegistersPeer();
  loadRegisterFixtures(peer);
  registry = source(5000);
});
afterAll(() => peer.close());
afterEach(() => {
  peer.failing.clear();
  peer.failingPaths.clear();
});

describe('national code → NACE class', () => {
  it.each([
    ['10.71C', '10.71'], // NAF
    ['6630Z', '66.30'],
    ['62010', '62.01'], // CZ-NACE
    ['26300', '26.30'], // TOL 2008
    ['69.10.Z', '69.10'], // PKD
    ['4690', '46.90'], // CAEN
  ])('%s → %s', (code, nace) => expect(naceClass(code)).toBe(nace));

  it('gives none for a group-level code or the "not set" code', () => {
    expect(naceClass('461')).toBeUndefined();
    expect(naceClass('00')).toBeUndefined();
    expect(naceClass('')).toBeUndefined();
  });
});

describe('France (Recherche d’entreprises)', () => {
  it('asks by SIREN and reads activity, legal form, status, date and staff band', async () => {
    const record = await find('FR07130025265');
    const req = peer.requestsTo('fr').at(-1)!;
    expect(req.path).toBe('/fr/search');
    expect(Object.fromEntries(req.query)).toEqual({ q: '130025265', page: '1', per_page: '1' });
    expect(record).toMatchObject({
      source: 'registry',
      name: 'DIRECTION INTERMINISTERIELLE DU NUMERIQUE',
      address: '20 AVENUE DE SEGUR 75007 PARIS',
      postalCode: '75007',
      city: 'PARIS',
      vatNumber: 'FR07130025265',
      naceCode: '84.11',
      legalForm: "Service central d'un ministère",
      status: 'active',
      incorporatedOn: '2017-05-24',
      employees: '100–199',
    });
    expect(record?.activityEvidence).toBe(
      "NACE 84.11 from NAF rév. 2 code 84.11Z in the French company register (Recherche d'entreprises, INSEE Sirene)",
    );
  });

  it('reads a ceased company as dissolved', async () => {
    expect(await find('FR05919891770')).toMatchObject({ status: 'dissolved', naceCode: '10.71', legalForm: 'SAS, société par actions simplifiée' });
  });

  it('names the statutory body from dirigeants, as written; auditors and nameless entries are left out', async () => {
    const record = await find('FR05919891770');
    expect(record?.officers).toEqual([
      { name: 'MARIE CLAIRE DURAND', role: 'Président de SAS', kind: 'person' },
      { name: 'HOLDING EXEMPLE', role: 'Directeur Général', kind: 'enterprise' },
    ]);
    expect(record?.owners).toBeUndefined();
    expect((await find('FR07130025265'))?.officers).toEqual([]);
  });

  it('keeps at most 50 officers', async () => {
    const dirigeants = Array.from({ length: 60 }, (_, i) => ({ nom: `NOM${i}`, prenoms: 'JEAN', qualite: 'Administrateur', type_dirigeant: 'personne physique' }));
    peer.fr.set('111111111', { siren: '111111111', nom_complet: 'GRANDE COOPERATIVE', etat_administratif: 'A', dirigeants });
    const officers = (await find('FR00111111111'))?.officers ?? [];
    expect(officers).toHaveLength(50);
    expect(officers.at(-1)).toEqual({ name: 'JEAN NOM49', role: 'Administrateur', kind: 'person' });
  });

  it('answers null for an unknown SIREN', async () => {
    expect(await find('FR96552100554')).toBeNull();
  });
});

describe('Czechia (ARES)', () => {
  it('asks the three records by IČO and takes the prevailing activity and staff category from RES', async () => {
    const record = await find('CZ49240901');
    expect(peer.requestsTo('cz').slice(-3).map((r) => r.path).sort()).toEqual([
      '/cz/ekonomicke-subjekty-res/49240901',
      '/cz/ekonomicke-subjekty-vr/49240901',
      '/cz/ekonomicke-subjekty/49240901',
    ]);
    expect(record).toMatchObject({
      name: 'Raiffeisenbank a.s.',
      address: 'Hvězdova 1716/2b, Nusle, 14000 Praha 4',
      postalCode: '140 00',
      city: 'Praha',
      naceCode: '64.19',
      activityEvidence: 'NACE 64.19 from CZ-NACE code 64190 in the Czech register of economic subjects (ARES)',
      nationalCode: { scheme: 'CZ-NACE', version: '2008', code: '64190' },
      legalForm: 'Akciová společnost',
      status: 'active',
      incorporatedOn: '1993-06-25',
      employees: '4000–4999',
    });
    // Not in the peer's commercial register (404): no officers or owners, the rest unchanged.
    expect(record).toMatchObject({ officers: [], owners: [] });
  });

  it('names the current statutory body and owners from the commercial register (VR)', async () => {
    const record = await find('CZ27082440');
    // Former members (struck out, or membership ended), a struck-out organ and a rewritten entry's old copy are left out.
    expect(record?.officers).toEqual([
      { name: 'Jana Zkušební', role: 'jednatel', kind: 'person' },
      { name: 'Správa Zkoušek s.r.o.', role: 'Člen statutárního orgánu', kind: 'enterprise' },
    ]);
    expect(record?.owners).toEqual([
      { name: 'Zkušební Holding a.s.', role: '60,50 %', kind: 'enterprise' },
      { name: 'Ivana Zkoušková', role: 'třetina', kind: 'person' },
    ]);
  });

  it('reads a recorded VR answer: the jednatel and the sole partner with its share', async () => {
    const record = await find('CZ01673408');
    expect(record).toMatchObject({ name: 'Seznam.cz datová centra, s.r.o.', legalForm: 'Společnost s ručením omezeným' });
    expect(record?.officers).toEqual([{ name: 'Michal Feix', role: 'Jednatel', kind: 'person' }]);
    expect(record?.owners).toEqual([{ name: 'Seznam.cz, a.s.', role: '100 %', kind: 'enterprise' }]);
  });

  it('still gives the company when the commercial register fails (officers and owners then empty)', async () => {
    for (const failure of [503, 429, 'garbage'] as const) {
      peer.failingPaths.set('/cz/ekonomicke-subjekty-vr/', failure);
      const record = await find('CZ27082440');
      expect(record, String(failure)).toMatchObject({ name: 'Zkušební stavby s.r.o.', status: 'insolvent', officers: [], owners: [] });
    }
  });

  it('gives up a slow commercial register at the same time-out, keeping the company', async () => {
    peer.failingPaths.set('/cz/ekonomicke-subjekty-vr/', 'slow');
    peer.slowMs = 2000;
    const started = Date.now();
    const record = await find('CZ27082440', source(300));
    expect(record).toMatchObject({ name: 'Zkušební stavby s.r.o.', officers: [], owners: [] });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('reads the CZ-NACE 2025 prevailing activity (NACE Rev. 2.1) through the Eurostat correspondence when RES gives no 2008 one', async () => {
    const res = (code2025: string) => ({ icoId: '49240901', zaznamy: [{ primarniZaznam: true, czNacePrevazujici: code2025 }] });
    peer.cz.set('49240901', [CZ_ACTIVE.basic, res('62100')]);
    try {
      expect(await find('CZ49240901')).toMatchObject({
        naceCode: '62.01',
        activityEvidence:
          'NACE 62.01 from CZ-NACE 2025 code 62100 in the Czech register of economic subjects (ARES) (NACE Rev. 2.1 class 62.10, read as Rev. 2 class 62.01 by the Eurostat correspondence)',
        nationalCode: { scheme: 'CZ-NACE', version: '2025', code: '62100' },
      });
      // 46.89 has no NACE Rev. 2 counterpart in the correspondence: no class, the code kept.
      peer.cz.set('49240901', [CZ_ACTIVE.basic, res('46890')]);
      const record = await find('CZ49240901');
      expect(record?.naceCode).toBeUndefined();
      expect(record?.activityEvidence).toBe('CZ-NACE 2025 code 46890 (NACE Rev. 2.1) in the Czech register of economic subjects (ARES), not mapped to NACE Rev. 2');
    } finally {
      peer.cz.set('49240901', [CZ_ACTIVE.basic, CZ_ACTIVE.res]);
    }
  });

  it('reads an insolvency-register record as insolvent; no RES record leaves the activity unknown', async () => {
    const record = await find('CZ27082440');
    expect(record).toMatchObject({ status: 'insolvent', legalForm: 'Společnost s ručením omezeným' });
    expect(record?.naceCode).toBeUndefined();
  });

  it('answers null for an unknown IČO (404) and does not ask for a birth number', async () => {
    expect(await find('CZ00177041')).toBeNull();
    const before = peer.requestsTo('cz').length;
    expect(await registry.find({ country: countryByIso2('CZ')!, nationalNumber: '7103192745' }, signal())).toBeNull();
    expect(peer.requestsTo('cz').length).toBe(before);
  });
});

describe('Finland (PRH YTJ)', () => {
  it('asks by Y-tunnus and reads TOL, company form in Finnish, address and date', async () => {
    const record = await find('FI01120389');
    expect(peer.requestsTo('fi').at(-1)!.query.get('businessId')).toBe('0112038-9');
    expect(record).toMatchObject({
      name: 'Nokia Oyj',
      address: 'Karakaari 7\n02610 ESPOO',
      postalCode: '02610',
      city: 'ESPOO',
      naceCode: '70.10',
      activityText: 'Activities of head offices',
      activityEvidence: 'NACE 70.10 from TOL 2008 code 70100 in the Finnish Trade Register (PRH / YTJ)',
      legalForm: 'Julkinen osakeyhtiö',
      status: 'active',
      incorporatedOn: '1978-03-15',
    });
    expect(record?.employees).toBeUndefined();
    // The open data names no officers or owners.
    expect(record?.officers).toBeUndefined();
    expect(record?.owners).toBeUndefined();
  });

  it('reads a bankruptcy situation as insolvent', async () => {
    expect(await find('FI20774740')).toMatchObject({ status: 'insolvent', naceCode: '25.62' });
  });
});

describe('Poland (White List, then KRS)', () => {
  it('asks the White List by NIP with today’s date, then KRS by the number it gives', async () => {
    const record = await find('PL9721237317');
    const wl = peer.requestsTo('pl').at(-1)!;
    expect(wl.path).toBe('/pl/api/search/nip/9721237317');
    expect(wl.query.get('date')).toBe('2026-11-24');
    const krs = peer.requestsTo('krs').at(-1)!;
    expect(krs.path).toBe('/krs/OdpisAktualny/0000413516');
    expect(Object.fromEntries(krs.query)).toEqual({ rejestr: 'P', format: 'json' });
    expect(record).toMatchObject({
      name: 'SWLEX SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
      address: 'UL. SZELĄGOWSKA 49\n61-626 POZNAŃ',
      postalCode: '61-626',
      city: 'POZNAŃ',
      naceCode: '69.10',
      activityEvidence: 'NACE 69.10 from PKD code 69.10.Z in the Polish National Court Register (KRS)',
      legalForm: 'SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
      status: 'active',
      incorporatedOn: '2012-03-08',
    });
    // The public extract masks its board member's and its partners' names: none is kept.
    expect(record).toMatchObject({ officers: [], owners: [] });
  });

  it('reads a bankruptcy entry in section 6 as insolvent', async () => {
    expect(await find('PL5260250274')).toMatchObject({ status: 'insolvent', naceCode: '25.11', legalForm: 'SPÓŁKA AKCYJNA' });
  });

  it('names the management board (dzial2) and the sole shareholder (dzial1), skipping masked and blank names', async () => {
    const record = await find('PL5260250274');
    expect(record?.officers).toEqual([
      { name: 'ANNA MARIA KOWALSKA-NOWAK', role: 'PREZES ZARZĄDU', kind: 'person' },
      { name: 'JAN WIŚNIEWSKI', role: 'ZARZĄD', kind: 'person' },
    ]);
    expect(record?.owners).toEqual([
      { name: 'PRÓBNY HOLDING SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ', role: 'JEDYNY AKCJONARIUSZ', kind: 'enterprise' },
    ]);
  });

  it('keeps the White List record when KRS fails, and answers null for an unknown NIP', async () => {
    peer.failing.set('krs', 503);
    const record = await find('PL9721237317');
    expect(record).toMatchObject({ name: 'SWLEX SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ', postalCode: '61-626', city: 'POZNAŃ' });
    expect(record?.status).toBeUndefined();
    expect(record?.naceCode).toBeUndefined();
    expect(record?.officers).toBeUndefined();
    expect(await find('PL8567346215')).toBeNull();
  });
});

describe('Romania (ANAF v9)', () => {
  it('posts the CUI with today’s date and reads CAEN, legal form, status and date', async () => {
    const record = await find('RO4996264');
    const req = peer.requestsTo('ro').at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.json).toEqual([{ cui: 4996264, data: '2026-11-24' }]);
    expect(record).toMatchObject({
      name: 'QUASAR COMEX SRL',
      address: 'Str. Exemplu 1\n010101 Mun. București Sector 1',
      postalCode: '010101',
      naceCode: '46.90',
      activityEvidence: 'NACE 46.90 from CAEN Rev. 2 code 4690 in the Romanian tax register (ANAF)',
      legalForm: 'SOCIETATE CU RĂSPUNDERE LIMITATĂ',
      status: 'active',
      incorporatedOn: '1993-01-01',
    });
    // ANAF's answer names no officers or owners.
    expect(record?.officers).toBeUndefined();
    expect(record?.owners).toBeUndefined();
  });

  it('reads a struck-off company as dissolved; answers null for a CUI in notFound', async () => {
    expect(await find('RO18547290')).toMatchObject({ status: 'dissolved', naceCode: '41.20' });
    expect(await find('RO14399840')).toBeNull();
  });
});

describe('a register that cannot answer', () => {
  const cases: [string, RegisterState][] = [
    ['FR07130025265', 'fr'],
    ['CZ49240901', 'cz'],
    ['FI01120389', 'fi'],
    ['PL9721237317', 'pl'],
    ['RO4996264', 'ro'],
  ];

  it.each(cases)('%s: 503, 429 and a malformed body make the source unavailable', async (vat, state) => {
    for (const failure of [503, 429, 'garbage'] as const) {
      peer.failing.set(state, failure);
      const err = await find(vat).catch((e: unknown) => e);
      expect(err, `${state} ${failure}`).toBeInstanceOf(CompanySourceUnavailableError);
      expect((err as CompanySourceUnavailableError).source).toBe('registry');
      expect((err as CompanySourceUnavailableError).reason).toBe(failure === 'garbage' ? 'unreadable answer' : `HTTP ${failure}`);
    }
  });

  it.each(cases)('%s: an answer slower than the time-out is given up', async (vat, state) => {
    peer.failing.set(state, 'slow');
    peer.slowMs = 2000;
    const started = Date.now();
    const err = await find(vat, source(300)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CompanySourceUnavailableError);
    expect((err as CompanySourceUnavailableError).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('answers null at once for a state without a register', async () => {
    const before = peer.requests.length;
    expect(await find('PT501964843')).toBeNull();
    expect(peer.requests.length).toBe(before);
  });
});

describe('the registers added with their own clients (SE, GR, DK, SK)', () => {
  it('asks no register whose credentials are not set, and says which ones', async () => {
    expect(registersWithoutCredentials({})).toEqual(['SE', 'GR', 'DK']);
    expect(registersWithoutCredentials({ el: { apiKey: 'k' } })).toEqual(['SE', 'DK']);
    // Credentials unset: no request at all (the URLs are a closed port, which would fail).
    for (const vat of ['SE556016068001', 'EL094014201', 'DK35682872']) expect(await find(vat, source(2000))).toBeNull();
  });

  it('says once, at start, which registers are not asked for want of credentials', () => {
    const lines: [object, string][] = [];
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/corisk-config-test', COMPANY_SOURCES: 'registry', REGISTRY_EL_KEY: 'key' });
    createCompanySources(config, {}, { info: (fields, message) => lines.push([fields, message]) });
    expect(lines).toEqual([[{ states: ['SE', 'DK'] }, 'national registers without credentials are not asked']]);
  });

  it('routes a Slovak number to RÚZ and RPO, and a Danish one to CVR once its credentials are set', async () => {
    const sk = await startSkRegistersPeer();
    const dk = await startDenmarkPeer();
    try {
      loadSkFixtures(sk);
      dk.companies.set(DK_ACTIVE.cvr, DK_ACTIVE.record);
      const wired = new RegistrySource({
        urls: { ...unusedUrls, sk: sk.base('ruz'), skRpo: sk.base('rpo'), dk: dk.baseUrl, fr: peer.base('fr'), cz: peer.base('cz'), fi: peer.base('fi'), pl: peer.base('pl'), plKrs: peer.base('krs'), ro: peer.base('ro') },
        credentials: { dk: { user: dk.user, password: dk.password } },
        userAgent: 'Corisk/test (info@corisk.eu)',
        timeoutMs: 5000,
        now,
      });
      const slovak = await find(SK_ACTIVE.vat, wired);
      expect(slovak).toMatchObject({ source: 'registry', countryIso2: 'SK', reference: `IČO ${SK_ACTIVE.ico}` });
      expect(sk.requestsTo('rpo').length).toBeGreaterThan(0);
      const danish = await find(`DK${DK_ACTIVE.cvr}`, wired);
      expect(danish).toMatchObject({ source: 'registry', countryIso2: 'DK', reference: `CVR ${DK_ACTIVE.cvr}` });
    } finally {
      await sk.close();
      await dk.close();
    }
  });
});
