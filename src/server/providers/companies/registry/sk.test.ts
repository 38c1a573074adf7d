import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countryByIso2 } from '../../../../shared/countries.js';
import {
  loadSkFixtures,
  SK_ACTIVE,
  SK_BANKRUPT,
  SK_DISSOLVED,
  SK_LIQUIDATION,
  SK_REV21,
  SK_UNKNOWN_VAT,
  startSkRegistersPeer,
  type SkRegistersPeer,
} from '../../../../../test/peers/register-sk.js';
import { CompanySourceUnavailableError } from '../types.js';
import { findSlovakia, SK_REGISTER, SK_RUZ_REGISTER } from './sk.js';

let peer: SkRegistersPeer;
const USER_AGENT = 'Corisk/test (info@corisk.eu)';

const find = (vat: string, timeoutMs = 5000) =>
  findSlovakia(
    {
      country: countryByIso2('SK')!,
      nationalNumber: vat.replace(/^SK/, ''),
      signal: AbortSignal.timeout(10_000),
      timeoutMs,
      userAgent: USER_AGENT,
      today: '2026-11-24',
    },
    { ruzUrl: peer.base('ruz'), rpoUrl: peer.base('rpo') },
  );

const failure = (vat: string, timeoutMs?: number) => find(vat, timeoutMs).catch((e: unknown) => e);

beforeAll(async () => {
  peer = await startSkRegistersPeer();
  loadSkFixtures(peer);
});
afterAll(() => peer.close());
afterEach(() => {
  peer.failing.clear();
  peer.failingPaths.clear();
  peer.requests.length = 0;
});

describe('Slovakia (RÚZ, then RPO)', () => {
  it('finds the IČO in RÚZ by DIČ, then reads the RPO record: every field mapped', async () => {
    const record = await find(SK_ACTIVE.vat);
    expect(record).toEqual({
      source: 'registry',
      name: 'SLOVNAFT, a.s.',
      address: 'Vlčie hrdlo 1\n824 12 Bratislava',
      postalCode: '824 12',
      city: 'Bratislava',
      countryIso2: 'SK',
      vatNumber: 'SK2020372640',
      naceCode: '19.20',
      activityText: 'Výroba rafinovaných ropných produktov',
      activityEvidence: `NACE 19.20 from SK NACE Rev. 2 code 19200 in the ${SK_REGISTER}`,
      nationalCode: { scheme: 'SK NACE', version: 'Rev. 2', code: '19200' },
      legalForm: 'Akciová spoločnosť',
      status: 'active',
      incorporatedOn: '1992-05-01',
      employees: '2000–2999',
      // Current members only: a former one and a nameless one are left out; names as written.
      officers: [
        { name: 'Ing. Ján Vzorový', role: 'predseda predstavenstva', kind: 'person' },
        { name: 'Eva Mária Skúšková', role: 'člen predstavenstva', kind: 'person' },
      ],
      owners: [{ name: 'Skúšobný Holding Nyrt.', role: 'Akcionár', kind: 'enterprise' }],
      sample: false,
      reference: 'IČO 31322832',
    });
  });

  it('sends the documented requests: RÚZ list by DIČ, the newest unit first (a deleted one skipped), then RPO by IČO', async () => {
    await find(SK_ACTIVE.vat);
    const [list, deleted, unit] = peer.requestsTo('ruz');
    expect(peer.requestsTo('ruz')).toHaveLength(3);
    expect(list).toMatchObject({ method: 'GET', path: '/ruz/uctovne-jednotky', body: '' });
    expect(Object.fromEntries(list!.query)).toEqual({ 'zmenene-od': '2000-01-01', dic: '2020372640' });
    expect(list!.headers['user-agent']).toBe(USER_AGENT);
    expect(list!.headers.accept).toBe('application/json');
    expect([deleted, unit].map((r) => `${r!.method} ${r!.path}?${r!.query.toString()}`)).toEqual([
      'GET /ruz/uctovna-jednotka?id=98001',
      'GET /ruz/uctovna-jednotka?id=64712',
    ]);
    const [search, entity] = peer.requestsTo('rpo');
    expect(peer.requestsTo('rpo')).toHaveLength(2);
    expect(search).toMatchObject({ method: 'GET', path: '/rpo/search', body: '' });
    expect(Object.fromEntries(search!.query)).toEqual({ identifier: '31322832' });
    expect(search!.headers['user-agent']).toBe(USER_AGENT);
    expect(entity).toMatchObject({ method: 'GET', path: '/rpo/entity/1003617', body: '' });
    expect([...entity!.query]).toEqual([]);
  });

  it('answers null for a DIČ RÚZ does not know, without asking RPO', async () => {
    expect(await find(SK_UNKNOWN_VAT)).toBeNull();
    expect(peer.requestsTo('ruz').map((r) => r.path)).toEqual(['/ruz/uctovne-jednotky']);
    expect(peer.requestsTo('rpo')).toEqual([]);
  });

  it('answers null for a national number that is not a 10-digit DIČ, asking nobody', async () => {
    expect(await find('SK123456789')).toBeNull();
    expect(peer.requests).toEqual([]);
  });

  it('reads a struck-off company as dissolved, taking its last name and seat from the search row', async () => {
    expect(await find(SK_DISSOLVED.vat)).toMatchObject({
      name: 'Skúšobná stavebná s. r. o.',
      address: 'Národná 1544/12\n010 01 Žilina',
      status: 'dissolved',
      legalForm: 'Spoločnosť s ručením obmedzeným',
      naceCode: '41.20',
      incorporatedOn: '2011-10-04',
      officers: [],
      owners: [],
    });
  });

  it('reads a current liquidation as in_liquidation and a current bankruptcy as insolvent', async () => {
    expect(await find(SK_LIQUIDATION.vat)).toMatchObject({
      name: 'Vzorový obchod s.r.o. v likvidácii',
      status: 'in_liquidation',
      officers: [{ name: 'JUDr. Martin Skúšobný', role: 'likvidátor', kind: 'person' }],
      owners: [{ name: 'Martin Skúšobný', role: 'Spoločník', kind: 'person' }],
    });
    expect(await find(SK_BANKRUPT.vat)).toMatchObject({ status: 'insolvent', naceCode: '25.11', employees: '100–149', address: 'Priemyselná 8812/7\n917 01 Trnava' });
  });

  it('skips a unit id RÚZ lists but no longer serves (404) and reads the next one', async () => {
    expect(await find(SK_BANKRUPT.vat)).toMatchObject({ name: 'Príkladová výroba, a.s.', reference: 'IČO 35784221' });
    expect(peer.requestsTo('ruz').map((r) => r.query.get('id')).slice(1)).toEqual(['512990', '512004']);
  });

  it('takes a code from another code list than SK NACE Rev. 2 as Rev. 2.1, read as Rev. 2 through the Eurostat correspondence', async () => {
    const record = await find(SK_REV21.vat);
    expect(record?.naceCode).toBe('62.01');
    expect(record?.activityText).toBeUndefined();
    expect(record?.activityEvidence).toBe(
      `NACE 62.01 from SK NACE Rev. 2.1 (list CL000999) code 62100 in the ${SK_REGISTER} (NACE Rev. 2.1 class 62.10, read as Rev. 2 class 62.01 by the Eurostat correspondence)`,
    );
    expect(record?.nationalCode).toEqual({ scheme: 'SK NACE', version: 'Rev. 2.1', code: '62100' });
    // A village without streets: the address is the village and the house number.
    expect(record).toMatchObject({ address: 'Lokca 215/14\n029 51 Lokca', status: 'active' });
  });

  it('answers from RÚZ alone when RPO fails (503, 429, malformed, slow) or does not know the IČO', async () => {
    const fromRuz = {
      source: 'registry',
      name: 'SLOVNAFT, a.s.',
      address: 'Vlčie hrdlo 1\n824 12 Bratislava',
      postalCode: '824 12',
      city: 'Bratislava',
      countryIso2: 'SK',
      vatNumber: 'SK2020372640',
      naceCode: '19.20',
      activityEvidence: `NACE 19.20 from SK NACE Rev. 2 code 19200 in the ${SK_RUZ_REGISTER}`,
      nationalCode: { scheme: 'SK NACE', version: 'Rev. 2', code: '19200' },
      legalForm: 'Akciová spoločnosť',
      incorporatedOn: '1992-05-01',
      employees: '2000–2999',
      sample: false,
      reference: 'IČO 31322832',
    };
    peer.slowMs = 2000;
    for (const f of [503, 429, 'garbage', 'slow'] as const) {
      peer.failing.set('rpo', f);
      const started = Date.now();
      const record = await find(SK_ACTIVE.vat, 300);
      // RÚZ records neither insolvency nor officers: status and parties stay unknown, not "active" or "none".
      expect(record, String(f)).toEqual(fromRuz);
      expect(Date.now() - started).toBeLessThan(1500);
    }
    peer.failing.clear();
    peer.failingPaths.set('/rpo/entity/', 503);
    expect(await find(SK_ACTIVE.vat)).toEqual(fromRuz);
    peer.failingPaths.clear();
    const hits = peer.rpoHits.get(SK_ACTIVE.ico)!;
    peer.rpoHits.delete(SK_ACTIVE.ico);
    try {
      expect(await find(SK_ACTIVE.vat)).toEqual(fromRuz);
    } finally {
      peer.rpoHits.set(SK_ACTIVE.ico, hits);
    }
  });

  it('from RÚZ alone, reads a dissolution date as dissolved and leaves a code changed since 2025 unmapped', async () => {
    peer.failing.set('rpo', 503);
    expect(await find(SK_DISSOLVED.vat)).toMatchObject({ status: 'dissolved', naceCode: '41.20', legalForm: 'Spoločnosť s ručením obmedzeným' });
    expect(await find(SK_LIQUIDATION.vat)).toMatchObject({ status: 'in_liquidation', employees: '2' });
    const record = await find(SK_REV21.vat);
    expect(record?.naceCode).toBeUndefined();
    expect(record?.activityEvidence).toBe(
      `SK NACE code 62100 (version not stated, record changed 2025-07-03) in the ${SK_RUZ_REGISTER}; not mapped to NACE Rev. 2`,
    );
  });

  it('makes the source unavailable when RÚZ answers 503, 429 or a malformed body, and never asks RPO', async () => {
    for (const f of [503, 429, 'garbage'] as const) {
      for (const where of ['ruz', 'unit'] as const) {
        if (where === 'ruz') peer.failing.set('ruz', f);
        else peer.failingPaths.set('/ruz/uctovna-jednotka', f);
        const err = await failure(SK_ACTIVE.vat);
        expect(err, `${where} ${f}`).toBeInstanceOf(CompanySourceUnavailableError);
        expect((err as CompanySourceUnavailableError).source).toBe('registry');
        expect((err as CompanySourceUnavailableError).country.iso2).toBe('SK');
        expect((err as CompanySourceUnavailableError).reason).toBe(f === 'garbage' ? 'unreadable answer' : `HTTP ${f}`);
        peer.failing.clear();
        peer.failingPaths.clear();
      }
    }
    expect(peer.requestsTo('rpo')).toEqual([]);
  });

  it('gives up a RÚZ answer slower than the time-out', async () => {
    peer.failing.set('ruz', 'slow');
    peer.slowMs = 2000;
    const started = Date.now();
    const err = await failure(SK_ACTIVE.vat, 300);
    expect(err).toBeInstanceOf(CompanySourceUnavailableError);
    expect((err as CompanySourceUnavailableError).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
