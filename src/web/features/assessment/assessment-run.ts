import type { CompanyData, ReportSite, RiskAssessmentResult } from '../../../shared/contracts/assessment';
import type { ServiceAccess } from '../../../shared/contracts/billing';
import type { ReportScreening } from '../../../shared/contracts/screening';
import type { SiteType } from '../../../shared/site-types';
import { ApiError, NetworkError } from '../../lib/api-client';
import { isSessionEnded } from '../../lib/auth-fetch';
import { t } from '../../lib/i18n';
import { NoCompanyDataError, rateLimitMessage, type Analysis, type AnalysisInput, type CallOptions, type ScrapedCompany } from './assessment-api';

/**
 * One assessment run: the steps with their progress, texts and
 * time-outs, and the message each failure shows. Framework-free so it can be tested with fake
 * calls; `useAssessmentRun` puts it on screen.
 */

export type RunStep = 'validating' | 'searching' | 'scraping' | 'mapping' | 'analysing' | 'completed';

export interface StepInfo {
  progress: number;
  /** The step's text (a message id). */
  text: string;
  /** The step's name in the time-out message '{step} timed out after {seconds} seconds' (a message id). */
  name: string;
  /** Subscription 10 s, search 15 s, scrape 90 s, map 20 s, analysis 135 s; the completed step has none. */
  timeoutSeconds: number | null;
}

export const RUN_STEPS: Record<RunStep, StepInfo> = {
  validating: { progress: 10, text: 'assessment.step.validating', name: 'assessment.stepName.validating', timeoutSeconds: 10 },
  searching: { progress: 25, text: 'assessment.step.searching', name: 'assessment.stepName.searching', timeoutSeconds: 15 },
  scraping: { progress: 35, text: 'assessment.step.scraping', name: 'assessment.stepName.scraping', timeoutSeconds: 90 },
  mapping: { progress: 65, text: 'assessment.step.mapping', name: 'assessment.stepName.mapping', timeoutSeconds: 20 },
  analysing: { progress: 80, text: 'assessment.step.analysing', name: 'assessment.stepName.analysing', timeoutSeconds: 135 },
  completed: { progress: 100, text: 'assessment.step.completed', name: 'assessment.stepName.completed', timeoutSeconds: null },
};

export const RUN_STEP_ORDER: readonly RunStep[] = ['validating', 'searching', 'scraping', 'mapping', 'analysing', 'completed'];

/** After this long unfinished, the progress panel shows SLOW_HINT (a message id, as the texts below). */
export const SLOW_AFTER_SECONDS = 30;
export const SLOW_HINT = 'assessment.progress.slowHint';
/** After this long the step text becomes ALMOST_READY_TEXT. */
export const ALMOST_READY_AFTER_SECONDS = 90;
export const ALMOST_READY_TEXT = 'assessment.step.almostReady';

export const SUCCESS_MESSAGE = 'assessment.run.success';
export const MISSING_FIELDS_MESSAGE = 'assessment.run.missingFields';

/** The step text shown after `elapsedSeconds` of a run that is at `step`, in the active language. */
export function stepText(step: RunStep, elapsedSeconds: number): string {
  if (step !== 'completed' && elapsedSeconds >= ALMOST_READY_AFTER_SECONDS) return t(ALMOST_READY_TEXT);
  return t(RUN_STEPS[step].text);
}

export function timeoutMessage(step: RunStep): string {
  const info = RUN_STEPS[step];
  return t('assessment.error.timeout', { step: t(info.name), seconds: info.timeoutSeconds ?? 0 });
}

/** A failed run: `message` is the toast, `description` an optional second line. */
export class RunError extends Error {
  readonly step: RunStep;
  readonly description: string | null;
  /** True when no toast should show (the session ended, or the run was cancelled). */
  readonly silent: boolean;
  /** True when a plan is the way out (no credit left, or the account may not run the tool): the toast links to the plans. */
  readonly plans: boolean;
  constructor(
    step: RunStep,
    message: string,
    options: { description?: string | null; silent?: boolean; plans?: boolean; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'RunError';
    this.step = step;
    this.description = options.description ?? null;
    this.silent = options.silent ?? false;
    this.plans = options.plans ?? false;
  }
}

const isDomError = (err: unknown, name: string) => err instanceof DOMException && err.name === name;

/** A refusal a plan solves: no credit left (402, or 403 when a parallel run spent the last one) or access denied. */
export const needsPlan = (api: ApiError | null) =>
  api !== null && (api.status === 402 || api.code === 'no_credits' || (api.status === 403 && api.code === 'access_denied'));

/** The detail as a second line, unless it only repeats the message. */
const extra = (detail: string | null | undefined, message: string) => (detail && detail !== message ? detail : null);

/** What a failure of `step` shows: the step's message or the server's detail, plus an optional second line. */
export function runErrorFor(step: RunStep, err: unknown): RunError {
  if (err instanceof RunError) return err;
  if (isSessionEnded(err)) return new RunError(step, err.message, { silent: true, cause: err });
  if (isDomError(err, 'TimeoutError')) return new RunError(step, timeoutMessage(step), { cause: err });
  if (isDomError(err, 'AbortError')) return new RunError(step, 'Cancelled', { silent: true, cause: err });
  const api = err instanceof ApiError ? err : null;
  const network = err instanceof NetworkError ? err.message : null;

  switch (step) {
    case 'validating':
      return new RunError(step, api?.detail ?? (network ?? t('assessment.error.accessDenied')), { plans: needsPlan(api), cause: err });
    case 'searching': {
      const message = t('assessment.error.search');
      return new RunError(step, message, { description: extra(api?.detail ?? network, message), cause: err });
    }
    case 'scraping':
      if (err instanceof NoCompanyDataError) return new RunError(step, t('assessment.error.noCompanyData'), { cause: err });
      return new RunError(step, api?.detail ?? t('assessment.error.scrape'), { description: network, cause: err });
    case 'mapping': {
      const message = t('assessment.error.map');
      return new RunError(step, message, { description: extra(api?.detail ?? network, message), cause: err });
    }
    case 'analysing': {
      if (api?.status === 429) {
        const message = rateLimitMessage(api) ?? t('assessment.error.rateLimit');
        return new RunError(step, message, { description: extra(api.detail, message), cause: err });
      }
      if (api?.status === 408) return new RunError(step, api.detail ?? t('assessment.error.analysisTimeout'), { cause: err });
      if (api && needsPlan(api)) return new RunError(step, api.detail ?? t('assessment.error.noCredits'), { plans: true, cause: err });
      if (api) {
        const message = t('assessment.error.analysisStatus', { status: api.status });
        return new RunError(step, message, { description: extra(api.detail, message), cause: err });
      }
      return new RunError(step, network ?? t('assessment.error.analysis'), { cause: err });
    }
    case 'completed':
      return new RunError(step, t('assessment.error.analysis'), { cause: err });
  }
}

/** The calls a run makes (the real ones in production, fakes in tests). */
export interface RunCalls {
  validateServiceAccess(options: CallOptions): Promise<ServiceAccess>;
  searchCompany(fiscalNumber: string, country: string, options: CallOptions): Promise<string[]>;
  scrapeCompany(links: readonly string[], options: CallOptions, siteAddress?: string): Promise<ScrapedCompany>;
  fetchCompanyMap(latitude: number, longitude: number, options: CallOptions): Promise<Blob>;
  analyseCompany(input: AnalysisInput, options: CallOptions): Promise<Analysis>;
  /** Keeps the access check's answer (stored as plan status). */
  storeAccess(access: ServiceAccess): void;
}

export interface RunInput {
  fiscalNumber: string;
  country: string;
  /** The site's address when it is not the registered office (optional). */
  siteAddress?: string;
  /** The site where the user placed the pin: assessed there, precision `user`. */
  pin?: { latitude: number; longitude: number };
  /** What the site is; absent: the activity's typical site. */
  siteType?: SiteType;
}

export interface RunOutcome {
  /** The registered office (its coordinates are the assessed site's). */
  company: CompanyData;
  result: RiskAssessmentResult;
  map: Blob;
  /** The assessed site, beside the registered office. */
  site: ReportSite;
  /** The company, its officers and owners against the sanctions lists. */
  screening: ReportScreening;
}

/**
 * Runs the five calls in order, reporting each step before it starts. Throws a RunError whose
 * message is the toast to show.
 */
export async function runAssessment(
  input: RunInput,
  calls: RunCalls,
  onStep: (step: RunStep) => void,
  signal?: AbortSignal,
): Promise<RunOutcome> {
  const fiscalNumber = input.fiscalNumber.trim();
  const country = input.country.trim();

  async function step<T>(name: RunStep, call: (options: CallOptions) => Promise<T>): Promise<T> {
    if (signal?.aborted) throw new RunError(name, 'Cancelled', { silent: true });
    onStep(name);
    const timeoutMs = (RUN_STEPS[name].timeoutSeconds ?? 30) * 1000;
    try {
      return await call({ timeoutMs, ...(signal ? { signal } : {}) });
    } catch (err) {
      throw runErrorFor(name, err);
    }
  }

  const access = await step('validating', (o) => calls.validateServiceAccess(o));
  calls.storeAccess(access);
  if (!access.allowed) throw new RunError('validating', access.reason.trim() || t('assessment.error.accessDenied'), { plans: true });

  const links = await step('searching', (o) => calls.searchCompany(fiscalNumber, country, o));
  const siteAddress = input.siteAddress?.trim() ?? '';
  const scraped = await step('scraping', (o) => calls.scrapeCompany(links, o, siteAddress || undefined));
  const company = scraped.company;
  // The pin wins over the address; without either the site is the registered office as placed.
  const placed = input.pin
    ? { address: siteAddress || company.address, ...input.pin, precision: 'user' as const }
    : (scraped.site ?? null);
  const site: ReportSite = placed ?? {
    address: company.address,
    latitude: company.latitude,
    longitude: company.longitude,
    precision: company.geocode_precision,
  };
  const map = await step('mapping', (o) => calls.fetchCompanyMap(site.latitude, site.longitude, o));
  const siteType = input.siteType;
  const analysis: AnalysisInput = { fiscalNumber, country, company, map, ...(placed ? { site: placed } : {}), ...(siteAddress ? { siteAddress } : {}), ...(siteType ? { siteType } : {}) };
  const { result, screening } = await step('analysing', (o) => calls.analyseCompany(analysis, o));
  onStep('completed');
  const assessed = { ...company, latitude: site.latitude, longitude: site.longitude, geocode_precision: site.precision };
  // The site type the analysis rated belongs with the company data, as in a stored report.
  const rated = result.site_type ? { ...assessed, site_type: result.site_type, site_type_assumed: result.site_type_assumed ?? false } : assessed;
  const ratedSite = result.site_type ? { ...site, site_type: result.site_type, site_type_assumed: result.site_type_assumed ?? false } : site;
  return { company: rated, result, map, site: ratedSite, screening };
}
