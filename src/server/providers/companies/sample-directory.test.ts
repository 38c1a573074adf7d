import { describe, expect, it } from 'vitest';
import { EU_COUNTRIES, normalizeFiscalNumber } from '../../../shared/countries.js';
import * as stdnumLib from 'stdnum';
import { isValidVatNumber } from '../../../shared/vat.js';
import { haversineKm } from '../../geo/gazetteer.js';
import { geocodeOffline } from '../geocoder/offline.js';
import { findSampleCompany, listSampleCompanies } from './sample-directory.js';

describe('sample company directory', () => {
  const all = listSampleCompanies();

  it('has at least one company in every EU member state', () => {
    for (const country of EU_COUNTRIES) {
      expect(all.some((c) => c.iso2 === country.iso2), country.name).toBe(true);
    }
  });

  it.each(listSampleCompanies().map((c) => [c.vatNumber, c.name, c.country] as const))(
    '%s (%s) passes the check-digit rules for %s',
    (vatNumber, _name, countryName) => {
      const country = EU_COUNTRIES.find((c) => c.name === countryName)!;
      expect(vatNumber.startsWith(country.vatPrefix)).toBe(true);
      expect(isValidVatNumber(normalizeFiscalNumber(vatNumber, country), country, stdnumLib)).toBe(true);
    },
  );

  it('marks every entry as sample data and has no duplicate numbers', () => {
    expect(all.every((c) => c.sample)).toBe(true);
    expect(new Set(all.map((c) => c.vatNumber)).size).toBe(all.length);
  });

  it('finds a company by its number as typed, with or without prefix', () => {
    expect(findSampleCompany('Portugal', '500 697 256')?.name).toBe('EDP, S.A.');
    expect(findSampleCompany('PT', 'PT500697256')?.name).toBe('EDP, S.A.');
    expect(findSampleCompany('Greece', 'EL094019245')?.fiscalNumber).toBe('094019245');
    expect(findSampleCompany('Greece', '094019245')?.city).toBe('Μαρούσι');
    expect(findSampleCompany('Austria', 'ATU33864707')?.fiscalNumber).toBe('U33864707');
    expect(findSampleCompany('Spain', '500697256')).toBeUndefined();
    expect(findSampleCompany('Norway', '923609016')).toBeUndefined();
  });

  it('gives addresses the offline geocoder places in their city', () => {
    for (const c of all) {
      const r = geocodeOffline({ country: c.iso2, address: c.address });
      expect(r?.precision, `${c.name}: ${c.address}`).not.toBe('country');
      expect(r?.postalCode, c.name).toBe(c.postalCode);
    }
    const edp = findSampleCompany('PT', '500697256')!;
    const r = geocodeOffline({ country: 'PT', address: edp.address })!;
    expect(haversineKm(r.latitude, r.longitude, 38.7223, -9.1393)).toBeLessThan(10);
  });
});
