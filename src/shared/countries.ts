/**
 * The 27 EU member states the assessment covers (the country selector lists them by name).
 * `name` is the selector's value, word for word. `vatPrefix` is the prefix of the state's VAT
 * numbers (VIES writes Greece as EL). `numeric` is ISO 3166-1 numeric, the id of the country
 * in Natural Earth / world-atlas.
 */
export interface EuCountry {
  name: string;
  iso2: string;
  iso3: string;
  numeric: string;
  vatPrefix: string;
  /** The VAT number's shape without its prefix, as shown in error messages. */
  vatFormat: string;
}

const c = (
  name: string,
  iso2: string,
  iso3: string,
  numeric: string,
  vatFormat: string,
  vatPrefix = iso2,
): EuCountry => ({ name, iso2, iso3, numeric, vatPrefix, vatFormat });

export const EU_COUNTRIES: readonly EuCountry[] = [
  c('Austria', 'AT', 'AUT', '040', 'U followed by 8 digits'),
  c('Belgium', 'BE', 'BEL', '056', '10 digits starting with 0 or 1'),
  c('Bulgaria', 'BG', 'BGR', '100', '9 or 10 digits'),
  c('Croatia', 'HR', 'HRV', '191', '11 digits'),
  c('Cyprus', 'CY', 'CYP', '196', '8 digits followed by a letter'),
  c('Czech Republic', 'CZ', 'CZE', '203', '8 to 10 digits'),
  c('Denmark', 'DK', 'DNK', '208', '8 digits'),
  c('Estonia', 'EE', 'EST', '233', '9 digits'),
  c('Finland', 'FI', 'FIN', '246', '8 digits'),
  c('France', 'FR', 'FRA', '250', '2 characters (digits or letters) followed by the 9-digit SIREN'),
  c('Germany', 'DE', 'DEU', '276', '9 digits'),
  c('Greece', 'GR', 'GRC', '300', '9 digits', 'EL'),
  c('Hungary', 'HU', 'HUN', '348', '8 digits'),
  c('Ireland', 'IE', 'IRL', '372', '7 digits followed by 1 or 2 letters (or digit, letter, 5 digits, letter)'),
  c('Italy', 'IT', 'ITA', '380', '11 digits'),
  c('Latvia', 'LV', 'LVA', '428', '11 digits'),
  c('Lithuania', 'LT', 'LTU', '440', '9 or 12 digits'),
  c('Luxembourg', 'LU', 'LUX', '442', '8 digits'),
  c('Malta', 'MT', 'MLT', '470', '8 digits'),
  c('Netherlands', 'NL', 'NLD', '528', '9 digits, the letter B and 2 digits'),
  c('Poland', 'PL', 'POL', '616', '10 digits'),
  c('Portugal', 'PT', 'PRT', '620', '9 digits'),
  c('Romania', 'RO', 'ROU', '642', '2 to 10 digits'),
  c('Slovakia', 'SK', 'SVK', '703', '10 digits'),
  c('Slovenia', 'SI', 'SVN', '705', '8 digits'),
  c('Spain', 'ES', 'ESP', '724', 'a letter or digit, 7 digits and a letter or digit'),
  c('Sweden', 'SE', 'SWE', '752', '12 digits ending in 01'),
];

/** The selector's list of names, in the product's order (alphabetical by English name). */
export const EU_COUNTRY_NAMES: readonly string[] = EU_COUNTRIES.map((x) => x.name);

export const DEFAULT_COUNTRY_NAME = 'Portugal';

const byName = new Map(EU_COUNTRIES.map((x) => [x.name.toLowerCase(), x]));
const byIso2 = new Map(EU_COUNTRIES.map((x) => [x.iso2, x]));

/** The country for a selector value (case-insensitive, surrounding spaces ignored). */
export function countryByName(name: string): EuCountry | undefined {
  return byName.get(name.trim().toLowerCase());
}

/** The country for an ISO 3166-1 alpha-2 code; 'EL' (the VAT prefix of Greece) is accepted too. */
export function countryByIso2(code: string): EuCountry | undefined {
  const upper = code.trim().toUpperCase();
  return byIso2.get(upper === 'EL' ? 'GR' : upper);
}

/**
 * A fiscal number as typed (spaces, dots, dashes, slashes, a leading VAT prefix of this country)
 * reduced to the bare national part, upper-cased: 'PT 500.697.256' → '500697256',
 * 'el094019245' → '094019245'. It does not check the number: see isValidVatNumber (vat.ts).
 */
export function normalizeFiscalNumber(raw: string, country: EuCountry): string {
  let s = raw.toUpperCase().replace(/[\s.\-/,_:]/g, '');
  for (const prefix of new Set([country.vatPrefix, country.iso2])) {
    if (s.startsWith(prefix)) {
      s = s.slice(prefix.length);
      break;
    }
  }
  // Belgian numbers are written '(0)468…' or without their leading 0 (the old 9 digits)
  if (country.iso2 === 'BE') s = s.replace(/^\(0\)/, '0').replace(/^(\d{9})$/, '0$1');
  return s;
}

/** The full VAT number as VIES writes it: prefix + national part ('EL094019245'). */
export function fullVatNumber(national: string, country: EuCountry): string {
  return country.vatPrefix + national;
}
