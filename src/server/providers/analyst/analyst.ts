import type { Locale } from '../../../shared/i18n/locales.js';
import type { CompanyData } from '../../../shared/contracts/assessment.js';
import type { Message } from '../../../shared/i18n/message.js';
import type { AssessedRisk, DataSourceEntry } from '../../../shared/scoring.js';

/**
 * The analyst (`embedded` or `openai`): given a placed company, it says how
 * likely (0–5) and how severe (0–5) each location and industry risk is, with reasons, plus key
 * takeaways for insurers. It never computes scores or grades: shared/scoring.ts does, so the
 * numbers always agree whichever analyst answered.
 */

export { INDUSTRY_RISKS, LOCATION_RISKS, type IndustryRiskName, type LocationRiskName } from '../../engine/index.js';

export interface AnalysisImage {
  mime: 'image/png' | 'image/jpeg';
  data: Buffer;
}

export interface AnalysisInput {
  /**
   * The company as placed by calls 10–11 (or rebuilt from call 13's query): country is the
   * selector's English name (an ISO2 code is accepted too), activity may be 'none' — the
   * embedded analyst then infers it from the name.
   */
  company: CompanyData;
  /** The location map the client sent with call 13 (for analysts that can look at images). */
  image?: AnalysisImage;
  /** The reader's language: an analyst that writes its own words writes them in it (English when absent). */
  locale?: Locale;
}

/** An analyst's answer: likelihood, impact and reasons per risk, and the takeaways. */
export interface AnalystAnswer {
  location: AssessedRisk[];
  industry: AssessedRisk[];
  keyTakeaways: string[];
  /** Each takeaway as a message, in the same order (the embedded analyst's; absent from an LLM's own words). */
  keyTakeawayMessages?: Message[];
  /** The datasets the ratings rest on, for the report's data sources list. */
  dataSources?: DataSourceEntry[];
}

export interface Analyst {
  readonly name: string;
  /** Whether it looks at the location map: a server-side run renders the map only for such an analyst. */
  readonly looksAtImage?: boolean;
  /** Honours `signal` (the step's deadline). Throws AnalystError when it cannot give a whole answer. */
  analyse(input: AnalysisInput, signal: AbortSignal): Promise<AnalystAnswer>;
}

/** Why an analysis failed, as the API reports it (429, 408, 502). */
export type AnalystFailure = 'rate_limited' | 'timeout' | 'invalid_answer' | 'unavailable';

export class AnalystError extends Error {
  constructor(
    readonly failure: AnalystFailure,
    message: string,
    /** Seconds the provider asked us to wait (rate_limited). */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'AnalystError';
  }
}
