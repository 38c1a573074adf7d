import { SOURCE_TIMEOUT_MS } from '../source-http.js';
import type { CompanyQuery, CompanyRecord, CompanySource, ImportedRegisters } from '../types.js';
import type { RegisterCall, RegisterClient } from './common.js';
import { findCzechia } from './cz.js';
import { findDenmark } from './dk.js';
import { findGreece } from './el.js';
import { findFinland } from './fi.js';
import { findFrance } from './fr.js';
import { findPoland } from './pl.js';
import { findRomania } from './ro.js';
import { createSwedenClient } from './se.js';
import { findSlovakia } from './sk.js';

/** Base URLs of the national registers (REGISTRY_*_URL). */
export interface RegistryUrls {
  fr: string;
  cz: string;
  fi: string;
  pl: string;
  plKrs: string;
  ro: string;
  se: string;
  seToken: string;
  el: string;
  dk: string;
  sk: string;
  skRpo: string;
}

/** The credentials of the registers that ask for them; a state left out is not asked. */
export interface RegistryCredentials {
  se?: { clientId: string; clientSecret: string };
  el?: { apiKey: string };
  dk?: { user: string; password: string };
}

export interface RegistrySourceOptions {
  urls: RegistryUrls;
  credentials?: RegistryCredentials;
  userAgent: string;
  /** The registers imported from files (BE, EE, SI, LV); without it they are not asked. */
  imported?: ImportedRegisters;
  /** Per call; the search step allows 15 s in all. */
  timeoutMs?: number;
  now?: () => Date;
}

/**
 * The states whose register Corisk asks, by ISO code (SE, GR and DK once their credentials are
 * set; BE, EE, SI and LV once their files were imported).
 */
/** The states whose register publishes files, imported into the database (modules/registers). */
export const IMPORTED_REGISTER_STATES = ['BE', 'EE', 'SI', 'LV'] as const;
export type ImportedRegisterState = (typeof IMPORTED_REGISTER_STATES)[number];
const isImported = (iso2: string): boolean => (IMPORTED_REGISTER_STATES as readonly string[]).includes(iso2);

export const REGISTRY_STATES = ['FR', 'CZ', 'FI', 'PL', 'RO', 'SE', 'GR', 'DK', 'SK', ...IMPORTED_REGISTER_STATES] as const;

/** The states whose register needs credentials that are not set: they are not asked. */
export function registersWithoutCredentials(credentials: RegistryCredentials = {}): string[] {
  return [!credentials.se && 'SE', !credentials.el && 'GR', !credentials.dk && 'DK'].filter((s): s is string => Boolean(s));
}

/**
 * National company registers as one company source (`registry`): the register of the company's
 * state, asked with the national number derived from the VAT number. States without a free
 * register answer null at once (the other sources still run).
 */
export class RegistrySource implements CompanySource {
  readonly name = 'registry';
  readonly local = false;
  private readonly now: () => Date;
  /** Sweden's client keeps its OAuth token as long as the source lives. */
  private readonly sweden: RegisterClient | undefined;

  constructor(private readonly options: RegistrySourceOptions) {
    this.now = options.now ?? (() => new Date());
    const se = options.credentials?.se;
    this.sweden = se ? createSwedenClient({ baseUrl: options.urls.se, tokenUrl: options.urls.seToken, ...se }) : undefined;
  }

  /** GEMI allows 8 calls a minute per key; the other registers publish no limit below the default pace. */
  maxPerSecond(countryIso2: string): number | undefined {
    return countryIso2 === 'GR' ? 8 / 60 : undefined;
  }

  /** The registers published as files are read from the imported table. */
  answersLocally(countryIso2: string): boolean {
    return isImported(countryIso2);
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
    const { urls, credentials = {} } = this.options;
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
      case 'SE':
        return this.sweden ? this.sweden(call) : null;
      case 'GR':
        return credentials.el ? findGreece(call, { baseUrl: urls.el, apiKey: credentials.el.apiKey }) : null;
      case 'DK':
        return credentials.dk ? findDenmark(call, { baseUrl: urls.dk, ...credentials.dk }) : null;
      case 'SK':
        return findSlovakia(call, { ruzUrl: urls.sk, rpoUrl: urls.skRpo });
      default:
        return isImported(query.country.iso2) && this.options.imported ? this.options.imported(query) : null;
    }
  }
}
