import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lisbonBuilding, startNominatimPeer, type NominatimPeer } from '../../../../test/peers/nominatim.js';
import { GeocoderChain } from './factory.js';
import { GeocoderUnavailableError, NominatimGeocoder, precisionOf, RequestThrottle } from './nominatim.js';
import { OfflineGeocoder } from './offline.js';

let peer: NominatimPeer;
const userAgent = 'Corisk/0.1.0 (info@corisk.eu)';
const warnings: string[] = [];
const log = { warn: (_obj: object, msg: string) => void warnings.push(msg) };

beforeAll(async () => {
  peer = await startNominatimPeer([
    lisbonBuilding,
    { match: 'nowhere lane', countryCode: 'de', lat: 48.1372, lon: 11.5755, placeRank: 16, addresstype: 'city', displayName: 'München, Bayern, Deutschland', address: { city: 'München' } },
  ]);
});
afterAll(() => peer.close());

describe('Nominatim geocoder', () => {
  it('asks jsonv2 with the address, the country and a User-Agent, and reads the place', async () => {
    const geocoder = new NominatimGeocoder({ baseUrl: peer.url, userAgent, throttle: new RequestThrottle(0) });
    const result = await geocoder.geocode({ country: 'PT', address: 'AV FONTES PEREIRA DE MELO 40\n1069-300 LISBOA' });
    expect(result).toEqual({
      latitude: 38.7318,
      longitude: -9.1466,
      precision: 'address',
      postalCode: '1069-300',
      city: 'LISBOA',
      matched: '40, Avenida Fontes Pereira de Melo, Avenidas Novas, Lisboa, 1069-300, Portugal',
      source: 'nominatim',
    });
    const req = peer.requests.at(-1)!;
    expect(req.path).toBe('/search');
    expect(Object.fromEntries(req.query)).toEqual({
      q: 'AV FONTES PEREIRA DE MELO 40, 1069-300 LISBOA',
      format: 'jsonv2',
      countrycodes: 'pt',
      limit: '1',
      addressdetails: '1',
    });
    expect(req.headers['user-agent']).toBe(userAgent);
  });

  it('answers null when nothing matches', async () => {
    const geocoder = new NominatimGeocoder({ baseUrl: peer.url, userAgent, throttle: new RequestThrottle(0) });
    expect(await geocoder.geocode({ country: 'PT', address: 'Rua Inexistente 1, 9999-999 Nenhures' })).toBeNull();
  });

  it('sends at most one request per second', async () => {
    const geocoder = new NominatimGeocoder({ baseUrl: peer.url, userAgent });
    const before = peer.requests.length;
    await Promise.all([1, 2, 3].map(() => geocoder.geocode({ country: 'DE', address: 'Nowhere Lane 1, München' })));
    const times = peer.requests.slice(before).map((r) => r.at);
    expect(times).toHaveLength(3);
    // Sends are a second apart; arrivals at the peer jitter by the connection set-up of the first
    // request and by the load of a busy test machine, hence the margin.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(900);
  });

  it('does not queue a request past its wait limit', async () => {
    const throttle = new RequestThrottle(1000);
    expect(await throttle.acquire(0)).toBe(true);
    expect(await throttle.acquire(10)).toBe(false);
  });

  it.each(['rate_limited', 'maintenance'] as const)('fails as unavailable when the service is %s', async (mode) => {
    peer.mode = mode;
    try {
      const geocoder = new NominatimGeocoder({ baseUrl: peer.url, userAgent, throttle: new RequestThrottle(0) });
      await expect(geocoder.geocode({ country: 'PT', address: 'AV FONTES PEREIRA DE MELO 40' })).rejects.toBeInstanceOf(GeocoderUnavailableError);
    } finally {
      peer.mode = 'ok';
    }
  });

  it('gives up on a hanging service at its timeout', async () => {
    peer.mode = 'hang';
    try {
      const geocoder = new NominatimGeocoder({ baseUrl: peer.url, userAgent, throttle: new RequestThrottle(0), timeoutMs: 300 });
      await expect(geocoder.geocode({ country: 'PT', address: 'AV FONTES PEREIRA DE MELO 40' })).rejects.toThrow(/timeout/);
    } finally {
      peer.mode = 'ok';
    }
  });

  it('maps place ranks to precision', () => {
    expect(precisionOf({ place_rank: 30 })).toBe('address');
    expect(precisionOf({ place_rank: 26 })).toBe('address');
    expect(precisionOf({ place_rank: 21, addresstype: 'postcode' })).toBe('postal_code');
    expect(precisionOf({ place_rank: 16 })).toBe('city');
    expect(precisionOf({ place_rank: 8 })).toBe('country');
  });
});

describe('geocoder chain', () => {
  it('falls back to the offline gazetteer when Nominatim is rate limited', async () => {
    peer.mode = 'rate_limited';
    try {
      const chain = new GeocoderChain([new NominatimGeocoder({ baseUrl: peer.url, userAgent, throttle: new RequestThrottle(0) }), new OfflineGeocoder()], log);
      const result = await chain.geocode({ country: 'PT', address: 'AV FONTES PEREIRA DE MELO 40\n1069-300 LISBOA' });
      expect(result?.source).toBe('offline');
      expect(result?.latitude).toBeCloseTo(38.72, 1);
      expect(warnings.at(-1)).toMatch(/geocoder failed/);
    } finally {
      peer.mode = 'ok';
    }
  });

  it('takes an address-level answer at once, and otherwise the most precise one', async () => {
    const nominatim = new NominatimGeocoder({ baseUrl: peer.url, userAgent, throttle: new RequestThrottle(0) });
    const chain = new GeocoderChain([nominatim, new OfflineGeocoder()], log);
    expect((await chain.geocode({ country: 'PT', address: 'AV FONTES PEREIRA DE MELO 40\n1069-300 LISBOA' }))?.source).toBe('nominatim');
    // Both only reach the city here (80100 is no postal code the offline centroids know): the earlier geocoder's answer is kept.
    const city = await chain.geocode({ country: 'DE', address: 'Nowhere Lane 1\n80100 München' });
    expect(city).toMatchObject({ precision: 'city', source: 'nominatim' });
    // A more precise answer from a later geocoder beats an earlier city.
    const offlineFirst = new GeocoderChain([new OfflineGeocoder(), nominatim], log);
    expect((await offlineFirst.geocode({ country: 'PT', address: 'AV FONTES PEREIRA DE MELO 40\n1069-300 LISBOA' }))?.source).toBe('nominatim');
  });
});
