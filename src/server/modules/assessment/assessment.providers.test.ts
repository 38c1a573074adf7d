import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/app.js';
import { createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { analyse, scrape, search } from '../../../../test/assessment-helpers.js';
import { startHttpPeer, type HttpPeer } from '../../../../test/peers/http-peer.js';
import { lisbonBuilding, startNominatimPeer, type NominatimPeer } from '../../../../test/peers/nominatim.js';
import { startViesPeer, type ViesPeer } from '../../../../test/peers/vies.js';

/**
 * Search and scrape against the real provider implementations pointed at local peers that speak
 * VIES REST and Nominatim jsonv2 (config only: VIES_API_URL, NOMINATIM_URL), as in production.
 */

let vies: ViesPeer;
let nominatim: NominatimPeer;
let gleif: HttpPeer;
let user: TestUser;

beforeAll(async () => {
  vies = await startViesPeer({
    PT501964843: { name: 'PT TELECOM SGPS SA', address: 'AV FONTES PEREIRA DE MELO 40\n1069-300 LISBOA' },
    PT500697256: { name: 'EDP ENERGIAS DE PORTUGAL SA', address: 'AV 24 DE JULHO 12\n1249-300 LISBOA' },
    EL123456709: { name: 'ΑΘΗΝΑΪΚΗ ΖΥΘΟΠΟΙΪΑ Α.Ε.', address: 'ΚΗΦΙΣΟΥ 102 \n12241 - ΑΙΓΑΛΕΩ' },
    DE811907980: { name: '', address: '' },
    ESB12345674: { name: 'CONSTRUCCIONES GARCIA SL', address: 'CALLE MAYOR 1\n28013 MADRID' },
  });
  nominatim = await startNominatimPeer([lisbonBuilding]);
  // GLEIF's JSON:API answer for one LEI record (registered as the Portuguese NIPC 501964843).
  gleif = await startHttpPeer((req) => {
    const hit = req.path === '/lei-records' && req.query.get('filter[entity.registeredAs]') === '501964843';
    const data = hit
      ? [
          {
            type: 'lei-records',
            id: '549300TESTLEI0000001',
            attributes: {
              lei: '549300TESTLEI0000001',
              entity: {
                legalName: { name: 'PT Telecom, SGPS, S.A.', language: 'pt' },
                legalAddress: { language: 'pt', addressLines: ['Avenida Fontes Pereira de Melo 40'], city: 'Lisboa', region: 'PT-11', country: 'PT', postalCode: '1069-300' },
                registeredAs: '501964843',
                status: 'ACTIVE',
              },
            },
          },
        ]
      : [];
    return { json: { meta: { pagination: { total: data.length } }, data }, headers: { 'content-type': 'application/vnd.api+json' } };
  });
});
afterAll(async () => {
  await vies.close();
  await nominatim.close();
  await gleif.close();
});
const t = useTestApp(() => ({
  COMPANY_SOURCES: 'sample,vies,gleif',
  GLEIF_API_URL: gleif.url,
  VIES_API_URL: vies.url,
  GEOCODERS: 'nominatim,offline',
  NOMINATIM_URL: nominatim.url,
  SIGNUP_CREDITS: '5',
}));
beforeAll(async () => {
  user = await createSignedInUser(t.app);
});

describe('VIES as a company source', () => {
  it('finds a company the registries know, links each source in COMPANY_SOURCES order, and places it with Nominatim at address level', async () => {
    const found = await search(t.app, user, '501964843', 'Portugal');
    expect(found.statusCode, found.body).toBe(200);
    const { links } = found.json<{ links: string[] }>();
    expect(links.map((l) => new URL(l).pathname)).toEqual(['/api/companies/vies/PT501964843', '/api/companies/gleif/PT501964843']);
    expect(vies.requests.at(-1)?.path).toBe('/ms/PT/vat/501964843');

    const viesCalls = vies.requests.length;
    const res = await scrape(t.app, user, links);
    expect(res.statusCode, res.body).toBe(200);
    // Each field from the first source that discloses it: VIES's name and address, GLEIF's postal code and city.
    expect(res.json().company_data).toMatchObject({
      name: 'PT TELECOM SGPS SA',
      address: 'AV FONTES PEREIRA DE MELO 40, 1069-300 LISBOA',
      fiscal_number: 'PT501964843',
      postal_code: '1069-300',
      city: 'Lisboa',
      country: 'Portugal',
      latitude: 38.7318,
      longitude: -9.1466,
      geocode_precision: 'address',
      activity: { nace_code: '61.10', inferred_from: 'name' },
      sources: ['vies', 'gleif', 'nominatim'],
      sample: false,
    });
    // The search's answers were cached: the scrape did not ask VIES again.
    expect(vies.requests.length).toBe(viesCalls);
    const asked = nominatim.requests.at(-1)!;
    expect(asked.query.get('format')).toBe('jsonv2');
    expect(asked.query.get('countrycodes')).toBe('pt');
    expect(asked.headers['user-agent']).toBe('Corisk/0.1.0 (info@corisk.eu)');

    // Call 13 reuses what the scrape cached (activity, precision, sources).
    const analysis = await analyse(t.app, user, { company: 'PT501964843', location: 'Portugal', company_name: 'PT TELECOM SGPS SA', address: 'AV FONTES PEREIRA DE MELO 40, 1069-300 LISBOA' });
    expect(analysis.statusCode, analysis.body).toBe(200);
    const report = (await t.app.inject({ method: 'GET', url: `/api/reports/${analysis.json().id}`, headers: user.headers })).json();
    expect(report.company_data).toMatchObject({ geocode_precision: 'address', sources: ['vies', 'gleif', 'nominatim'] });
  });

  it('places a company call 13 rebuilds through the configured geocoders, keeping the query\'s coordinates', async () => {
    const asked = nominatim.requests.length;
    const query = { company: 'PT501964843', location: 'Portugal', company_name: 'Another Name Lda', address: 'AV FONTES PEREIRA DE MELO 40, 1069-300 LISBOA', latitude: 38.73, longitude: -9.15 };
    const analysis = await analyse(t.app, user, query);
    expect(analysis.statusCode, analysis.body).toBe(200);
    expect(nominatim.requests.length).toBe(asked + 1);
    const report = (await t.app.inject({ method: 'GET', url: `/api/reports/${analysis.json().id}`, headers: user.headers })).json();
    expect(report.company_data).toMatchObject({ latitude: 38.73, longitude: -9.15, geocode_precision: 'address', postal_code: '1069-300', city: 'LISBOA' });
  });

  it('does not ask the registries about a sample company (the sample record is complete)', async () => {
    const before = vies.requests.length + gleif.requests.length;
    const { links } = (await search(t.app, user, 'PT500697256', 'Portugal')).json<{ links: string[] }>();
    expect(links.map((l) => new URL(l).pathname)).toEqual(['/api/companies/sample/PT500697256']);
    expect(vies.requests.length + gleif.requests.length).toBe(before);
    const company = (await scrape(t.app, user, links)).json().company_data;
    expect(company).toMatchObject({ name: 'EDP, S.A.', sources: ['sample', 'offline gazetteer'], sample: true });
  });

  it('asks VIES for Greece as EL', async () => {
    const res = await search(t.app, user, 'EL123456709', 'Greece');
    expect(res.statusCode).toBe(200);
    expect(vies.requests.some((r) => r.path === '/ms/EL/vat/123456709')).toBe(true);
    expect(vies.requests.some((r) => r.path.startsWith('/ms/GR/'))).toBe(false);
  });

  it("copes with a name and address VIES does not disclose ('---')", async () => {
    const { links } = (await search(t.app, user, 'DE811907980', 'Germany')).json<{ links: string[] }>();
    const company = (await scrape(t.app, user, links)).json().company_data;
    expect(company).toMatchObject({
      name: 'VAT DE 811907980 (name not disclosed by the registry)',
      address: '',
      country: 'Germany',
      geocode_precision: 'country',
    });
  });

  it('answers 404 when neither the sample directory nor VIES knows the number', async () => {
    const res = await search(t.app, user, 'PT999999990', 'Portugal');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('No company with VAT number PT 999999990 was found in Portugal.');
  });

  it.each(['MS_UNAVAILABLE', 'MS_MAX_CONCURRENT_REQ', 'TIMEOUT', 'SERVICE_UNAVAILABLE'] as const)(
    "answers 503 naming the country when the member state's registry is unavailable (%s)",
    async (failure) => {
      vies.failing.set('ES', failure);
      try {
        const res = await search(t.app, user, 'ESB12345674', 'Spain');
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          detail: 'The VAT registry of Spain is unavailable right now. Please try again in a few minutes.',
          code: 'registry_unavailable',
        });
      } finally {
        vies.failing.delete('ES');
      }
    },
  );

  it('still answers from the other sources when VIES is down', async () => {
    vies.failing.set('PT', 'SERVICE_UNAVAILABLE');
    try {
      const res = await search(t.app, user, 'PT500697256', 'Portugal');
      expect(res.statusCode).toBe(200);
    } finally {
      vies.failing.delete('PT');
    }
  });
});

describe('Nominatim as a geocoder', () => {
  it('falls back to the offline gazetteer when Nominatim is rate limited', async () => {
    nominatim.mode = 'rate_limited';
    try {
      const { links } = (await search(t.app, user, 'ESB12345674', 'Spain')).json<{ links: string[] }>();
      const company = (await scrape(t.app, user, links)).json().company_data;
      expect(company).toMatchObject({ city: 'MADRID', postal_code: '28013', sources: ['vies', 'offline gazetteer'] });
      expect(company.latitude).toBeCloseTo(40.4, 0);
    } finally {
      nominatim.mode = 'ok';
    }
  });
});
