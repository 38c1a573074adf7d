import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryByName, type EuCountry } from '../../../shared/countries.js';
import { startHttpPeer, type HttpPeer } from '../../../../test/peers/http-peer.js';
import { gleifRegistrationNumber, GleifSource } from './gleif.js';
import { CompanySourceUnavailableError } from './types.js';

const country = (name: string): EuCountry => countryByName(name)!;
const signal = () => AbortSignal.timeout(5000);

/** GLEIF's JSON:API answer for lei-records (only the attributes Corisk reads, plus their neighbours). */
const leiRecord = (lei: string, name: string, status: string, registeredAs: string) => ({
  type: 'lei-records',
  id: lei,
  attributes: {
    lei,
    entity: {
      legalName: { name, language: 'pt' },
      otherNames: [],
      legalAddress: {
        language: 'pt',
        addressLines: ['Avenida Fontes Pereira de Melo 40'],
        addressNumber: null,
        city: 'Lisboa',
        region: 'PT-11',
        country: 'PT',
        postalCode: '1069-300',
      },
      registeredAt: { id: 'RA000491', other: null },
      registeredAs,
      jurisdiction: 'PT',
      legalForm: { id: 'V9SR', other: null },
      status,
      creationDate: '1999-01-20T00:00:00Z',
    },
    registration: { status: 'ISSUED' },
  },
});

let peer: HttpPeer;
let gleif: GleifSource;
let mode: 'ok' | 'down' = 'ok';

beforeAll(async () => {
  peer = await startHttpPeer((req) => {
    if (mode === 'down') return { status: 503, text: 'Service Unavailable' };
    if (req.path !== '/lei-records') return { status: 404, json: { errors: [{ status: '404', title: 'Not Found' }] } };
    const regAs = req.query.get('filter[entity.registeredAs]');
    const data =
      regAs === '501964843' && req.query.get('filter[entity.legalAddress.country]') === 'PT'
        ? [leiRecord('5493000OLD0000000000', 'PT OLD SA', 'INACTIVE', regAs), leiRecord('549300TESTLEI0000001', 'MEO - SERVIÇOS DE COMUNICAÇÕES E MULTIMÉDIA, S.A.', 'ACTIVE', regAs)]
        : [];
    return { json: { meta: { goldenCopy: { publishDate: '2025-01-01T00:00:00Z' }, pagination: { currentPage: 1, perPage: 5, from: data.length ? 1 : 0, to: data.length, total: data.length, lastPage: 1 } }, links: {}, data }, headers: { 'content-type': 'application/vnd.api+json' } };
  });
  gleif = new GleifSource({ baseUrl: peer.url, userAgent: 'Corisk/test (info@corisk.eu)', timeoutMs: 1000 });
});
afterAll(() => peer.close());

describe('GLEIF company source', () => {
  it('derives the national register number from the VAT number where they coincide', () => {
    expect(gleifRegistrationNumber(country('France'), '40303265045')).toBe('303265045');
    expect(gleifRegistrationNumber(country('Finland'), '01120389')).toBe('0112038-9');
    expect(gleifRegistrationNumber(country('Sweden'), '556012579001')).toBe('556012-5790');
    expect(gleifRegistrationNumber(country('Germany'), '811907980')).toBeUndefined();
  });

  it('finds the active LEI record by registration number and country', async () => {
    const record = await gleif.find({ country: country('Portugal'), nationalNumber: '501964843' }, signal());
    expect(record).toMatchObject({
      source: 'gleif',
      name: 'MEO - SERVIÇOS DE COMUNICAÇÕES E MULTIMÉDIA, S.A.',
      address: 'Avenida Fontes Pereira de Melo 40\n1069-300 Lisboa',
      postalCode: '1069-300',
      city: 'Lisboa',
      vatNumber: 'PT501964843',
      reference: 'LEI 549300TESTLEI0000001',
      // GLEIF's entity status and creation date fill the company's status and incorporation date.
      status: 'active',
      incorporatedOn: '1999-01-20',
    });
    // An ELF code alone is not decoded: no legal form in words.
    expect(record?.legalForm).toBeUndefined();
    expect(peer.requests.at(-1)?.headers.accept).toBe('application/vnd.api+json');
  });

  it('answers null when no record matches, and without asking where numbers differ', async () => {
    expect(await gleif.find({ country: country('Portugal'), nationalNumber: '500000000' }, signal())).toBeNull();
    const before = peer.requests.length;
    expect(await gleif.find({ country: country('Germany'), nationalNumber: '811907980' }, signal())).toBeNull();
    expect(peer.requests.length).toBe(before);
  });

  it('reports a failing service as unavailable', async () => {
    mode = 'down';
    try {
      await expect(gleif.find({ country: country('Portugal'), nationalNumber: '501964843' }, signal())).rejects.toBeInstanceOf(CompanySourceUnavailableError);
    } finally {
      mode = 'ok';
    }
  });
});
