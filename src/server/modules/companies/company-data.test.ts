import { describe, expect, it } from 'vitest';
import { companyDataSchema } from '../../../shared/contracts/assessment.js';
import { countryByIso2 } from '../../../shared/countries.js';
import type { CompanyRecord } from '../../providers/companies/types.js';
import type { GeocodeResult } from '../../providers/geocoder/geocoder.js';
import { mergeCompany, readCache } from './company-data.js';

const cz = countryByIso2('CZ')!;
const place = { latitude: 50.06, longitude: 14.44, precision: 'address', source: 'offline', postalCode: '140 00', city: 'Praha' } as GeocodeResult;

const vies: CompanyRecord = {
  source: 'vies',
  name: 'Raiffeisenbank a.s.',
  address: 'Hvězdova 1716/2b\nPRAHA 4 - NUSLE\n140 00  PRAHA 4',
  countryIso2: 'CZ',
  vatNumber: 'CZ49240901',
  sample: false,
};
const registry: CompanyRecord = {
  source: 'registry',
  name: 'Raiffeisenbank a.s.',
  address: 'Hvězdova 1716/2b, Nusle, 14000 Praha 4',
  postalCode: '140 00',
  city: 'Praha',
  countryIso2: 'CZ',
  vatNumber: 'CZ49240901',
  naceCode: '64.19',
  activityEvidence: 'NACE 64.19 from CZ-NACE code 64190 in the Czech register of economic subjects (ARES)',
  legalForm: 'Akciová společnost',
  status: 'insolvent',
  incorporatedOn: '1993-06-25',
  employees: '4000–4999',
  sample: false,
};

const gleif: CompanyRecord = {
  source: 'gleif',
  name: 'Raiffeisenbank a.s.',
  address: 'Hvězdova 1716/2b\n140 78 Praha 4',
  postalCode: '140 78',
  city: 'Praha 4',
  countryIso2: 'CZ',
  vatNumber: 'CZ49240901',
  reference: 'LEI 31570010000000004460',
  legalForm: 'akciová společnost (a.s.)',
  status: 'active',
  incorporatedOn: '1993-06-24',
  sample: false,
};

describe('merging source records', () => {
  it('takes activity, legal form, status, dates and staff from the register, whatever the source order', () => {
    for (const records of [[registry, vies], [vies, registry]]) {
      const data = mergeCompany(cz, '49240901', records, place);
      expect(data).toMatchObject({
        legal_form: 'Akciová společnost',
        status: 'insolvent',
        incorporated_on: '1993-06-25',
        employees: '4000–4999',
        activity: {
          nace_code: '64.19',
          inferred_from: 'source',
          evidence: 'NACE 64.19 from CZ-NACE code 64190 in the Czech register of economic subjects (ARES)',
        },
      });
      expect(data.sources).toContain('registry');
      expect(data.sources).toContain('vies');
    }
  });

  it('takes legal form, status and incorporation date from GLEIF when no register answered, and names it', () => {
    for (const records of [[gleif, vies], [vies, gleif]]) {
      const data = mergeCompany(cz, '49240901', records, place);
      expect(data).toMatchObject({ legal_form: 'akciová společnost (a.s.)', status: 'active', incorporated_on: '1993-06-24', employees: null });
      expect(data.sources).toEqual(expect.arrayContaining(['gleif', 'vies']));
    }
  });

  it('lets the register win over GLEIF for what both state', () => {
    for (const records of [[gleif, vies, registry], [registry, gleif], [vies, gleif, registry]]) {
      const data = mergeCompany(cz, '49240901', records, place);
      expect(data).toMatchObject({ legal_form: 'Akciová společnost', status: 'insolvent', incorporated_on: '1993-06-25' });
      expect(data.sources).toEqual(expect.arrayContaining(['registry', 'gleif']));
    }
  });

  it('says status unknown and leaves the register fields null with VIES alone', () => {
    const data = mergeCompany(cz, '49240901', [vies], place);
    expect(data).toMatchObject({ legal_form: null, status: 'unknown', incorporated_on: null, employees: null });
    expect(data.activity.inferred_from).toBe('name'); // 'bank' in the name
  });
});

describe('company data stored before the register fields', () => {
  const old = {
    name: 'Galp Energia, SGPS, S.A.',
    address: 'Rua Tomás da Fonseca, Torre A, 1600-209 Lisboa',
    fiscal_number: 'PT504499777',
    postal_code: '1600-209',
    city: 'Lisboa',
    country: 'Portugal',
    latitude: 38.74,
    longitude: -9.17,
    geocode_precision: 'address',
    activity: { nace_code: '19.20', nace_label: 'Manufacture of refined petroleum products', inferred_from: 'source', evidence: 'NACE code given by the bundled sample directory' },
    sources: ['sample', 'offline gazetteer'],
    sample: true,
  };

  it('still parses, with the new fields defaulted', () => {
    expect(companyDataSchema.parse(old)).toMatchObject({ legal_form: null, status: 'unknown', incorporated_on: null, employees: null });
  });

  it('still reads from the company cache, records of the older sources included', () => {
    const cache = readCache({
      records: { sample: { record: { source: 'sample', name: old.name, address: old.address, countryIso2: 'PT', vatNumber: 'PT504499777', sample: true }, fetchedAt: '2026-11-20T10:00:00Z' } },
      company: { data: old, sources: ['sample'], builtAt: '2026-11-20T10:00:00Z' },
    });
    expect(cache.records.sample?.record.name).toBe(old.name);
    expect(cache.company?.data.status).toBe('unknown');
  });

  it('refuses a malformed date of incorporation', () => {
    expect(companyDataSchema.safeParse({ ...old, incorporated_on: '24.11.2026' }).success).toBe(false);
  });
});
