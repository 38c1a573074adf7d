import { randomUUID } from 'node:crypto';
import { companyDataSchema, type CompanyData } from '../../../shared/contracts/assessment.js';
import {
  assessmentMessages,
  type AnalysisQuery,
  type CompanySearchResponse,
  type ReportResponse,
  type ReportsListResponse,
  type SampleCompanyDto,
} from '../../../shared/contracts/assessment-api.js';
import { countryByIso2, countryByName, fullVatNumber, type EuCountry } from '../../../shared/countries.js';
import { buildRiskResult, type RiskAssessmentResultData } from '../../../shared/scoring.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, notFound, tooManyRequests, unavailable } from '../../lib/errors.js';
import { LinkVerificationError, type SignedLinks } from '../../lib/signed-links.js';
import { describeWait } from '../../lib/rate-limiter.js';
import { activityFromSource, resolveActivity } from '../../engine/index.js';
import { AnalystError, type AnalysisImage, type Analyst, type AnalystAnswer } from '../../providers/analyst/analyst.js';
import { findSampleCompany, listSampleCompanies } from '../../providers/companies/sample-directory.js';
import {
  CompanySourceUnavailableError,
  type CompanyRecord,
  type CompanySource,
  type CompanySourceName,
} from '../../providers/companies/types.js';
import type { DeadlineGeocoder } from '../../providers/geocoder/factory.js';
import type { MapRenderer } from '../../providers/maps/map-renderer.js';
import type { Credits } from '../billing/index.js';
import type { RollingHourLimiter } from './analysis-rate-limit.js';
import * as repo from './assessment.repo.js';
import type { Assessments } from './index.js';
import {
  checkedNationalNumber,
  displayVat,
  geocoderLabel,
  isComplete,
  isFresh,
  mergeCompany,
  oneLine,
  readCache,
  SAMPLE_DIRECTORY_LABEL,
  type CompanyCache,
} from './company-data.js';
import { foldWords as fold } from '../../lib/fold-words.js';

/** Each step's own budget, inside the client's step time-out (search 15 s, scrape 90 s, analysis 135 s). */
export const stepBudgetMs = { search: 14_000, scrape: 85_000, analysis: 130_000 } as const;

export const assessmentErrors = {
  searchFormat: 'Search as {fiscalNumber}-{country}, e.g. 501964843-Portugal',
  unsupportedCountry: (name: string) => `Unsupported country '${name}': Corisk covers the 27 EU member states.`,
  invalidVat: (country: EuCountry, example: string | undefined) =>
    `Invalid VAT number for ${country.name}: expected ${country.vatFormat}${example ? ` (e.g. ${example})` : ''}`,
  companyNotFound: (vat: string, country: EuCountry) => `No company with VAT number ${displayVat(vat)} was found in ${country.name}.`,
  registryUnavailable: (country: EuCountry) =>
    `The VAT registry of ${country.name} is unavailable right now. Please try again in a few minutes.`,
  linkRefused: 'Unknown company link: only the links of the company search are accepted.',
  linkExpired: 'This company link has expired. Search for the company again.',
  linksDiffer: 'The links name different companies. Send the links of one company search.',
  sourceNotConfigured: (source: string) => `The company source '${source}' is not available. Search for the company again.`,
  geocoderUnavailable: 'The company could not be placed on the map right now. Please try again in a few minutes.',
  badCoordinates: 'Invalid coordinates: latitude must be within ±85° and longitude within ±180°.',
  analysisLimit: (max: number, retryAfterS: number) =>
    `You have reached the limit of ${max} ${max === 1 ? 'analysis' : 'analyses'} per hour. Please try again in ${describeWait(retryAfterS)}.`,
  analysisInvalid: 'The AI analysis returned an invalid answer. No credit was used - please try again.',
  analysisUnavailable: 'The AI analysis service is unavailable right now. No credit was used - please try again in a few minutes.',
  reportNotFound: 'Report not found',
};

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** One site to assess on the server: a fiscal number, a country (name or ISO2) and optionally the site's own address. */
export interface SiteRequest {
  fiscalNumber: string;
  country: string;
  siteAddress?: string;
}

export type SiteCheck = { ok: true; vat: string; countryName: string; countryIso2: string } | { ok: false; problem: string };

export interface SiteAssessment {
  reportId: string;
  report: ReportResponse;
  /** True when the report was already stored under the request key (nothing was spent). */
  replayed: boolean;
}

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AssessmentLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface AssessmentServiceDeps {
  db: Db;
  config: Pick<Config, 'companySources' | 'analysisRateLimitPerHour'>;
  sources: readonly CompanySource[];
  geocoder: DeadlineGeocoder;
  maps: MapRenderer;
  analyst: Analyst;
  links: SignedLinks;
  limiter: RollingHourLimiter;
  /** Billing's public surface: the credit check and the spend inside the report's transaction. */
  credits: Credits;
  log: AssessmentLog;
  now?: () => Date;
}

interface SourceOutcome {
  source: CompanySource;
  record: CompanyRecord | null;
  fetched: boolean;
  unavailable?: CompanySourceUnavailableError;
}

/** A VAT example for error messages: the sample company of that country ('PT 500697256'). */
function vatExample(country: EuCountry): string | undefined {
  const sample = listSampleCompanies().find((s) => s.iso2 === country.iso2);
  return sample ? displayVat(sample.vatNumber) : undefined;
}

/** The assessment calls (search, scrape, map, analysis) and the reports: find the company, place it, map it, score it. */
export class AssessmentService implements Assessments {
  private readonly now: () => Date;

  constructor(private readonly deps: AssessmentServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  // --- call 10 -----------------------------------------------------------------------------

  /** The country and checked national number of '{fiscalNumber}-{country}' (split at the last hyphen). */
  parseSearch(raw: string): { country: EuCountry; national: string } {
    const at = raw.lastIndexOf('-');
    if (at < 0) throw badRequest(assessmentErrors.searchFormat, 'invalid_search');
    const countryName = raw.slice(at + 1).trim();
    const country = countryByName(countryName);
    if (!country) throw badRequest(assessmentErrors.unsupportedCountry(countryName), 'unsupported_country');
    return { country, national: this.checkVat(raw.slice(0, at), country) };
  }

  private checkVat(raw: string, country: EuCountry): string {
    const national = checkedNationalNumber(raw, country);
    if (!national) throw badRequest(assessmentErrors.invalidVat(country, vatExample(country)), 'invalid_vat_number');
    return national;
  }

  async searchCompany(userId: string, raw: string): Promise<CompanySearchResponse> {
    const { country, national } = this.parseSearch(raw);
    const vat = fullVatNumber(national, country);
    const deadline = AbortSignal.timeout(stepBudgetMs.search);
    const cache = await this.loadCache(country, vat);
    const outcomes = await this.askSources(this.deps.sources, country, national, cache, deadline);
    const found = outcomes.filter((o) => o.record);
    if (found.length === 0) this.throwNothingFound(outcomes, vat, country);
    await this.saveRecords(country, vat, cache, outcomes);
    return { links: found.map((o) => this.deps.links.issue(userId, o.source.name, vat)) };
  }

  private async loadCache(country: EuCountry, vat: string): Promise<CompanyCache> {
    const row = await repo.findCompany(this.deps.db, country.iso2, vat);
    return readCache(row?.data);
  }

  /**
   * Asks the sources: first the local ones and those with a fresh cached record (instant); then,
   * unless those records are already complete (isComplete), the network sources at once. A
   * source that cannot answer is logged and counted as unavailable.
   */
  private async askSources(
    sources: readonly CompanySource[],
    country: EuCountry,
    national: string,
    cache: CompanyCache,
    signal: AbortSignal,
  ): Promise<SourceOutcome[]> {
    const now = this.now();
    const ask = async (source: CompanySource): Promise<SourceOutcome> => {
      const cached = cache.records[source.name];
      if (cached && isFresh(cached.fetchedAt, now)) return { source, record: cached.record, fetched: false };
      try {
        return { source, record: await source.find({ country, nationalNumber: national }, signal), fetched: true };
      } catch (err) {
        if (!(err instanceof CompanySourceUnavailableError)) throw err;
        this.deps.log.warn({ source: source.name, country: country.iso2, reason: err.reason }, 'company source unavailable');
        return { source, record: null, fetched: true, unavailable: err };
      }
    };
    const instant = (s: CompanySource) => s.local || isFresh(cache.records[s.name]?.fetchedAt, now);
    const first = await Promise.all(sources.filter(instant).map(ask));
    const known = first.flatMap((o) => (o.record ? [o.record] : []));
    const rest = isComplete(known) ? [] : await Promise.all(sources.filter((s) => !instant(s)).map(ask));
    const outcomes = [...first, ...rest];
    // Back in COMPANY_SOURCES order (the order of the links and of the merge).
    return sources.flatMap((s) => outcomes.filter((o) => o.source === s));
  }

  private throwNothingFound(outcomes: readonly SourceOutcome[], vat: string, country: EuCountry): never {
    if (outcomes.some((o) => o.unavailable)) throw unavailable(assessmentErrors.registryUnavailable(country), 'registry_unavailable');
    throw notFound(assessmentErrors.companyNotFound(vat, country), 'company_not_found');
  }

  private async saveRecords(country: EuCountry, vat: string, cache: CompanyCache, outcomes: readonly SourceOutcome[]): Promise<void> {
    const fresh = outcomes.filter((o) => o.fetched && o.record);
    if (fresh.length === 0) return;
    const at = this.now();
    const records = { ...cache.records };
    for (const o of fresh) records[o.source.name] = { record: o.record!, fetchedAt: at.toISOString() };
    await repo.saveCompany(this.deps.db, country.iso2, vat, { ...cache, records }, at);
  }

  // --- call 11 -----------------------------------------------------------------------------

  async scrapeCompany(userId: string, links: readonly string[]): Promise<CompanyData> {
    const verified = links.map((link) => {
      try {
        return this.deps.links.verify(userId, link);
      } catch (err) {
        if (err instanceof LinkVerificationError) {
          throw badRequest(err.problem === 'expired' ? assessmentErrors.linkExpired : assessmentErrors.linkRefused, 'invalid_link');
        }
        throw err;
      }
    });
    const vat = verified[0]!.vatNumber;
    if (verified.some((v) => v.vatNumber !== vat)) throw badRequest(assessmentErrors.linksDiffer, 'invalid_link');
    const country = countryByIso2(vat.slice(0, 2));
    if (!country) throw badRequest(assessmentErrors.linkRefused, 'invalid_link');
    const national = vat.slice(country.vatPrefix.length);
    const wanted = new Set(verified.map((v) => v.source));
    const sources = this.deps.sources.filter((s) => wanted.has(s.name));
    for (const name of wanted) {
      if (!sources.some((s) => s.name === name)) throw badRequest(assessmentErrors.sourceNotConfigured(name), 'invalid_link');
    }
    return this.buildCompany(country, national, sources, AbortSignal.timeout(stepBudgetMs.scrape));
  }

  /**
   * The company from these sources, placed on the map: the cached build when it is fresh and came
   * from the same sources, otherwise asked again (cache first), merged, geocoded and cached.
   */
  private async buildCompany(country: EuCountry, national: string, sources: readonly CompanySource[], deadline: AbortSignal): Promise<CompanyData> {
    const vat = fullVatNumber(national, country);
    const sourceNames = sources.map((s) => s.name);
    const cache = await this.loadCache(country, vat);
    const built = cache.company;
    if (built && isFresh(built.builtAt, this.now()) && built.sources.join() === sourceNames.join()) return built.data;

    const outcomes = await this.askSources(sources, country, national, cache, deadline);
    const records = outcomes.flatMap((o) => (o.record ? [o.record] : []));
    if (records.length === 0) this.throwNothingFound(outcomes, vat, country);

    const place = await this.deps.geocoder.geocode(
      {
        country: country.iso2,
        address: records.find((r) => r.address.trim())?.address ?? '',
        postalCode: records.find((r) => r.postalCode)?.postalCode,
        city: records.find((r) => r.city)?.city,
      },
      deadline,
    );
    if (!place) throw unavailable(assessmentErrors.geocoderUnavailable, 'geocoder_unavailable');
    const company = mergeCompany(country, national, records, place);

    const at = this.now();
    const next: CompanyCache = { ...cache, records: { ...cache.records }, company: { data: company, sources: sourceNames, builtAt: at.toISOString() } };
    for (const o of outcomes) if (o.fetched && o.record) next.records[o.source.name] = { record: o.record, fetchedAt: at.toISOString() };
    await repo.saveCompany(this.deps.db, country.iso2, vat, next, at);
    return company;
  }

  // --- call 12 -----------------------------------------------------------------------------

  async renderMap(latitude: number, longitude: number, countryIso2?: string): Promise<Buffer> {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 85 || Math.abs(longitude) > 180) {
      throw badRequest(assessmentErrors.badCoordinates, 'invalid_coordinates');
    }
    return this.deps.maps.render({ latitude, longitude, countryIso2 });
  }

  // --- call 13 -----------------------------------------------------------------------------

  /**
   * The analysis, in this order after auth: rolling-hour limit (429) → credit check (403)
   * → the image (`loadImage`, read only now) → the company (cache or query) → the analyst →
   * one transaction that stores the report and spends the credit. A failure before the
   * transaction commits spends nothing.
   */
  async analyse(userId: string, query: AnalysisQuery, loadImage: () => Promise<AnalysisImage>): Promise<RiskAssessmentResultData> {
    const country = countryByName(query.location) ?? countryByIso2(query.location);
    if (!country) throw badRequest(assessmentErrors.unsupportedCountry(query.location), 'unsupported_country');
    const national = this.checkVat(query.company, country);

    const max = this.deps.config.analysisRateLimitPerHour;
    const decision = await this.deps.limiter.take(userId);
    if (!decision.allowed) {
      throw tooManyRequests(assessmentErrors.analysisLimit(max, decision.retryAfterS), decision.retryAfterS, {
        user_message: assessmentMessages.rateLimited,
      });
    }
    await this.assertCredits(userId);
    const image = await loadImage();

    const deadline = AbortSignal.timeout(stepBudgetMs.analysis);
    const company = await this.companyForAnalysis(country, national, query, deadline);
    let answer;
    try {
      answer = await this.deps.analyst.analyse({ company, image }, deadline);
    } catch (err) {
      throw this.analysisError(err, deadline);
    }

    const result = await this.storeReport(userId, company, answer);
    this.deps.log.info({ reportId: result.id, analyst: this.deps.analyst.name, overallScore: result.overallScore }, 'risk assessment stored');
    return result;
  }

  /**
   * Scores the analyst's answer and stores the report with one credit spent, in one transaction:
   * a failure spends nothing. Under `requestKey` (unique per user) a second store of the same
   * request fails on the index instead of spending twice.
   */
  private async storeReport(userId: string, company: CompanyData, answer: AnalystAnswer, requestKey?: string): Promise<RiskAssessmentResultData> {
    const id = randomUUID();
    const createdAt = this.now();
    const result = buildRiskResult({
      id,
      createdAt: createdAt.toISOString(),
      location: answer.location,
      industry: answer.industry,
      keyTakeaways: answer.keyTakeaways,
      ...(answer.dataSources ? { dataSources: answer.dataSources } : {}),
    });
    try {
      await this.deps.db.transaction(async (tx) => {
        await repo.insertReport(tx, {
          id,
          userId,
          companyName: company.name,
          fiscalNumber: company.fiscal_number,
          country: company.country,
          company,
          result,
          sample: company.sample,
          createdAt,
          ...(requestKey ? { requestKey } : {}),
        });
        await this.deps.credits.spendInTransaction(tx, userId, id, createdAt);
      });
    } catch (err) {
      // A credit spent by a parallel request between the check and the transaction: same answer as the check.
      if (err instanceof AppError && err.status === 402) throw new AppError(403, err.code, err.message);
      throw err;
    }
    return result;
  }

  // --- server-side runs (portfolios, the public API) -------------------------------------------

  /** The country and checked VAT number of a site, or what is wrong with it in words; no I/O. */
  checkSite(req: SiteRequest): SiteCheck {
    const country = countryByName(req.country.trim()) ?? countryByIso2(req.country.trim().toUpperCase());
    if (!req.country.trim()) return { ok: false, problem: 'The country is missing.' };
    if (!country) return { ok: false, problem: assessmentErrors.unsupportedCountry(req.country.trim()) };
    if (!req.fiscalNumber.trim()) return { ok: false, problem: 'The fiscal number is missing.' };
    const national = checkedNationalNumber(req.fiscalNumber, country);
    if (!national) return { ok: false, problem: assessmentErrors.invalidVat(country, vatExample(country)) };
    return { ok: true, vat: fullVatNumber(national, country), countryName: country.name, countryIso2: country.iso2 };
  }

  /**
   * The whole assessment on the server: the sources find the company, it is placed (at the site
   * address when one is given), analysed, and the report stored with one credit spent. The same
   * `requestKey` always gives the same report and spends once, also when two runs race. The
   * interactive hourly limit does not apply: callers pace these runs themselves.
   */
  async assessSite(userId: string, req: SiteRequest, opts: { requestKey: string; signal?: AbortSignal }): Promise<SiteAssessment> {
    const check = this.checkSite(req);
    if (!check.ok) throw badRequest(check.problem, 'invalid_site');
    const replay = await this.replay(userId, opts.requestKey);
    if (replay) return replay;
    await this.assertCredits(userId);

    const country = countryByIso2(check.countryIso2)!;
    const national = check.vat.slice(country.vatPrefix.length);
    const budget = AbortSignal.timeout(stepBudgetMs.scrape + stepBudgetMs.analysis);
    const deadline = opts.signal ? AbortSignal.any([opts.signal, budget]) : budget;
    let company = await this.buildCompany(country, national, this.deps.sources, deadline);
    const siteAddress = oneLine(req.siteAddress ?? '');
    if (siteAddress) company = await this.placeAtSite(company, country, siteAddress, deadline);

    const image: AnalysisImage | undefined = this.deps.analyst.looksAtImage
      ? { mime: 'image/png', data: await this.deps.maps.render({ latitude: company.latitude, longitude: company.longitude, countryIso2: country.iso2 }) }
      : undefined;
    let answer: AnalystAnswer;
    try {
      answer = await this.deps.analyst.analyse({ company, ...(image ? { image } : {}) }, deadline);
    } catch (err) {
      throw this.analysisError(err, deadline);
    }
    let result: RiskAssessmentResultData;
    try {
      result = await this.storeReport(userId, company, answer, opts.requestKey);
    } catch (err) {
      const raced = isUniqueViolation(err) ? await this.replay(userId, opts.requestKey) : null;
      if (raced) return raced;
      throw err;
    }
    this.deps.log.info({ reportId: result.id, analyst: this.deps.analyst.name, overallScore: result.overallScore }, 'site assessment stored');
    return { reportId: result.id, report: { company_data: company, result }, replayed: false };
  }

  private async replay(userId: string, requestKey: string): Promise<SiteAssessment | null> {
    const id = await repo.findReportIdByRequestKey(this.deps.db, userId, requestKey);
    return id ? { reportId: id, report: await this.getReport(userId, id), replayed: true } : null;
  }

  /** The company as found, moved to one of its sites: the site's address and place replace the registered ones. */
  private async placeAtSite(company: CompanyData, country: EuCountry, siteAddress: string, signal: AbortSignal): Promise<CompanyData> {
    const place = await this.deps.geocoder.geocode({ country: country.iso2, address: siteAddress }, signal);
    if (!place) throw unavailable(assessmentErrors.geocoderUnavailable, 'geocoder_unavailable');
    return {
      ...company,
      address: siteAddress,
      postal_code: place.postalCode ?? '',
      city: place.city ?? '',
      latitude: place.latitude,
      longitude: place.longitude,
      geocode_precision: place.precision,
      sources: [...company.sources.filter((s) => s !== 'site address'), 'site address', geocoderLabel(place.source)],
    };
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
          return tooManyRequests(assessmentMessages.rateLimited, err.retryAfterS ?? 60, { user_message: assessmentMessages.rateLimited });
        case 'timeout':
          return new AppError(408, 'analysis_timeout', assessmentMessages.analysisTimeout);
        case 'invalid_answer':
          this.deps.log.warn({ err: err.message }, 'analysis answer refused');
          return new AppError(502, 'analysis_invalid', assessmentErrors.analysisInvalid);
        case 'unavailable':
          return new AppError(502, 'analysis_unavailable', assessmentErrors.analysisUnavailable);
      }
    }
    if (deadline.aborted) return new AppError(408, 'analysis_timeout', assessmentMessages.analysisTimeout);
    this.deps.log.error({ err: err instanceof Error ? err.message : String(err) }, 'analysis failed');
    return new AppError(502, 'analysis_failed', assessmentErrors.analysisInvalid);
  }

  /**
   * The company for call 13: the data the scrape call cached for this VAT number when the name
   * matches (the activity, postal code and placement the sources gave), otherwise rebuilt from
   * the query alone — placed from the query's coordinates or by geocoding its address.
   */
  private async companyForAnalysis(country: EuCountry, national: string, query: AnalysisQuery, signal: AbortSignal): Promise<CompanyData> {
    const vat = fullVatNumber(national, country);
    const cached = (await this.loadCache(country, vat)).company?.data;
    const hasPoint = query.latitude !== undefined && query.longitude !== undefined;
    if (cached && fold(cached.name) === fold(query.company_name)) {
      return hasPoint ? { ...cached, latitude: query.latitude!, longitude: query.longitude! } : cached;
    }

    const sample = findSampleCompany(country, national);
    const isSample = Boolean(sample && fold(sample.name) === fold(query.company_name));
    const address = query.address;
    // The configured geocoders place the address (and give its postal code and city even when
    // the query brings its own coordinates).
    const place = await this.deps.geocoder.geocode({ country: country.iso2, address }, signal);
    if (!place && !hasPoint) throw unavailable(assessmentErrors.geocoderUnavailable, 'geocoder_unavailable');
    const stated = isSample && sample ? activityFromSource(sample.nace.code, sample.nace.label, SAMPLE_DIRECTORY_LABEL) : null;
    return {
      name: query.company_name,
      address: oneLine(address),
      fiscal_number: vat,
      postal_code: place?.postalCode ?? '',
      city: place?.city ?? '',
      country: country.name,
      latitude: hasPoint ? query.latitude! : place!.latitude,
      longitude: hasPoint ? query.longitude! : place!.longitude,
      geocode_precision: place?.precision ?? 'country',
      activity: resolveActivity(query.company_name, stated),
      legal_form: null,
      status: 'unknown',
      incorporated_on: null,
      employees: null,
      sources: ['analysis request', ...(isSample ? (['sample'] as CompanySourceName[]) : []), ...(place && !hasPoint ? [geocoderLabel(place.source)] : [])],
      sample: isSample,
    };
  }

  // --- reports and samples -------------------------------------------------------------------

  async listReports(userId: string, page: number, pageSize: number): Promise<ReportsListResponse> {
    const { rows, total } = await repo.listReports(this.deps.db, userId, pageSize, (page - 1) * pageSize);
    return {
      items: rows.map((r) => ({
        id: r.id,
        created_at: r.createdAt.toISOString(),
        company_name: r.companyName,
        country: r.country,
        overallScore: r.overallScore ?? 0,
        overallScoreGrade: (r.overallScoreGrade ?? 'F') as ReportsListResponse['items'][number]['overallScoreGrade'],
        sample: r.sample,
      })),
      page,
      page_size: pageSize,
      total,
    };
  }

  async getReport(userId: string, id: string): Promise<ReportResponse> {
    const row = uuidRe.test(id) ? await repo.findReport(this.deps.db, userId, id) : null;
    if (!row) throw notFound(assessmentErrors.reportNotFound, 'report_not_found');
    // Reports stored before the register fields existed read with their defaults.
    const company = companyDataSchema.safeParse(row.company);
    return { company_data: company.success ? company.data : (row.company as CompanyData), result: row.result as RiskAssessmentResultData };
  }

  async reportMap(userId: string, id: string): Promise<Buffer> {
    const { company_data: c } = await this.getReport(userId, id);
    return this.renderMap(c.latitude, c.longitude, countryByName(c.country)?.iso2);
  }

  samples(): SampleCompanyDto[] {
    return listSampleCompanies().map((s) => ({ name: s.name, fiscal_number: s.vatNumber, country: s.country }));
  }
}
