import type { CompanyData } from '../../../shared/contracts/assessment.js';
import type { AnalysisQuery, CompanySearchResponse, PlacedSite, SampleCompanyDto, ScrapeCompanyResponse } from '../../../shared/contracts/assessment-api.js';
import { countryByIso2, countryByName, fullVatNumber, type EuCountry } from '../../../shared/countries.js';
import { countryName } from '../../../shared/i18n/error-text.js';
import { msg } from '../../../shared/i18n/message.js';
import type { Db } from '../../db/client.js';
import { badRequest, notFound, unavailable } from '../../lib/errors.js';
import { foldWords as fold } from '../../lib/fold-words.js';
import { LinkVerificationError, type SignedLinks } from '../../lib/signed-links.js';
import { activityFromSource, localiseActivity, resolveActivity } from '../../engine/index.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import { findSampleCompany, listSampleCompanies } from '../../providers/companies/sample-directory.js';
import {
  CompanySourceUnavailableError,
  type CompanyRecord,
  type CompanySource,
  type CompanySourceName,
} from '../../providers/companies/types.js';
import type { DeadlineGeocoder } from '../../providers/geocoder/factory.js';
import type { GeocodeResult } from '../../providers/geocoder/geocoder.js';
import * as repo from './companies.repo.js';
import type { SourcePace } from './source-pacer.js';
import {
  displayVat,
  geocoderLabel,
  isComplete,
  isFresh,
  mergeCompany,
  oneLine,
  readCache,
  SAMPLE_DIRECTORY_LABEL,
  vatCheck,
  type CompanyCache,
} from './company-data.js';

/** The search's and the scrape's own budgets, inside the client's step time-outs (15 s, 90 s). */
export const companyBudgetMs = { search: 14_000, scrape: 85_000 } as const;

/** The search's errors, in the reader's language (the errors catalogue); a malformed search path stays English (developers). */
export const companyErrors = {
  searchFormat: 'Search as {fiscalNumber}-{country}, e.g. 501964843-Portugal',
  unsupportedCountry: (name: string) => msg('error.company.unsupportedCountry', { name }),
  companyNotFound: (vat: string, country: EuCountry) => msg('error.company.notFound', { vat: displayVat(vat), country: countryName(country.iso2) }),
  registryUnavailable: (country: EuCountry) => msg('error.company.registryUnavailable', { country: countryName(country.iso2) }),
  linkRefused: msg('error.company.linkRefused'),
  linkExpired: msg('error.company.linkExpired'),
  linksDiffer: msg('error.company.linksDiffer'),
  sourceNotConfigured: (source: string) => msg('error.company.sourceNotConfigured', { source }),
  geocoderUnavailable: msg('error.company.geocoderUnavailable'),
};

/** A VAT example for error messages: the sample company of that country ('PT 500697256'). */
export function vatExample(country: EuCountry): string | undefined {
  const sample = listSampleCompanies().find((s) => s.iso2 === country.iso2);
  return sample ? displayVat(sample.vatNumber) : undefined;
}

/** What the sources say of a company now (monitoring): the company, or null when none knows it. */
export interface CompanyRecheck {
  company: CompanyData | null;
  /** Whether VIES still knows the VAT number; null when VIES is not a configured source. */
  vat_valid: boolean | null;
}

export interface CompanyLog {
  warn(obj: object, msg: string): void;
}

export interface CompanyServiceDeps {
  db: Db;
  sources: readonly CompanySource[];
  geocoder: DeadlineGeocoder;
  links: SignedLinks;
  log: CompanyLog;
  /** Paces monitoring's calls (recheckCompany) to remote sources; interactive reads are never paced. */
  pace?: SourcePace;
  now?: () => Date;
}

interface SourceOutcome {
  source: CompanySource;
  record: CompanyRecord | null;
  fetched: boolean;
  unavailable?: CompanySourceUnavailableError;
}

/**
 * Companies: the search and the scrape (calls 10–11), the sources behind them with their 24 h
 * cache (companies table), the company data built from their records and placed on the map,
 * and the sample companies.
 */
export class CompanyService {
  private readonly now: () => Date;

  constructor(private readonly deps: CompanyServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The checked national number of a typed fiscal number; else 400 naming what is wrong, with its `vat_*` code. */
  checkVat(raw: string, country: EuCountry): string {
    const check = vatCheck(raw, country, vatExample(country));
    if (!check.ok) throw badRequest(check.text, check.code);
    return check.national;
  }

  // --- call 10 -----------------------------------------------------------------------------

  /** The country and checked national number of '{fiscalNumber}-{country}' (split at the last hyphen). */
  parseSearch(raw: string): { country: EuCountry; national: string } {
    const at = raw.lastIndexOf('-');
    if (at < 0) throw badRequest(companyErrors.searchFormat, 'invalid_search');
    const countryName = raw.slice(at + 1).trim();
    const country = countryByName(countryName);
    if (!country) throw badRequest(companyErrors.unsupportedCountry(countryName), 'unsupported_country');
    return { country, national: this.checkVat(raw.slice(0, at), country) };
  }

  async searchCompany(userId: string, raw: string): Promise<CompanySearchResponse> {
    const { country, national } = this.parseSearch(raw);
    const vat = fullVatNumber(national, country);
    const deadline = AbortSignal.timeout(companyBudgetMs.search);
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
    if (outcomes.some((o) => o.unavailable)) throw unavailable(companyErrors.registryUnavailable(country), 'registry_unavailable');
    throw notFound(companyErrors.companyNotFound(vat, country), 'company_not_found');
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

  /** Call 11's answer: the registered office and, given a site address, where that site lies. */
  /** Call 11: the company, its activity line in `locale` (the screen and its PDF show it), and the site placed. */
  async scrapeWithSite(userId: string, links: readonly string[], siteAddress: string | undefined, locale: Locale): Promise<ScrapeCompanyResponse> {
    const found = await this.scrapeCompany(userId, links);
    const company = { ...found, activity: localiseActivity(found.activity, locale) };
    const country = countryByName(company.country);
    if (!siteAddress?.trim() || !country) return { company_data: company };
    return { company_data: company, site: await this.placeSite(country, siteAddress, AbortSignal.timeout(companyBudgetMs.scrape)) };
  }

  async scrapeCompany(userId: string, links: readonly string[]): Promise<CompanyData> {
    const verified = links.map((link) => {
      try {
        return this.deps.links.verify(userId, link);
      } catch (err) {
        if (err instanceof LinkVerificationError) {
          throw badRequest(err.problem === 'expired' ? companyErrors.linkExpired : companyErrors.linkRefused, 'invalid_link');
        }
        throw err;
      }
    });
    const vat = verified[0]!.vatNumber;
    if (verified.some((v) => v.vatNumber !== vat)) throw badRequest(companyErrors.linksDiffer, 'invalid_link');
    const country = countryByIso2(vat.slice(0, 2));
    if (!country) throw badRequest(companyErrors.linkRefused, 'invalid_link');
    const national = vat.slice(country.vatPrefix.length);
    const wanted = new Set(verified.map((v) => v.source));
    const sources = this.deps.sources.filter((s) => wanted.has(s.name));
    for (const name of wanted) {
      if (!sources.some((s) => s.name === name)) throw badRequest(companyErrors.sourceNotConfigured(name), 'invalid_link');
    }
    return this.buildCompany(country, national, sources, AbortSignal.timeout(companyBudgetMs.scrape));
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

    const { outcomes, records } = await this.findRecords(country, national, sources, cache, deadline);
    const place = await this.deps.geocoder.geocode(
      {
        country: country.iso2,
        address: records.find((r) => r.address.trim())?.address ?? '',
        postalCode: records.find((r) => r.postalCode)?.postalCode,
        city: records.find((r) => r.city)?.city,
      },
      deadline,
    );
    if (!place) throw unavailable(companyErrors.geocoderUnavailable, 'geocoder_unavailable');
    const company = mergeCompany(country, national, records, place);

    const at = this.now();
    const next: CompanyCache = { ...cache, records: { ...cache.records }, company: { data: company, sources: sourceNames, builtAt: at.toISOString() } };
    for (const o of outcomes) if (o.fetched && o.record) next.records[o.source.name] = { record: o.record, fetchedAt: at.toISOString() };
    await repo.saveCompany(this.deps.db, country.iso2, vat, next, at);
    return company;
  }

  private async findRecords(country: EuCountry, national: string, sources: readonly CompanySource[], cache: CompanyCache, deadline: AbortSignal) {
    const outcomes = await this.askSources(sources, country, national, cache, deadline);
    const records = outcomes.flatMap((o) => (o.record ? [o.record] : []));
    if (records.length === 0) this.throwNothingFound(outcomes, vat(country, national), country);
    return { outcomes, records };
  }

  // --- server-side runs and the analysis ---------------------------------------------------------

  /**
   * The company as every configured source knows it, for a run on the server: placed at its
   * registered address, or, given `siteAddress` or a user's `point`, at that site only (the
   * registered address is then never geocoded, so a registered address the geocoders cannot
   * place fails nothing). The address fields stay the registered office's; the coordinates and
   * precision are the assessed site's (`user` for a point).
   */
  async companyFor(
    country: EuCountry,
    national: string,
    opts: { siteAddress?: string; point?: { latitude: number; longitude: number }; signal: AbortSignal },
  ): Promise<CompanyData> {
    const siteAddress = oneLine(opts.siteAddress ?? '');
    if (!siteAddress && !opts.point) return this.buildCompany(country, national, this.deps.sources, opts.signal);
    const cache = await this.loadCache(country, vat(country, national));
    const { outcomes, records } = await this.findRecords(country, national, this.deps.sources, cache, opts.signal);
    const place: GeocodeResult | null = opts.point
      ? { ...opts.point, precision: 'user', postalCode: null, city: null, matched: 'placed by the user', source: 'placed by the user' }
      : await this.deps.geocoder.geocode({ country: country.iso2, address: siteAddress }, opts.signal);
    if (!place) throw unavailable(companyErrors.geocoderUnavailable, 'geocoder_unavailable');
    await this.saveRecords(country, vat(country, national), cache, outcomes);
    const company = mergeCompany(country, national, records, place);
    // The registered office's postal code and city only: the site's are the report's site.
    return {
      ...company,
      postal_code: records.find((r) => r.postalCode)?.postalCode ?? '',
      city: records.find((r) => r.city)?.city ?? '',
      sources: [...new Set(records.map((r) => r.source)), ...(siteAddress ? ['site address'] : []), geocoderLabel(place.source)],
    };
  }

  /**
   * The company as every configured source states it now, asked afresh (a monitoring check looks
   * for changes, so no cached record answers), kept at `place` (never placed again). `company` is
   * null when no source knows it; `vat_valid` is VIES's word on the number (null without VIES).
   * Throws 503 `registry_unavailable` when any source cannot answer: half the sources would make
   * a company look changed when it is not.
   */
  async recheckCompany(
    country: EuCountry,
    national: string,
    opts: { place: Pick<CompanyData, 'latitude' | 'longitude' | 'geocode_precision'>; signal: AbortSignal },
  ): Promise<CompanyRecheck> {
    const query = { country, nationalNumber: national };
    const outcomes = await Promise.all(
      this.deps.sources.map(async (source): Promise<SourceOutcome> => {
        try {
          await this.paced(source, country, opts.signal);
          return { source, record: await source.find(query, opts.signal), fetched: true };
        } catch (err) {
          if (!(err instanceof CompanySourceUnavailableError)) throw err;
          this.deps.log.warn({ source: source.name, country: country.iso2, reason: err.reason }, 'company source unavailable');
          return { source, record: null, fetched: true, unavailable: err };
        }
      }),
    );
    if (outcomes.some((o) => o.unavailable)) throw unavailable(companyErrors.registryUnavailable(country), 'registry_unavailable');
    const vies = outcomes.find((o) => o.source.name === 'vies');
    const vatValid = vies ? vies.record !== null : null;
    const records = outcomes.flatMap((o) => (o.record ? [o.record] : []));
    if (records.length === 0) return { company: null, vat_valid: vatValid };
    // Bundled sources are read afresh every time: only the remote sources' answers are worth keeping.
    const remote = outcomes.filter((o) => !o.source.local && o.record);
    if (remote.length) await this.saveRecords(country, vat(country, national), await this.loadCache(country, vat(country, national)), remote);
    const { latitude, longitude, geocode_precision: precision } = opts.place;
    const company = mergeCompany(country, national, records, { latitude, longitude, precision, postalCode: null, city: null, matched: '', source: '' });
    return { company: { ...company, sources: [...new Set(records.map((r) => r.source))] }, vat_valid: vatValid };
  }

  /** Waits for a remote source's next slot (a register per state, VIES); bundled sources answer at once. */
  private async paced(source: CompanySource, country: EuCountry, signal: AbortSignal): Promise<void> {
    const pace = this.deps.pace;
    if (!pace || source.local || source.answersLocally?.(country.iso2)) return;
    const vies = source.name === 'vies';
    // A source's own published limit (GEMI: 8 a minute) holds when it is below the configured pace.
    const rate = Math.min(pace.registryPerSecond, source.maxPerSecond?.(country.iso2) ?? Infinity);
    await pace.pacer.take(vies ? 'vies' : `${source.name}:${country.iso2}`, vies ? pace.viesPerSecond : rate, signal);
  }

  /** Where a site address lies (the configured geocoders, Nominatim first when configured); 503 when none can place it. */
  async placeSite(country: EuCountry, address: string, signal: AbortSignal): Promise<PlacedSite> {
    const line = oneLine(address);
    const place = line ? await this.deps.geocoder.geocode({ country: country.iso2, address: line }, signal) : null;
    if (!place) throw unavailable(companyErrors.geocoderUnavailable, 'geocoder_unavailable');
    return { address: line, latitude: place.latitude, longitude: place.longitude, precision: place.precision };
  }

  /**
   * The company for call 13: the data the scrape call cached for this VAT number when the name
   * matches (the activity, postal code and placement the sources gave), otherwise rebuilt from
   * the query alone — placed from the query's coordinates or by geocoding its address.
   */
  async companyForAnalysis(country: EuCountry, national: string, query: AnalysisQuery, signal: AbortSignal): Promise<CompanyData> {
    const vatNumber = vat(country, national);
    const cached = (await this.loadCache(country, vatNumber)).company?.data;
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
    if (!place && !hasPoint) throw unavailable(companyErrors.geocoderUnavailable, 'geocoder_unavailable');
    const stated = isSample && sample ? activityFromSource(sample.nace.code, sample.nace.label, SAMPLE_DIRECTORY_LABEL) : null;
    return {
      name: query.company_name,
      address: oneLine(address),
      fiscal_number: vatNumber,
      postal_code: place?.postalCode ?? '',
      city: place?.city ?? '',
      country: country.name,
      officers: [],
      owners: [],
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

  // --- samples ---------------------------------------------------------------------------------

  samples(): SampleCompanyDto[] {
    return listSampleCompanies().map((s) => ({ name: s.name, fiscal_number: s.vatNumber, country: s.country }));
  }
}

const vat = (country: EuCountry, national: string) => fullVatNumber(national, country);
