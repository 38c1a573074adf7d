import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { countryByIso2, countryByName, normalizeFiscalNumber, type EuCountry } from '../../../shared/countries.js';
import { projectRoot } from '../../lib/paths.js';

/**
 * The bundled sample directory (company source `sample`): real companies, at least one per EU
 * member state, from public registry facts — legal name, VAT number, registered address
 * written the local way, principal activity as a NACE Rev. 2 class. Everything built from an
 * entry is sample data and says so. Sources: data/README.md.
 */

const entrySchema = z.object({
  name: z.string().min(1),
  vatNumber: z.string().regex(/^[A-Z]{2}[0-9A-Z]+$/),
  country: z.string().min(1),
  address: z.string().min(1),
  postalCode: z.string().min(1),
  city: z.string().min(1),
  naceCode: z.string().regex(/^\d{2}\.\d{1,2}$/),
  naceLabel: z.string().min(1),
});
const fileSchema = z.object({ note: z.string(), companies: z.array(entrySchema).min(27) });

export interface SampleCompany {
  name: string;
  /** Full VAT number with its prefix, as VIES writes it ('EL094019245'). */
  vatNumber: string;
  /** The national part, without prefix ('094019245'). */
  fiscalNumber: string;
  /** The country's selector name ('Greece'). */
  country: string;
  iso2: string;
  address: string;
  postalCode: string;
  city: string;
  nace: { code: string; label: string };
  sample: true;
}

export const SAMPLE_DIRECTORY_FILE = join(projectRoot, 'src/server/providers/companies/data/sample-companies.json');

let companies: SampleCompany[] | undefined;

function load(): SampleCompany[] {
  const file = fileSchema.parse(JSON.parse(readFileSync(SAMPLE_DIRECTORY_FILE, 'utf8')));
  return file.companies.map((e) => {
    const country = countryByName(e.country);
    if (!country) throw new Error(`sample directory: unknown country ${e.country}`);
    if (!e.vatNumber.startsWith(country.vatPrefix)) {
      throw new Error(`sample directory: ${e.vatNumber} does not start with ${country.vatPrefix}`);
    }
    return {
      name: e.name,
      vatNumber: e.vatNumber,
      fiscalNumber: normalizeFiscalNumber(e.vatNumber, country),
      country: country.name,
      iso2: country.iso2,
      address: e.address,
      postalCode: e.postalCode,
      city: e.city,
      nace: { code: e.naceCode, label: e.naceLabel },
      sample: true,
    };
  });
}

/** Every sample company, in the file's order (by country). */
export function listSampleCompanies(): readonly SampleCompany[] {
  return (companies ??= load());
}

/**
 * The sample company with this fiscal number in this country; the number may be typed with
 * spaces, dots, dashes or its VAT prefix.
 */
export function findSampleCompany(country: EuCountry | string, fiscalNumber: string): SampleCompany | undefined {
  const c = typeof country === 'string' ? (countryByIso2(country) ?? countryByName(country)) : country;
  if (!c) return undefined;
  const wanted = normalizeFiscalNumber(fiscalNumber, c);
  return listSampleCompanies().find((s) => s.iso2 === c.iso2 && s.fiscalNumber === wanted);
}
