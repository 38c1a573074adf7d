import { describe, expect, it } from 'vitest';
import {
  countryByIso2,
  countryByName,
  EU_COUNTRY_NAMES,
  fullVatNumber,
  normalizeFiscalNumber,
} from './countries.js';

describe('EU countries', () => {
  it('are the 27 member states of the country selector, in its order', () => {
    expect(EU_COUNTRY_NAMES).toEqual([
      'Austria', 'Belgium', 'Bulgaria', 'Croatia', 'Cyprus', 'Czech Republic', 'Denmark', 'Estonia',
      'Finland', 'France', 'Germany', 'Greece', 'Hungary', 'Ireland', 'Italy', 'Latvia', 'Lithuania',
      'Luxembourg', 'Malta', 'Netherlands', 'Poland', 'Portugal', 'Romania', 'Slovakia', 'Slovenia',
      'Spain', 'Sweden',
    ]);
  });

  it('are found by selector name and by ISO code; Greece is EL for VAT', () => {
    expect(countryByName(' portugal ')?.iso2).toBe('PT');
    expect(countryByName('Czech Republic')?.iso2).toBe('CZ');
    expect(countryByName('Norway')).toBeUndefined();
    expect(countryByIso2('EL')?.name).toBe('Greece');
    expect(countryByName('Greece')?.vatPrefix).toBe('EL');
  });

  it('normalise a typed fiscal number to its national part', () => {
    const pt = countryByName('Portugal')!;
    const gr = countryByName('Greece')!;
    const at = countryByName('Austria')!;
    expect(normalizeFiscalNumber('PT 500.697.256', pt)).toBe('500697256');
    expect(normalizeFiscalNumber('el-094019245', gr)).toBe('094019245');
    expect(normalizeFiscalNumber('GR094019245', gr)).toBe('094019245');
    expect(normalizeFiscalNumber('ATU 338 647 07', at)).toBe('U33864707');
    const be = countryByIso2('BE')!;
    expect(normalizeFiscalNumber('BE (0)468.561.072', be)).toBe('0468561072');
    expect(normalizeFiscalNumber('BE 444.503.092', be)).toBe('0444503092'); // the old 9 digits
    expect(normalizeFiscalNumber('DK: 21599336', countryByIso2('DK')!)).toBe('21599336');
    expect(fullVatNumber('094019245', gr)).toBe('EL094019245');
  });
});
