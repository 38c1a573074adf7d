import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countryByIso2 } from '../../../../shared/countries.js';
import {
  loadSwedenFixtures,
  SE_ACTIVE,
  SE_BANKRUPT,
  SE_DISSOLVED,
  SE_LIQUIDATION,
  startSwedenPeer,
  type SwedenPeer,
} from '../../../../../test/peers/register-se.js';
import { CompanySourceUnavailableError } from '../types.js';
import type { RegisterCall } from './common.js';
import { createSwedenClient, SE_REGISTER, type SwedenConfig } from './se.js';

let peer: SwedenPeer;
const sweden = countryByIso2('SE')!;

const call = (vat: string, timeoutMs = 5000): RegisterCall => ({
  country: sweden,
  nationalNumber: vat.slice(2),
  signal: AbortSignal.timeout(10_000),
  timeoutMs,
  userAgent: 'Corisk/test (info@corisk.eu)',
  today: '2026-11-24',
});

/** A client with its own token cache, as one source holds it. */
const client = (config: Partial<SwedenConfig> = {}) =>
  createSwedenClient({ baseUrl: peer.baseUrl, tokenUrl: peer.tokenUrl, clientId: peer.client.id, clientSecret: peer.client.secret, ...config });

const unavailable = (promise: Promise<unknown>) => expect(promise).rejects.toBeInstanceOf(CompanySourceUnavailableError);

beforeAll(async () => {
  peer = await startSwedenPeer();
  loadSwedenFixtures(peer);
});
afterAll(() => peer.close());
afterEach(() => {
  peer.failing = undefined;
  peer.expiresIn = 3600;
  peer.honoursTokens = true;
});

describe('Sweden (Bolagsverket, värdefulla datamängder)', () => {
  it('reads name, postal address, SNI as NACE, legal form, status and registration date', async () => {
    const record = await client()(call(SE_ACTIVE.vat));
    expect(record).toEqual({
      source: 'registry',
      name: 'Testbolag 4 bokat av SKV Aktiebolag',
      address: 'Testgatan 1\n851 81 SUNDSVALL',
      postalCode: '851 81',
      city: 'SUNDSVALL',
      countryIso2: 'SE',
      vatNumber: 'SE556002136101',
      naceCode: '46.69',
      activityEvidence: `NACE 46.69 from SNI 2007 code 46699 in the ${SE_REGISTER}`,
      nationalCode: { scheme: 'SNI', version: '2007', code: '46699' },
      legalForm: 'Aktiebolag',
      status: 'active',
      incorporatedOn: '1898-02-28',
      sample: false,
      reference: 'Organisationsnummer 556002-1361',
    });
  });

  it('sends the documented requests: a client-credentials token call, then POST /organisationer with the bearer token', async () => {
    const before = peer.requests.length;
    await client()(call(SE_ACTIVE.vat));
    const [tokenReq, lookup] = peer.requests.slice(before);

    expect(tokenReq).toMatchObject({ method: 'POST', path: '/oauth2/token' });
    expect(tokenReq!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(tokenReq!.headers.authorization).toBe(`Basic ${Buffer.from(`${peer.client.id}:${peer.client.secret}`).toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(tokenReq!.body))).toEqual({ grant_type: 'client_credentials', scope: 'vardefulla-datamangder:read' });
    // The secret travels in the Basic header only.
    expect(tokenReq!.body).not.toContain(peer.client.secret);

    expect(lookup).toMatchObject({ method: 'POST', path: '/vardefulla-datamangder/v1/organisationer' });
    expect(lookup!.json).toEqual({ identitetsbeteckning: '5560021361' });
    expect(lookup!.headers['content-type']).toBe('application/json');
    expect(lookup!.headers.accept).toBe('application/json');
    expect(lookup!.headers['user-agent']).toBe('Corisk/test (info@corisk.eu)');
    expect(peer.tokens.has(String(lookup!.headers.authorization).replace(/^Bearer /, ''))).toBe(true);
    expect(lookup!.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('answers null for a number the register does not hold (200 with ORGANISATION_FINNS_EJ)', async () => {
    expect(await client()(call('SE556189003801'))).toBeNull();
  });

  it('does not ask for a VAT number that does not end in 01', async () => {
    const before = peer.requests.length;
    expect(await client()(call('SE556002136102'))).toBeNull();
    expect(peer.requests.length).toBe(before);
  });

  it('reads a deregistered company as dissolved', async () => {
    expect(await client()(call(SE_DISSOLVED.vat))).toMatchObject({ status: 'dissolved', name: 'Gamla Verkstaden AB', naceCode: '25.62' });
  });

  it('reads an ongoing bankruptcy as insolvent, and leaves a c/o name out of the address', async () => {
    expect(await client()(call(SE_BANKRUPT.vat))).toMatchObject({
      status: 'insolvent',
      naceCode: '41.20',
      address: 'Box 112\n901 04 UMEÅ',
      postalCode: '901 04',
      city: 'UMEÅ',
    });
  });

  it('reads an ongoing liquidation as in liquidation', async () => {
    expect(await client()(call(SE_LIQUIDATION.vat))).toMatchObject({ status: 'in_liquidation', naceCode: '47.19', incorporatedOn: '1986-09-30' });
  });

  it('keeps an SNI 2025 code that is no NACE Rev. 2.1 class as evidence without a NACE Rev. 2 code', async () => {
    const record = await client({ sniScheme: 'SNI 2025' })(call(SE_ACTIVE.vat));
    expect(record?.naceCode).toBeUndefined();
    expect(record?.activityEvidence).toBe(`SNI 2025 code 46699 (NACE Rev. 2.1) in the ${SE_REGISTER}, not mapped to NACE Rev. 2`);
    expect(record?.nationalCode).toEqual({ scheme: 'SNI', version: '2025', code: '46699' });
  });

  it('reads an SNI 2025 code as its NACE Rev. 2.1 class, mapped to Rev. 2 through the Eurostat correspondence', async () => {
    // Rev. 2.1's 25.62 (locks and hinges) is Rev. 2's 25.72, not Rev. 2's 25.62 (machining).
    expect(await client({ sniScheme: 'SNI 2025' })(call(SE_DISSOLVED.vat))).toMatchObject({
      naceCode: '25.72',
      activityEvidence: `NACE 25.72 from SNI 2025 code 25620 in the ${SE_REGISTER} (NACE Rev. 2.1 class 25.62, read as Rev. 2 class 25.72 by the Eurostat correspondence)`,
      nationalCode: { scheme: 'SNI', version: '2025', code: '25620' },
    });
  });

  it('keeps the token across lookups: one token call for two lookups', async () => {
    const find = client();
    const before = peer.tokenRequests().length;
    await find(call(SE_ACTIVE.vat));
    await find(call(SE_BANKRUPT.vat));
    expect(peer.tokenRequests().length - before).toBe(1);
  });

  it('fetches a new token once the old one is about to expire', async () => {
    let now = 1_000_000;
    const find = client({ now: () => now });
    peer.expiresIn = 600;
    const before = peer.tokenRequests().length;
    await find(call(SE_ACTIVE.vat));
    now += 500_000; // within 600 s less the margin
    await find(call(SE_ACTIVE.vat));
    expect(peer.tokenRequests().length - before).toBe(1);
    now += 50_000; // 550 s: inside the last minute
    await find(call(SE_ACTIVE.vat));
    expect(peer.tokenRequests().length - before).toBe(2);
  });

  it('on a 401 (token revoked early) fetches one new token and retries once', async () => {
    const find = client();
    const tokensBefore = peer.tokenRequests().length;
    await find(call(SE_ACTIVE.vat));
    peer.revokeTokens();
    const lookupsBefore = peer.lookups().length;
    expect(await find(call(SE_ACTIVE.vat))).toMatchObject({ name: 'Testbolag 4 bokat av SKV Aktiebolag' });
    expect(peer.tokenRequests().length - tokensBefore).toBe(2);
    expect(peer.lookups().length - lookupsBefore).toBe(2);
    // The new token stays in use.
    await find(call(SE_ACTIVE.vat));
    expect(peer.tokenRequests().length - tokensBefore).toBe(2);
  });

  it('gives up when the lookup refuses the new token too', async () => {
    peer.honoursTokens = false;
    const tokensBefore = peer.tokenRequests().length;
    const lookupsBefore = peer.lookups().length;
    await unavailable(client()(call(SE_ACTIVE.vat)));
    expect(peer.tokenRequests().length - tokensBefore).toBe(2);
    expect(peer.lookups().length - lookupsBefore).toBe(2);
  });

  it('is unavailable when the token endpoint refuses the client (401), without asking the register', async () => {
    const lookupsBefore = peer.lookups().length;
    const err = await client({ clientSecret: 'wrong-secret' })(call(SE_ACTIVE.vat)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CompanySourceUnavailableError);
    expect((err as CompanySourceUnavailableError).reason).toBe('token endpoint HTTP 401');
    expect(String((err as Error).message)).not.toContain('wrong-secret');
    expect(peer.lookups().length).toBe(lookupsBefore);
  });

  it('is unavailable when the token endpoint cannot be reached or gives no token', async () => {
    await unavailable(client({ tokenUrl: `${peer.url}/no-such-endpoint` })(call(SE_ACTIVE.vat)));
    await unavailable(client({ clientId: '' })(call(SE_ACTIVE.vat)));
  });

  it.each([503, 429, 'garbage'] as const)('is unavailable when the register answers %s', async (failure) => {
    peer.failing = failure;
    await unavailable(client()(call(SE_ACTIVE.vat)));
  });

  it('is unavailable when Bolagsverket\'s own data did not arrive (fel TIMEOUT in a 200)', async () => {
    const find = client();
    peer.companies.set('5569991234', [{ organisationsnamn: { organisationsnamnLista: null, fel: { typ: 'TIMEOUT' }, dataproducent: 'Bolagsverket' } }]);
    try {
      await unavailable(find(call('SE556999123401')));
    } finally {
      peer.companies.delete('5569991234');
    }
  });

  it('is unavailable when the register answers later than the per-call timeout', async () => {
    const find = client();
    await find(call(SE_ACTIVE.vat)); // token in hand: the slow part is the lookup
    peer.failing = 'slow';
    peer.slowMs = 2000;
    const started = Date.now();
    await unavailable(find(call(SE_ACTIVE.vat, 300)));
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
