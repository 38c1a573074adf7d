import { afterEach, describe, expect, it } from 'vitest';
import { EU_COUNTRY_NAMES } from '../../shared/countries';
import { countryLabel } from '../../shared/reports/portfolio-summary';
import { countryChoices, countryName, euCountryChoices } from './countries';
import { setLocale } from './i18n';

afterEach(async () => {
  await setLocale('en');
});

describe('country names in the reader’s language', () => {
  it('keeps the product’s English names and order in English', () => {
    for (const value of ['PT', ' el ', 'germany', 'Czech Republic', 'Narnia', 'US', '']) expect(countryName(value)).toBe(countryLabel(value));
    expect(euCountryChoices().map((c) => c.label)).toEqual(EU_COUNTRY_NAMES);
    expect(euCountryChoices().map((c) => c.value)).toEqual(EU_COUNTRY_NAMES);
  });

  it('names and sorts them in another language, the values unchanged', async () => {
    await setLocale('de');
    expect(countryName('Germany')).toBe('Deutschland');
    expect(countryName('EL')).toBe('Griechenland');
    expect(countryName('Narnia')).toBe('Narnia');
    expect(countryChoices(['Austria', 'Germany', 'Denmark'])).toEqual([
      { value: 'Denmark', label: 'Dänemark' },
      { value: 'Germany', label: 'Deutschland' },
      { value: 'Austria', label: 'Österreich' },
    ]);
    expect(euCountryChoices().map((c) => c.value).sort()).toEqual([...EU_COUNTRY_NAMES].sort());
  });
});
