import type { Config } from '../../config.js';
import { GleifSource } from './gleif.js';
import { RegistrySource, registersWithoutCredentials } from './registry/registry.js';
import { findSampleCompany } from './sample-directory.js';
import type { CompanyQuery, CompanyRecord, CompanySource, ImportedRegisters } from './types.js';
import { ViesSource } from './vies.js';

/** The bundled sample directory as a company source (instant, offline; its records are sample data). */
export class SampleSource implements CompanySource {
  readonly name = 'sample';
  readonly local = true;

  async find(query: CompanyQuery): Promise<CompanyRecord | null> {
    const found = findSampleCompany(query.country, query.nationalNumber);
    if (!found) return null;
    return {
      source: 'sample',
      name: found.name,
      address: found.address,
      postalCode: found.postalCode,
      city: found.city,
      countryIso2: found.iso2,
      vatNumber: found.vatNumber,
      naceCode: found.nace.code,
      activityText: found.nace.label,
      sample: true,
    };
  }
}

export interface CompanySourceOverrides {
  /** Per-call timeout of the network sources (the search step allows 15 s in all). */
  timeoutMs?: number;
  /** The registers imported from files, read from the database. */
  imported?: ImportedRegisters;
}

/** The sources of COMPANY_SOURCES, in its order. */
export function createCompanySources(
  config: Pick<Config, 'companySources' | 'viesApiUrl' | 'gleifApiUrl' | 'registryUrls' | 'registryCredentials' | 'productName' | 'version' | 'contactEmailInfo'>,
  overrides: CompanySourceOverrides = {},
  log?: { info(fields: object, message: string): void },
): CompanySource[] {
  const userAgent = `${config.productName}/${config.version} (${config.contactEmailInfo})`;
  return config.companySources.map((name): CompanySource => {
    switch (name) {
      case 'sample':
        return new SampleSource();
      case 'registry': {
        const skipped = registersWithoutCredentials(config.registryCredentials);
        // Said once, at start: a register with no credentials is not asked (no error per search).
        if (skipped.length) log?.info({ states: skipped }, 'national registers without credentials are not asked');
        return new RegistrySource({ urls: config.registryUrls, credentials: config.registryCredentials, userAgent, timeoutMs: overrides.timeoutMs, imported: overrides.imported });
      }
      case 'vies':
        return new ViesSource({ baseUrl: config.viesApiUrl, userAgent, timeoutMs: overrides.timeoutMs });
      case 'gleif':
        return new GleifSource({ baseUrl: config.gleifApiUrl, userAgent, timeoutMs: overrides.timeoutMs });
    }
  });
}
