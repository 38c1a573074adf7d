import { translator } from '../../lib/messages.js';
import { randomUUID } from 'node:crypto';
import type { CompanyData, ReportSite, RiskAssessmentResult } from '../../../shared/contracts/assessment.js';
import type { AnalysisQuery, ReportResponse } from '../../../shared/contracts/assessment-api.js';
import type { ReportScreening } from '../../../shared/contracts/screening.js';
import type { SiteType } from '../../../shared/site-types.js';
import { msg } from '../../../shared/i18n/message.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import { countryByIso2, countryByName, fullVatNumber, type EuCountry } from '../../../shared/countries.js';
import { buildRiskResult, type RiskAssessmentResultData } from '../../../shared/scoring.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { localiseActivity, localiseResult, siteTypeFor } from '../../engine/index.js';
import { AppError, badRequest, englishText, tooManyRequests } from '../../lib/errors.js';
import { waitMessage } from '../../lib/rate-limiter.js';
import { AnalystError, type AnalysisImage, type Analyst, type AnalystAnswer } from '../../providers/analyst/analyst.js';
import type { MapFrame, MapRenderer } from '../../providers/maps/map-renderer.js';
import type { Credits } from '../billing/index.js';
import { companyBudgetMs, companyErrors, vatCheck, vatExample, type Companies } from '../companies/index.js';
import type { VatProblemCode } from '../../../shared/vat.js';
import type { Reports } from '../reports/index.js';
import { withScreeningTakeaway, type Screening, type StoredScreening } from '../screening/index.js';
import { reportVersions } from '../../engine/index.js';
import type { RollingHourLimiter } from './analysis-rate-limit.js';

/** The analysis's own budget, inside the client's step time-out (135 s); the search's and the scrape's are the companies module's. */
export const stepBudgetMs = { ...companyBudgetMs, analysis: 130_000 } as const;

/** The analysis's errors, in the reader's language (the errors catalogue). */
export const assessmentErrors = {
  badCoordinates: msg('error.assessment.badCoordinates'),
  analysisLimit: (max: number, retryAfterS: number) => msg('error.assessment.analysisLimit', { max, wait: waitMessage(retryAfterS) }),
  analysisInvalid: msg('error.assessment.analysisInvalid'),
  analysisUnavailable: msg('error.assessment.analysisUnavailable'),
  /** assessmentMessages (the web app's words), as messages. */
  rateLimited: msg('error.assessment.rateLimited'),
  analysisTimeout: msg('error.assessment.analysisTimeout'),
};

/** The company as analysed: the registered office's fields, the assessed site's coordinates and precision. */
function atSite(company: CompanyData, site: ReportSite): CompanyData {
  return { ...company, latitude: site.latitude, longitude: site.longitude, geocode_precision: site.precision };
}

/** The site with the company data's site type, when the company data has one. */
function withSiteType(site: ReportSite, company: CompanyData): ReportSite {
  const typed = company as CompanyData & { site_type?: unknown; site_type_assumed?: unknown };
  return {
    ...site,
    ...(typeof typed.site_type === 'string' ? { site_type: typed.site_type } : {}),
    ...(typeof typed.site_type_assumed === 'boolean' ? { site_type_assumed: typed.site_type_assumed } : {}),
  };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * The company with the site type its report rates and stores: the chosen one, else its activity's
 * typical site, marked assumed. Decided once here so every analyst rates the same site.
 */
function withRatedSiteType(company: CompanyData, chosen: SiteType | undefined): CompanyData {
  const site = siteTypeFor({ ...company, site_type: chosen });
  return { ...company, site_type: site.type, site_type_assumed: site.assumed };
}

/** One site to assess on the server: a fiscal number, a country (name or ISO2) and optionally the site's own address. */
export interface SiteRequest {
  fiscalNumber: string;
  country: string;
  siteAddress?: string;
  /** The site as the user placed it (precision `user`): no geocoding then. */
  point?: { latitude: number; longitude: number };
  /** The caller's own reference of the site (a portfolio row's), shown on the report. */
  reference?: string;
  /** What the site is; absent: the activity's typical site, assumed. */
  siteType?: SiteType;
}

export type SiteCheck = { ok: true; vat: string; countryName: string; countryIso2: string } | { ok: false; problem: string; code?: VatProblemCode };

export interface SiteAssessment {
  reportId: string;
  report: ReportResponse;
  /** True when the report was already stored under the request key (nothing was spent). */
  replayed: boolean;
}

export interface AssessmentLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface AssessmentServiceDeps {
  db: Db;
  config: Pick<Config, 'analysisRateLimitPerHour' | 'version'>;
  /** The companies module: the company from its sources, placed. */
  companies: Companies;
  /** The reports module: where the report is stored and read back. */
  reports: Reports;
  /** The screening module: the company against the sanctions lists, stored with its report. */
  screening: Screening;
  maps: MapRenderer;
  analyst: Analyst;
  limiter: RollingHourLimiter;
  /** Billing's public surface: the credit check and the spend inside the report's transaction. */
  credits: Credits;
  log: AssessmentLog;
  now?: () => Date;
}

/** The map (call 12), the analysis (call 13) and whole assessments on the server; each stored report spends one credit. */
export class AssessmentService {
  private readonly now: () => Date;

  constructor(private readonly deps: AssessmentServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  // --- call 12 -----------------------------------------------------------------------------

  /** The map, its legend and credits in `locale` (English by default). */
  async renderMap(latitude: number, longitude: number, locale?: Locale, countryIso2?: string): Promise<Buffer> {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 85 || Math.abs(longitude) > 180) {
      throw badRequest(assessmentErrors.badCoordinates, 'invalid_coordinates');
    }
    return this.deps.maps.render({ latitude, longitude, countryIso2, ...(locale && { locale }) });
  }

  /** The map picture's frame for that point, when the renderer knows it. */
  mapFrame(latitude: number, longitude: number): MapFrame | null {
    return this.deps.maps.frame?.({ latitude, longitude }) ?? null;
  }

  // --- call 13 -----------------------------------------------------------------------------

  /**
   * The analysis, in this order after auth: rolling-hour limit (429) → credit check (403)
   * → the image (`loadImage`, read only now) → the company (cache or query) → the analyst →
   * one transaction that stores the report and spends the credit. A failure before the
   * transaction commits spends nothing.
   */
  async analyse(
    userId: string,
    query: AnalysisQuery,
    loadImage: () => Promise<AnalysisImage>,
  ): Promise<RiskAssessmentResultData & { screening: ReportScreening; locale: Locale }> {
    const country = countryByName(query.location) ?? countryByIso2(query.location);
    if (!country) throw badRequest(companyErrors.unsupportedCountry(query.location), 'unsupported_country');
    const national = this.deps.companies.checkVat(query.company, country);

    const max = this.deps.config.analysisRateLimitPerHour;
    const decision = await this.deps.limiter.take(userId);
    if (!decision.allowed) {
      throw tooManyRequests(assessmentErrors.analysisLimit(max, decision.retryAfterS), decision.retryAfterS, {
        user_message: assessmentErrors.rateLimited,
      });
    }
    await this.assertCredits(userId);
    const image = await loadImage();

    const deadline = AbortSignal.timeout(stepBudgetMs.analysis);
    const registered = await this.deps.companies.companyForAnalysis(country, national, query, deadline);
    const site = await this.siteOfAnalysis(country, registered, query, deadline);
    const company = withRatedSiteType(atSite(registered, site), query.site_type);
    // The language asked for (the screen's), else the account's; read before the analysis: a
    // database failure here is a 503, not a failed analysis.
    const locale = query.lang ?? (await this.deps.reports.readerLocale(userId));
    let answer;
    try {
      answer = await this.deps.analyst.analyse({ company, image, locale }, deadline);
    } catch (err) {
      throw this.analysisError(err, deadline);
    }

    const { result, screening } = await this.storeReport(userId, company, answer, { site });
    this.deps.log.info({ reportId: result.id, analyst: this.deps.analyst.name, overallScore: result.overallScore, screening: screening.status }, 'risk assessment stored');
    // Written in the reader's language, as reopening the report would be.
    const localised = localiseResult(result as RiskAssessmentResult, locale).result as RiskAssessmentResultData;
    return { ...withScreeningTakeaway(localised, screening, translator('pdf', locale)), screening, locale };
  }

  /**
   * The site call 13 assesses: the user's pin (precision `user`), else the site address placed
   * by the geocoders, else the registered office as the company was placed.
   */
  private async siteOfAnalysis(country: EuCountry, company: CompanyData, query: AnalysisQuery, signal: AbortSignal): Promise<ReportSite> {
    const address = query.site_address?.trim() || company.address;
    if (query.placed_by === 'user' && query.latitude !== undefined && query.longitude !== undefined) {
      return { address, latitude: query.latitude, longitude: query.longitude, precision: 'user' };
    }
    if (query.site_address?.trim()) {
      const placed = await this.deps.companies.placeSite(country, query.site_address, signal);
      return { address: placed.address, latitude: placed.latitude, longitude: placed.longitude, precision: placed.precision };
    }
    return { address, latitude: company.latitude, longitude: company.longitude, precision: company.geocode_precision };
  }

  /**
   * Scores the analyst's answer and stores the report with one credit spent, in one transaction:
   * a failure spends nothing. Under `requestKey` (unique per user) a second store of the same
   * request fails on the index instead of spending twice.
   */
  private async storeReport(
    userId: string,
    company: CompanyData,
    answer: AnalystAnswer,
    opts: { site: ReportSite; requestKey?: string },
  ): Promise<{ result: RiskAssessmentResultData; screening: ReportScreening }> {
    const { site, requestKey } = opts;
    const screened = await this.screen(company);
    const id = randomUUID();
    const createdAt = this.now();
    const result = {
      ...buildRiskResult({
        id,
        createdAt: createdAt.toISOString(),
        location: answer.location,
        industry: answer.industry,
        keyTakeaways: answer.keyTakeaways,
        ...(answer.keyTakeawayMessages ? { keyTakeawayMessages: answer.keyTakeawayMessages } : {}),
        ...(answer.dataSources ? { dataSources: answer.dataSources } : {}),
      }),
      // Which engine and data made it, so a filed report can be traced.
      ...reportVersions(this.deps.config.version),
    };
    if (company.site_type) Object.assign(result, { site_type: company.site_type, site_type_assumed: company.site_type_assumed ?? false });
    try {
      await this.deps.db.transaction(async (tx) => {
        await this.deps.reports.insertInTransaction(tx, {
          id,
          userId,
          companyName: company.name,
          fiscalNumber: company.fiscal_number,
          country: company.country,
          company,
          result,
          sample: company.sample,
          createdAt,
          site: withSiteType(site, company),
          ...(requestKey ? { requestKey } : {}),
        });
        await this.deps.screening.saveInTransaction(tx, { reportId: id, userId, company, screening: screened });
        await this.deps.credits.spendInTransaction(tx, userId, id, createdAt);
      });
    } catch (err) {
      // A credit spent by a parallel request between the check and the transaction: same answer as the check.
      if (err instanceof AppError && err.status === 402) throw new AppError(403, err.code, err.text ?? err.message);
      throw err;
    }
    return { result, screening: await this.deps.screening.presentNew(userId, company, screened) };
  }

  /** The company against the sanctions lists; a screening that fails leaves the report "not screened", never fails it. */
  private async screen(company: CompanyData): Promise<StoredScreening> {
    try {
      return await this.deps.screening.screenCompany(company);
    } catch (err) {
      this.deps.log.error({ err: err instanceof Error ? err.message : String(err) }, 'sanctions screening failed; the report says it was not screened');
      return { status: 'not_screened', screened_at: this.now().toISOString(), lists: [], hits: [] };
    }
  }

  // --- server-side runs (portfolios, the public API) -------------------------------------------

  /** The country and checked VAT number of a site, or what is wrong with it in words; no I/O. */
  checkSite(req: SiteRequest): SiteCheck {
    const country = countryByName(req.country.trim()) ?? countryByIso2(req.country.trim().toUpperCase());
    if (!req.country.trim()) return { ok: false, problem: 'The country is missing.' };
    if (!country) return { ok: false, problem: englishText(companyErrors.unsupportedCountry(req.country.trim())) };
    if (!req.fiscalNumber.trim()) return { ok: false, problem: 'The fiscal number is missing.' };
    const vat = vatCheck(req.fiscalNumber, country, vatExample(country));
    if (!vat.ok) return { ok: false, problem: vat.message, code: vat.code };
    return { ok: true, vat: fullVatNumber(vat.national, country), countryName: country.name, countryIso2: country.iso2 };
  }

  /**
   * The whole assessment on the server: the sources find the company, it is placed (at the site
   * address only when one is given), analysed, and the report stored with one credit spent. The
   * same `requestKey` always gives the same report and spends once, also when two runs race. The
   * interactive hourly limit does not apply: callers pace these runs themselves.
   */
  async assessSite(userId: string, req: SiteRequest, opts: { requestKey: string; signal?: AbortSignal }): Promise<SiteAssessment> {
    const check = this.checkSite(req);
    if (!check.ok) throw badRequest(check.problem, check.code ?? 'invalid_site');
    const replay = await this.replay(userId, opts.requestKey);
    if (replay) return replay;
    await this.assertCredits(userId);

    const country = countryByIso2(check.countryIso2)!;
    const national = check.vat.slice(country.vatPrefix.length);
    const budget = AbortSignal.timeout(stepBudgetMs.scrape + stepBudgetMs.analysis);
    const deadline = opts.signal ? AbortSignal.any([opts.signal, budget]) : budget;
    const company = withRatedSiteType(await this.deps.companies.companyFor(country, national, {
      ...(req.siteAddress ? { siteAddress: req.siteAddress } : {}),
      ...(req.point ? { point: req.point } : {}),
      signal: deadline,
    }), req.siteType);
    const site: ReportSite = {
      address: req.siteAddress?.trim() || company.address,
      latitude: company.latitude,
      longitude: company.longitude,
      precision: company.geocode_precision,
      ...(req.reference?.trim() ? { reference: req.reference.trim() } : {}),
    };

    const image: AnalysisImage | undefined = this.deps.analyst.looksAtImage
      ? { mime: 'image/png', data: await this.deps.maps.render({ latitude: company.latitude, longitude: company.longitude, countryIso2: country.iso2 }) }
      : undefined;
    // Read before the analysis: a database failure here is a 503, not a failed analysis.
    const locale = await this.deps.reports.readerLocale(userId);
    let answer: AnalystAnswer;
    try {
      answer = await this.deps.analyst.analyse({ company, ...(image ? { image } : {}), locale }, deadline);
    } catch (err) {
      throw this.analysisError(err, deadline);
    }
    let result: RiskAssessmentResultData;
    let screening: ReportScreening;
    try {
      ({ result, screening } = await this.storeReport(userId, company, answer, { site, requestKey: opts.requestKey }));
    } catch (err) {
      const raced = isUniqueViolation(err) ? await this.replay(userId, opts.requestKey) : null;
      if (raced) return raced;
      throw err;
    }
    this.deps.log.info({ reportId: result.id, analyst: this.deps.analyst.name, overallScore: result.overallScore, screening: screening.status }, 'site assessment stored');
    // Answered in the reader's language, as reopening the report would be.
    const localised = localiseResult(result as RiskAssessmentResult, locale);
    return {
      reportId: result.id,
      report: {
        company_data: { ...company, activity: localiseActivity(company.activity, locale) },
        result: withScreeningTakeaway(localised.result as RiskAssessmentResultData, screening, translator('pdf', locale)),
        site: withSiteType(site, company),
        screening,
        locale,
        risk_names: localised.riskNames,
      },
      replayed: false,
    };
  }

  private async replay(userId: string, requestKey: string): Promise<SiteAssessment | null> {
    const id = await this.deps.reports.idByRequestKey(userId, requestKey);
    return id ? { reportId: id, report: await this.deps.reports.getReport(userId, id), replayed: true } : null;
  }

  /** 403 `{detail}` with the reason of validate-service-access when the user may not run an analysis. */
  private async assertCredits(userId: string): Promise<void> {
    const access = await this.deps.credits.canSpend(userId, this.now());
    if (!access.allowed) throw new AppError(403, 'access_denied', access.reason);
  }

  private analysisError(err: unknown, deadline: AbortSignal): AppError {
    if (err instanceof AnalystError) {
      switch (err.failure) {
        case 'rate_limited':
          return tooManyRequests(assessmentErrors.rateLimited, err.retryAfterS ?? 60, { user_message: assessmentErrors.rateLimited });
        case 'timeout':
          return new AppError(408, 'analysis_timeout', assessmentErrors.analysisTimeout);
        case 'invalid_answer':
          this.deps.log.warn({ err: err.message }, 'analysis answer refused');
          return new AppError(502, 'analysis_invalid', assessmentErrors.analysisInvalid);
        case 'unavailable':
          return new AppError(502, 'analysis_unavailable', assessmentErrors.analysisUnavailable);
      }
    }
    if (deadline.aborted) return new AppError(408, 'analysis_timeout', assessmentErrors.analysisTimeout);
    this.deps.log.error({ err: err instanceof Error ? err.message : String(err) }, 'analysis failed');
    return new AppError(502, 'analysis_failed', assessmentErrors.analysisInvalid);
  }
}
