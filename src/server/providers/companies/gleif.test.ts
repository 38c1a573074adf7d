import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryByName, type EuCountry } from '../../../shared/countries.js';
import { startHttpPeer, type HttpPeer } from '../../../../test/peers/http-peer.js';
import { elfLegalForm, gleifRegistrationNumber, GleifSource } from './gleif.js';
import { CompanySourceUnavailableError } from './types.js';

const country = (name: string): EuCountry => countryByName(name)!;
const signal = () => AbortSignal.timeout(5000);

type LegalForm = { id: string | null; other: string | null };

/** GLEIF's JSON:API answer for lei-records (only the attributes Corisk reads, plus their neighbours). */
const leiRecord = (lei: string, name: string, status: string, registeredAs: string, legalForm: LegalForm = { id: 'V9SR', other: null }, language = 'pt') => ({
  type: 'lei-records',
  id: lei,
  attributes: {
    lei,
    entity: {
      legalName: { name, language },
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
      legalForm,
      status,
      creationDate: '1999-01-20T00:00:00Z',
    },
    registration: { status: 'ISSUED' },
  },
});

/** What the peer knows, by 'CC:registeredAs' (besides the Portuguese record below). */
const byNumber: Record<string, ReturnType<typeof leiRecord>[]> = {
  'IT:00000000123': [leiRecord('8156000TESTLEI000IT1', 'ESEMPIO ASSICURAZIONI S.P.A.', 'ACTIVE', '00000000123', { id: 'P418', other: null }, 'it')],
  'ES:A00000001': [leiRecord('959800TESTLEI0000ES1', 'EJEMPLO SEGUROS, S.A.', 'ACTIVE', 'A00000001', { id: '5RDO', other: null }, 'es')],
  // Belgium: one code, a name in each official language; the legal name's language chooses.
  'BE:0400000001': [leiRecord('549300TESTLEI0000BE1', 'EXEMPLE ASSURANCES SA', 'ACTIVE', '0400000001', { id: 'R85P', other: null }, 'fr')],
  // No ELF code: the form in words.
  'PT:500000001': [leiRecord('549300TESTLEI0000PT2', 'EXEMPLO, LDA', 'ACTIVE', '500000001', { id: null, other: 'Sociedade por quotas' })],
  // A code the bundled list does not know: the words GLEIF gives.
  'PT:500000002': [leiRecord('549300TESTLEI0000PT3', 'EXEMPLO SGPS, S.A.', 'INACTIVE', '500000002', { id: 'ZZZZ', other: 'Sociedade gestora de participações sociais' })],
};

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
        : (byNumber[`${req.query.get('filter[entity.legalAddress.country]')}:${regAs}`] ?? []);
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
    // An ELF code the bundled list does not know, and no words: no legal form.
    expect(record?.legalForm).toBeUndefined();
    expect(peer.requests.at(-1)?.headers.accept).toBe('application/vnd.api+json');
  });

  it('decodes the ELF code to the legal form\'s national name and abbreviation', async () => {
    expect(elfLegalForm('2HBR')).toBe('Gesellschaft mit beschränkter Haftung (GmbH)');
    expect(elfLegalForm('6QQB')).toBe('Aktiengesellschaft (AG)');
    expect(elfLegalForm('ZZZZ')).toBeUndefined();
    const italy = await gleif.find({ country: country('Italy'), nationalNumber: '00000000123' }, signal());
    expect(italy).toMatchObject({ reference: 'LEI 8156000TESTLEI000IT1', legalForm: 'Società Per Azioni (SPA)', status: 'active', incorporatedOn: '1999-01-20' });
    const es = await gleif.find({ country: country('Spain'), nationalNumber: 'A00000001' }, signal());
    expect(es?.legalForm).toBe('Sociedad Anonima (S.A.)');
    const be = await gleif.find({ country: country('Belgium'), nationalNumber: '0400000001' }, signal());
    expect(be?.legalForm).toBe('Société anonyme (SA)');
  });

  it('keeps the form GLEIF writes in words when there is no code, or one the list does not know', async () => {
    const noCode = await gleif.find({ country: country('Portugal'), nationalNumber: '500000001' }, signal());
    expect(noCode?.legalForm).toBe('Sociedade por quotas');
    const unknown = await gleif.find({ country: country('Portugal'), nationalNumber: '500000002' }, signal());
    expect(unknown).toMatchObject({ legalForm: 'Sociedade gestora de participações sociais', status: 'dissolved' });
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
