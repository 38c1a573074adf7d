import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countryByIso2 } from '../../../../shared/countries.js';
import {
  DK_ACTIVE,
  DK_BANKRUPT,
  DK_DB25,
  DK_DISSOLVED,
  DK_LIQUIDATION,
  DK_SEARCH_PATH,
  DK_SMALL,
  DK_UNKNOWN,
  startDenmarkPeer,
  type DenmarkPeer,
} from '../../../../../test/peers/register-dk.js';
import { CompanySourceUnavailableError } from '../types.js';
import type { RegisterCall } from './common.js';
import { DK_REGISTER, findDenmark, type DenmarkOptions } from './dk.js';

let peer: DenmarkPeer;
let options: DenmarkOptions;

const call = (nationalNumber: string, timeoutMs = 5000): RegisterCall => ({
  country: countryByIso2('DK')!,
  nationalNumber,
  signal: AbortSignal.timeout(10_000),
  timeoutMs,
  userAgent: 'Corisk/test (info@corisk.eu)',
  today: '2026-11-24',
});
const find = (cvr: string, opts: Partial<DenmarkOptions> = {}, timeoutMs?: number) => findDenmark(call(cvr, timeoutMs), { ...options, ...opts });
const failure = (cvr: string, opts: Partial<DenmarkOptions> = {}, timeoutMs?: number) =>
  find(cvr, opts, timeoutMs).then(
    () => undefined,
    (e: unknown) => e,
  );

beforeAll(async () => {
  peer = await startDenmarkPeer();
  options = { baseUrl: peer.baseUrl, user: peer.user, password: peer.password };
});
afterAll(() => peer.close());
afterEach(() => {
  peer.failing = null;
});

describe('Denmark (CVR Elasticsearch)', () => {
  it('posts a term query on the CVR number to virksomhed/_search with Basic auth', async () => {
    await find(DK_ACTIVE.cvr);
    const req = peer.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe(DK_SEARCH_PATH);
    expect([...req.query]).toEqual([]);
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('corisk-peer:peer-Secret-7f3a').toString('base64')}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers.accept).toBe('application/json');
    expect(req.headers['user-agent']).toBe('Corisk/test (info@corisk.eu)');
    expect(req.json).toEqual({
      _source: [
        'Vrvirksomhed.cvrNummer',
        'Vrvirksomhed.virksomhedMetadata',
        'Vrvirksomhed.navne',
        'Vrvirksomhed.beliggenhedsadresse',
        'Vrvirksomhed.hovedbranche',
        'Vrvirksomhed.virksomhedsform',
        'Vrvirksomhed.virksomhedsstatus',
        'Vrvirksomhed.livsforloeb',
        'Vrvirksomhed.aarsbeskaeftigelse',
        'Vrvirksomhed.kvartalsbeskaeftigelse',
        'Vrvirksomhed.deltagerRelation',
      ],
      query: { term: { 'Vrvirksomhed.cvrNummer': 35682872 } },
      size: 1,
    });
  });

  it('reads a recorded answer: name, address, DB07 activity, legal form, status, date, newest staff band, officers and owners', async () => {
    expect(await find(DK_ACTIVE.cvr)).toEqual({
      source: 'registry',
      name: 'ASSURE WEALTH A/S',
      address: 'Gammel Strandvej 16\n2990 Nivå',
      postalCode: '2990',
      city: 'Nivå',
      countryIso2: 'DK',
      vatNumber: 'DK35682872',
      naceCode: '69.20',
      activityEvidence: `NACE 69.20 from DB07 code 692000 in the ${DK_REGISTER}`,
      nationalCode: { scheme: 'Dansk Branchekode', version: '2007', code: '692000' },
      legalForm: 'Aktieselskab',
      status: 'active',
      incorporatedOn: '2014-03-01',
      // The ERST monthly count of 2023-12 is newer than the 2018 yearly and 2019 quarterly ones.
      employees: '20–49',
      // The former chairman, the auditor, the anti-money-laundering entry are left out.
      officers: [
        { name: 'Karen Prøvesen', role: 'FORMAND', kind: 'person' },
        { name: 'Mads Eksempel', role: 'DIREKTØR', kind: 'person' },
        { name: 'Mads Eksempel', role: 'BESTYRELSESMEDLEM', kind: 'person' },
      ],
      // The legal owner only: not the beneficial owner ('Reelle ejere') nor the founder.
      owners: [{ name: 'ASSURE WEALTH HOLDING ApS', role: '100 %', kind: 'enterprise' }],
      sample: false,
      reference: 'CVR 35682872',
    });
  });

  it('reads an answer without metadata from the lists in force: floor and side, legal form by code, share bands, no staff figure', async () => {
    expect(await find(DK_SMALL.cvr)).toEqual({
      source: 'registry',
      name: 'Prøvehuset Invest ApS',
      address: 'Hovedgaden 6B, 1. tv\n2970 Hørsholm',
      postalCode: '2970',
      city: 'Hørsholm',
      countryIso2: 'DK',
      vatNumber: 'DK29990018',
      naceCode: '64.30',
      activityEvidence: `NACE 64.30 from DB07 code 643030 in the ${DK_REGISTER}`,
      nationalCode: { scheme: 'Dansk Branchekode', version: '2007', code: '643030' },
      legalForm: 'Anpartsselskab',
      status: 'active',
      incorporatedOn: '2020-10-18',
      employees: undefined,
      officers: [{ name: 'Søren Prøve', role: 'ADM. DIR.', kind: 'person' }],
      // A former owner (no share in force) is left out; a changed share reads as today's band.
      owners: [
        { name: 'Søren Prøve Holding ApS', role: '50–66.66 %', kind: 'enterprise' },
        { name: 'Lise Prøve', role: '5–9.99 %', kind: 'person' },
      ],
      sample: false,
      reference: 'CVR 29990018',
    });
  });

  it('reads a code recorded since DB25 came in whose class only NACE Rev. 2.1 has as DB25, through the Eurostat correspondence', async () => {
    const record = await find(DK_DB25.cvr);
    // 56.11 (restaurants) is a Rev. 2.1 class only: Rev. 2 has 56.10.
    expect(record).toMatchObject({
      naceCode: '56.10',
      activityEvidence: `NACE 56.10 from DB25 code 561110 in the ${DK_REGISTER} (NACE Rev. 2.1 class 56.11, read as Rev. 2 class 56.10 by the Eurostat correspondence)`,
      nationalCode: { scheme: 'Dansk Branchekode', version: '2025', code: '561110' },
    });
    expect(record).toMatchObject({ name: 'Ny Kode IVS', legalForm: 'Iværksætterselskab', status: 'active', incorporatedOn: '2025-03-03' });
  });

  it('reads a code recorded since DB25 came in as DB07 when both lists give the same class, and keeps it unmapped when they differ', async () => {
    /** DK_DB25 under another CVR number with another activity code. */
    const withCode = (cvr: string, code: string) => {
      const swap = (x: unknown): unknown =>
        Array.isArray(x)
          ? x.map(swap)
          : x && typeof x === 'object'
            ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, k === 'branchekode' ? code : k === 'cvrNummer' ? Number(cvr) : swap(v)]))
            : x;
      peer.companies.set(cvr, swap(DK_DB25.record) as Record<string, unknown>);
    };
    withCode('29990077', '692000');
    expect(await find('29990077')).toMatchObject({
      naceCode: '69.20',
      activityEvidence: `NACE 69.20 from DB07 or DB25 code 692000 in the ${DK_REGISTER}`,
      nationalCode: { scheme: 'Dansk Branchekode', version: '2007 or 2025', code: '692000' },
    });
    // 25.62 is machining in DB07 (NACE Rev. 2) but locks and hinges (Rev. 2's 25.72) in DB25.
    withCode('29990085', '256200');
    const record = await find('29990085');
    expect(record?.naceCode).toBeUndefined();
    expect(record?.activityEvidence).toBe(
      `DB07 or DB25 (NACE Rev. 2.1) code 256200, recorded 2025-03-03 in the ${DK_REGISTER}: not mapped to a NACE Rev. 2 class`,
    );
  });

  it('reads a wound-up company as dissolved, a bankruptcy as insolvent, a liquidation as in liquidation', async () => {
    expect(await find(DK_DISSOLVED.cvr)).toMatchObject({ status: 'dissolved', legalForm: 'Anpartsselskab', naceCode: '43.32', incorporatedOn: '2011-05-01' });
    expect(await find(DK_BANKRUPT.cvr)).toMatchObject({
      status: 'insolvent',
      address: 'Industrivej 12\n7100 Vejle',
      legalForm: 'Aktieselskab',
      naceCode: '49.41',
    });
    expect(await find(DK_LIQUIDATION.cvr)).toMatchObject({ status: 'in_liquidation', naceCode: '62.01' });
  });

  it('reads the status from virksomhedsstatus and livsforloeb when there is no composite status', async () => {
    peer.companies.set('29990077', { ...DK_BANKRUPT.record, cvrNummer: 29990077, virksomhedMetadata: null });
    const closed = { ...DK_DISSOLVED.record, cvrNummer: 29990085, virksomhedMetadata: null, virksomhedsstatus: [] };
    peer.companies.set('29990085', closed);
    expect((await find('29990077'))?.status).toBe('insolvent');
    expect((await find('29990085'))?.status).toBe('dissolved');
  });

  it('answers null for an unknown CVR number (no hit)', async () => {
    expect(await find(DK_UNKNOWN)).toBeNull();
    expect(peer.requests.at(-1)!.json).toMatchObject({ query: { term: { 'Vrvirksomhed.cvrNummer': 29990069 } } });
  });

  it('asks nothing for a number that is not 8 digits, or without credentials', async () => {
    const before = peer.requests.length;
    expect(await find('1234567')).toBeNull();
    expect(await find(DK_ACTIVE.cvr, { user: '', password: '' })).toBeNull();
    expect(peer.requests.length).toBe(before);
  });

  it('makes the source unavailable on a 401 for bad credentials, without the password in the error', async () => {
    const password = 'wrong-Pa55word-x9';
    const err = await failure(DK_ACTIVE.cvr, { password });
    expect(peer.requests.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from(`corisk-peer:${password}`).toString('base64')}`);
    expect(err).toBeInstanceOf(CompanySourceUnavailableError);
    const e = err as CompanySourceUnavailableError;
    expect(e.source).toBe('registry');
    expect(e.reason).toBe('HTTP 401');
    const written = [e.message, e.reason, e.stack ?? '', JSON.stringify(e), String(e)].join('\n');
    expect(written).not.toContain(password);
    expect(written).not.toContain(Buffer.from(`corisk-peer:${password}`).toString('base64'));
  });

  it.each([
    [503, 'HTTP 503'],
    [429, 'HTTP 429'],
    ['garbage', 'unreadable answer'],
    ['partial', 'partial answer'],
  ] as const)('makes the source unavailable on %s', async (kind, reason) => {
    peer.failing = kind;
    const err = await failure(DK_ACTIVE.cvr);
    expect(err).toBeInstanceOf(CompanySourceUnavailableError);
    expect((err as CompanySourceUnavailableError).reason).toBe(reason);
  });

  it('makes the source unavailable on a 404 (a wrong REGISTRY_DK_URL is no unknown company)', async () => {
    const err = await failure(DK_ACTIVE.cvr, { baseUrl: `${peer.url}/cvr-wrong` });
    expect(peer.requests.at(-1)!.path).toBe('/cvr-wrong/virksomhed/_search');
    expect(err).toBeInstanceOf(CompanySourceUnavailableError);
    expect((err as CompanySourceUnavailableError).reason).toBe('HTTP 404');
  });

  it('gives up an answer slower than the time-out', async () => {
    peer.failing = 'slow';
    peer.slowMs = 2000;
    const started = Date.now();
    const err = await failure(DK_ACTIVE.cvr, {}, 300);
    expect(err).toBeInstanceOf(CompanySourceUnavailableError);
    expect((err as CompanySourceUnavailableError).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
