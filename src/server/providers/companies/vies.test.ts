import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryByName, type EuCountry } from '../../../shared/countries.js';
import { startViesPeer, type ViesPeer } from '../../../../test/peers/vies.js';
import { CompanySourceUnavailableError } from './types.js';
import { disclosed, ViesSource } from './vies.js';

const country = (name: string): EuCountry => countryByName(name)!;
const signal = () => AbortSignal.timeout(10_000);

let peer: ViesPeer;
let vies: ViesSource;

beforeAll(async () => {
  peer = await startViesPeer({
    PT501964843: { name: 'PORTUGAL TELECOM, SGPS SA', address: 'AV FONTES PEREIRA DE MELO 40\n1069-300 LISBOA' },
    EL094019245: { name: 'ΟΡΓΑΝΙΣΜΟΣ ΤΗΛΕΠΙΚΟΙΝΩΝΙΩΝ ΤΗΣ ΕΛΛΑΔΟΣ Α.Ε.', address: 'ΚΗΦΙΣΙΑΣ 99 \n15124 - ΜΑΡΟΥΣΙ' },
    DE811907980: { name: '', address: '' },
  });
  vies = new ViesSource({ baseUrl: peer.url, userAgent: 'Corisk/test (info@corisk.eu)', timeoutMs: 5000 });
});
afterAll(() => peer.close());

describe('VIES company source', () => {
  it('reads name and address of a valid number and asks with the VIES prefix', async () => {
    const record = await vies.find({ country: country('Portugal'), nationalNumber: '501964843' }, signal());
    expect(record).toEqual({
      source: 'vies',
      name: 'PORTUGAL TELECOM, SGPS SA',
      address: 'AV FONTES PEREIRA DE MELO 40\n1069-300 LISBOA',
      countryIso2: 'PT',
      vatNumber: 'PT501964843',
      sample: false,
    });
    expect(peer.requests.at(-1)?.path).toBe('/ms/PT/vat/501964843');
    expect(peer.requests.at(-1)?.headers['user-agent']).toBe('Corisk/test (info@corisk.eu)');
  });

  it('asks for Greece as EL and keeps the Greek text', async () => {
    const record = await vies.find({ country: country('Greece'), nationalNumber: '094019245' }, signal());
    expect(peer.requests.at(-1)?.path).toBe('/ms/EL/vat/094019245');
    expect(record?.countryIso2).toBe('GR');
    expect(record?.vatNumber).toBe('EL094019245');
    expect(record?.name).toMatch(/^ΟΡΓΑΝΙΣΜΟΣ/);
  });

  it("treats '---' as not disclosed", async () => {
    const record = await vies.find({ country: country('Germany'), nationalNumber: '811907980' }, signal());
    expect(record).toMatchObject({ name: '', address: '', vatNumber: 'DE811907980' });
    expect(disclosed('---')).toBeUndefined();
    expect(disclosed(' Main St 1 ')).toBe('Main St 1');
  });

  it('answers null for a number the registry does not hold', async () => {
    expect(await vies.find({ country: country('Portugal'), nationalNumber: '999999990' }, signal())).toBeNull();
  });

  it.each(['MS_UNAVAILABLE', 'TIMEOUT', 'MS_MAX_CONCURRENT_REQ', 'SERVICE_UNAVAILABLE', 'hang'] as const)(
    'reports the member state as unavailable on %s',
    async (failure) => {
      peer.failing.set('PT', failure);
      const impatient = new ViesSource({ baseUrl: peer.url, userAgent: 'x', timeoutMs: 2000 });
      try {
        const err = await impatient.find({ country: country('Portugal'), nationalNumber: '501964843' }, signal()).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(CompanySourceUnavailableError);
        expect((err as CompanySourceUnavailableError).reason).toBe(failure === 'hang' ? 'timeout' : failure);
      } finally {
        peer.failing.delete('PT');
      }
    },
  );

  it('reports an unreachable service as unavailable', async () => {
    const dead = new ViesSource({ baseUrl: 'http://127.0.0.1:9', userAgent: 'x', timeoutMs: 500 });
    const err = await dead.find({ country: country('Portugal'), nationalNumber: '501964843' }, signal()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CompanySourceUnavailableError);
  });
});
