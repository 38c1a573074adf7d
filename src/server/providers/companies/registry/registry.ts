import { SOURCE_TIMEOUT_MS } from '../source-http.js';
import type { CompanyQuery, CompanyRecord, CompanySource } from '../types.js';
import type { RegisterCall } from './common.js';
import { findCzechia } from './cz.js';
import { findFinland } from './fi.js';
import { findFrance } from './fr.js';
import { findPoland } from './pl.js';
import { findRomania } from './ro.js';

/** Base URLs of the national registers (REGISTRY_*_URL). */
export interface RegistryUrls {
  fr: string;
  cz: string;
  fi: string;
  pl: string;
  plKrs: string;
  ro: string;
}

export interface RegistrySourceOptions {
  urls: RegistryUrls;
  userAgent: string;
  /** Per call; the search step allows 15 s in all. */
  timeoutMs?: number;
  now?: () => Date;
}

/** The states whose register Corisk asks, by ISO code. */
export const REGISTRY_STATES = ['FR', 'CZ', 'FI', 'PL', 'RO'] as const;

/**
 * National company registers as one company source (`registry`): the register of the company's
 * state, asked with the national number derived from the VAT number. States without a free
 * register answer null at once (the other sources still run).
 */
export class RegistrySource implements CompanySource {
  readonly name = 'registry';
  readonly local = false;
  private readonly now: () => Date;

  constructor(private readonly options: RegistrySourceOptions) {
    this.now = options.now ?? (() => new Date());
  }

  async find(query: CompanyQuery, signal: AbortSignal): Promise<CompanyRecord | null> {
    const call: RegisterCall = {
      country: query.country,
      nationalNumber: query.nationalNumber,
      signal,
      timeoutMs: this.options.timeoutMs ?? SOURCE_TIMEOUT_MS,
      userAgent: this.options.userAgent,
      today: this.now().toISOString().slice(0, 10),
    };
    const { urls } = this.options;
    switch (query.country.iso2) {
      case 'FR':
        return findFrance(call, urls.fr);
      case 'CZ':
        return findCzechia(call, urls.cz);
      case 'FI':
        return findFinland(call, urls.fi);
      case 'PL':
        return findPoland(call, urls.pl, urls.plKrs);
      case 'RO':
        return findRomania(call, urls.ro);
      default:
        return null;
    }
  }
}
