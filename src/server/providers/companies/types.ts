import type { Activity, CompanyParty, CompanyStatus } from '../../../shared/contracts/assessment.js';
import type { EuCountry } from '../../../shared/countries.js';

/** The company sources COMPANY_SOURCES can name, in the order it lists them. */
export type CompanySourceName = 'sample' | 'registry' | 'vies' | 'gleif';

/** What a source is asked: a VAT number the check-digit rules have accepted for that country. */
export interface CompanyQuery {
  country: EuCountry;
  /** The national part, normalised (normalizeFiscalNumber): '501964843', '094019245'. */
  nationalNumber: string;
}

/** A national activity code: its list, the list's version and the code as the register writes it. */
export type NationalCode = NonNullable<Activity['national_code']>;

/** A company as one source knows it. Text is as the source writes it (local language and case). */
export interface CompanyRecord {
  source: CompanySourceName;
  /** Which data of the source, when it is more than its name: a register's file and its date ('KBO open data of 2026-11-01'). */
  sourceNote?: string;
  name: string;
  /** The registered address on one line or several ('\n'); '' when the source does not disclose it. */
  address: string;
  /** When the source gives them separately (otherwise the geocoder parses the address). */
  postalCode?: string;
  city?: string;
  /** ISO 3166-1 alpha-2 ('GR' for Greece, whatever the VAT prefix). */
  countryIso2: string;
  /** The full VAT number as VIES writes it: prefix + national part ('EL094019245'). */
  vatNumber: string;
  /** NACE Rev. 2 code from the source's own data ('C20.1', '20.14', 'K64'), when it has one. */
  naceCode?: string;
  /** How the source describes the activity in words, when it does (e.g. a registry's object clause). */
  activityText?: string;
  /** How the source got the NACE code, when it is more than "given by the source" (a national code mapped). */
  activityEvidence?: string;
  /** The national code behind naceCode (or left unmapped), with its list and the list's version ('CZ-NACE', '2025'). */
  nationalCode?: NationalCode;
  /** The legal form in words ('Société par actions simplifiée', 's.r.o.'). */
  legalForm?: string;
  /** Whether the company still trades, when the source says so. */
  status?: CompanyStatus;
  /** Date of incorporation or registration, YYYY-MM-DD. */
  incorporatedOn?: string;
  /** The published staff band in words ('100–199'). */
  employees?: string;
  /** The statutory body (directors, managing board), when the source names it. */
  officers?: CompanyParty[];
  /** Owners (shareholders, partners), when the source names them. */
  owners?: CompanyParty[];
  /** Demo data from the bundled sample directory. */
  sample: boolean;
  /** The source's own identifier or page for the record (e.g. an LEI), when it has one. */
  reference?: string;
}

export interface CompanySource {
  readonly name: CompanySourceName;
  /** Answers from bundled data, at once and offline (asked before the network sources). */
  readonly local: boolean;
  /**
   * The company, or null when this source does not know it. Throws
   * CompanySourceUnavailableError when the source cannot answer now (down, busy, timed out);
   * honours `signal` (the caller's deadline).
   */
  find(query: CompanyQuery, signal: AbortSignal): Promise<CompanyRecord | null>;
  /** The most calls a second the source allows for a state's companies, when it publishes a limit. */
  maxPerSecond?(countryIso2: string): number | undefined;
  /** True when the source answers a state's companies from this database (an imported register): no pace to keep. */
  answersLocally?(countryIso2: string): boolean;
}

/**
 * Companies of the registers Corisk imports from published files (BE, EE, SI, LV), read from the
 * local table: the record, or null when the last import does not hold the company (or none was made).
 */
export type ImportedRegisters = (query: CompanyQuery) => Promise<CompanyRecord | null>;

/** The source could not answer (as opposed to "does not know the company"). */
export class CompanySourceUnavailableError extends Error {
  constructor(
    readonly source: CompanySourceName,
    readonly country: EuCountry,
    /** For logs: e.g. 'MS_UNAVAILABLE', 'HTTP 503', 'timeout'. */
    readonly reason: string,
  ) {
    super(`${source} could not answer for ${country.name}: ${reason}`);
    this.name = 'CompanySourceUnavailableError';
  }
}
