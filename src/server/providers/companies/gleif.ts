import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { fullVatNumber, type EuCountry } from '../../../shared/countries.js';
import { projectRoot } from '../../lib/paths.js';
import { endpointRequest, readable, readAnswer, type SourceEndpoint } from './source-http.js';
import { CompanySourceUnavailableError, type CompanyQuery, type CompanyRecord, type CompanySource } from './types.js';

/**
 * GLEIF, the Global LEI Index (`GET {GLEIF_API_URL}/lei-records?filter[entity.registeredAs]=…
 * &filter[entity.legalAddress.country]=CC`, JSON:API, no key). An LEI record names the number
 * the entity is registered as in its national register; in the states below that number can be
 * derived from the VAT number, so the VAT number alone finds the record. Elsewhere (Germany,
 * the Netherlands, Austria…) register and VAT numbers differ and GLEIF does not answer.
 * The record gives the legal form (its ISO 20275 ELF code decoded to the national name), the
 * entity status and the registration date; the register's own values win when it answered
 * (company-data.ts).
 */

/** The national register number (as GLEIF records it) for a VAT number, per state. */
const registrationNumber: Readonly<Record<string, (national: string) => string | undefined>> = {
  PT: (n) => n, // NIPC = NIF
  BE: (n) => n, // enterprise number = VAT number
  FR: (n) => n.slice(2), // SIREN = the VAT number without its 2-character key
  IT: (n) => n, // codice fiscale of a company = partita IVA
  ES: (n) => n, // NIF
  DK: (n) => n, // CVR
  HR: (n) => n, // OIB
  CZ: (n) => (n.length === 8 ? n : undefined), // IČO (legal persons)
  FI: (n) => `${n.slice(0, 7)}-${n.slice(7)}`, // Y-tunnus 1234567-8
  SE: (n) => `${n.slice(0, 6)}-${n.slice(6, 10)}`, // organisationsnummer 556012-3456
};

export function gleifRegistrationNumber(country: EuCountry, national: string): string | undefined {
  return registrationNumber[country.iso2]?.(national);
}

/** GLEIF's ISO 20275 (ELF) code list for the EU states, bundled (CC0; data/README.md). */
export const ELF_CODES_FILE = join(projectRoot, 'src/server/providers/companies/data/elf-codes.json');

const elfFileSchema = z.object({
  version: z.string(),
  codes: z.record(
    z.string(),
    z.object({
      country: z.string(),
      names: z.array(z.object({ lang: z.string().optional(), name: z.string(), abbr: z.string().optional() })).min(1),
    }),
  ),
});
let elfCodes: z.infer<typeof elfFileSchema>['codes'] | undefined;

/**
 * The legal form an ELF code stands for, in the local language as the list names it, with its
 * usual abbreviation: '2HBR' → 'Gesellschaft mit beschränkter Haftung (GmbH)'. Where a state has
 * several official languages, the name in `language` (the legal name's) when the list has it.
 * Undefined for a code outside the EU list.
 */
export function elfLegalForm(code: string, language?: string | null): string | undefined {
  elfCodes ??= elfFileSchema.parse(JSON.parse(readFileSync(ELF_CODES_FILE, 'utf8'))).codes;
  const names = elfCodes[code.trim().toUpperCase()]?.names ?? [];
  const lang = language?.slice(0, 2).toLowerCase();
  const form = names.find((n) => n.lang === lang) ?? names[0];
  if (!form) return undefined;
  return form.abbr ? `${form.name} (${form.abbr})` : form.name;
}

const addressSchema = z.object({
  addressLines: z.array(z.string()).default([]),
  city: z.string().nullish(),
  postalCode: z.string().nullish(),
  country: z.string().nullish(),
});

const recordSchema = z.object({
  attributes: z.object({
    lei: z.string(),
    entity: z.object({
      legalName: z.object({ name: z.string(), language: z.string().nullish() }),
      legalAddress: addressSchema,
      status: z.string().nullish(),
      // An ISO 20275 (ELF) code, with the form in words under `other` when no code fits.
      legalForm: z.object({ id: z.string().nullish(), other: z.string().nullish() }).nullish(),
      creationDate: z.string().nullish(),
    }),
  }),
});

const answerSchema = z.object({ data: z.array(z.unknown()) });

export class GleifSource implements CompanySource {
  readonly name = 'gleif';
  readonly local = false;

  constructor(private readonly options: SourceEndpoint) {}

  async find({ country, nationalNumber }: CompanyQuery, signal: AbortSignal): Promise<CompanyRecord | null> {
    const registeredAs = gleifRegistrationNumber(country, nationalNumber);
    if (!registeredAs) return null;
    const params = new URLSearchParams({
      'filter[entity.registeredAs]': registeredAs,
      'filter[entity.legalAddress.country]': country.iso2,
      'page[size]': '5',
    });
    const url = `${this.options.baseUrl}/lei-records?${params.toString()}`;
    const unavailable = (reason: string) => new CompanySourceUnavailableError('gleif', country, reason);
    const res = await endpointRequest(this.options, url, signal, unavailable, { accept: 'application/vnd.api+json' });
    if (res.status === 404) return null;
    const records = readable(readAnswer(res, answerSchema, unavailable).data, recordSchema).map((r) => r.attributes);
    // An active entity first; GLEIF also keeps records of merged or dissolved ones.
    const best = records.find((r) => r.entity.status === 'ACTIVE') ?? records[0];
    if (!best) return null;
    const { legalForm, legalName } = best.entity;
    const a = best.entity.legalAddress;
    const postalCode = a.postalCode?.trim() || undefined;
    const city = a.city?.trim() || undefined;
    const address = [...a.addressLines.map((l) => l.trim()).filter(Boolean), [postalCode, city].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join('\n');
    return {
      source: 'gleif',
      name: legalName.name.trim(),
      address,
      postalCode,
      city,
      countryIso2: country.iso2,
      vatNumber: fullVatNumber(nationalNumber, country),
      sample: false,
      reference: `LEI ${best.lei}`,
      // The ELF code decoded to the national name; else the form GLEIF writes in words.
      legalForm: (legalForm?.id && elfLegalForm(legalForm.id, legalName.language)) || legalForm?.other?.trim() || undefined,
      // INACTIVE: the entity is no longer legally registered or operating.
      status: best.entity.status === 'ACTIVE' ? 'active' : best.entity.status === 'INACTIVE' ? 'dissolved' : undefined,
      incorporatedOn: best.entity.creationDate?.slice(0, 10) || undefined,
    };
  }
}
