import { translator } from '../../lib/messages.js';
import { companyDataSchema, reportSiteSchema, type CompanyData, type ReportSite, type RiskAssessmentResult } from '../../../shared/contracts/assessment.js';
import type { ReportResponse, ReportsListResponse, ReportSummary } from '../../../shared/contracts/assessment-api.js';
import type { ReportScreening } from '../../../shared/contracts/screening.js';
import { countryByName } from '../../../shared/countries.js';
import type { RiskAssessmentResultData } from '../../../shared/scoring.js';
import { BASE_LOCALE, type Locale } from '../../../shared/i18n/locales.js';
import { msg } from '../../../shared/i18n/message.js';
import { localiseActivity, localiseResult } from '../../engine/index.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { PageKey } from '../../lib/keyset.js';
import type { MapRenderer } from '../../providers/maps/map-renderer.js';
import { renderReportPdf, type RenderedPdf } from './report-pdf.js';
import * as repo from './reports.repo.js';
import { withScreeningTakeaway } from '../screening/index.js';

export const reportErrors = {
  reportNotFound: msg('error.reportNotFound'),
};

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The screening module's side of a report: its stored screening, with the decisions taken on it. */
export interface ReportScreenings {
  forReport(userId: string, reportId: string): Promise<ReportScreening>;
}

export interface ReportServiceDeps {
  db: Db;
  maps: MapRenderer;
  screening: ReportScreenings;
  /** What the server-rendered PDF names: the product and the public base URL (its methodology link). */
  productName: string;
  appUrl: string;
  now?: () => Date;
}

/** A report to store: the row, and the assessed site when there is one. */
export type NewStoredReport = repo.NewReport & { site?: ReportSite };

/** The stored reports: stored, listed, read, their map and their PDF. Every read is the owner's only. */
export class ReportService {
  constructor(private readonly deps: ReportServiceDeps) {}

  /** Stores a report inside the caller's transaction (the one that spends its credit). */
  insertInTransaction(tx: Db, report: NewStoredReport): Promise<void> {
    const { site, ...row } = report;
    // The site rides in the company's JSON (no column of its own): company_data's schema leaves it out on reading.
    return repo.insertReport(tx, site ? { ...row, company: { ...(row.company as object), site } } : row);
  }

  /** The id of the user's report stored under this request key, if any. */
  idByRequestKey(userId: string, requestKey: string): Promise<string | null> {
    return repo.findReportIdByRequestKey(this.deps.db, userId, requestKey);
  }

  async listReports(userId: string, page: number, pageSize: number): Promise<ReportsListResponse> {
    const { rows, total } = await repo.listReports(this.deps.db, userId, pageSize, (page - 1) * pageSize);
    return {
      items: rows.map(summaryOf),
      page,
      page_size: pageSize,
      total,
    };
  }

  /** Up to `limit` of the user's reports, newest first, after `after`; each with its page key. */
  async pageReports(userId: string, limit: number, after?: PageKey): Promise<{ item: ReportSummary; key: PageKey }[]> {
    const rows = await repo.pageReports(this.deps.db, userId, limit, after);
    return rows.map((r) => ({ item: summaryOf(r), key: r.key }));
  }

  /** The language the user reads reports in: the account's. */
  readerLocale(userId: string): Promise<Locale> {
    return repo.findUserLocale(this.deps.db, userId);
  }

  /**
   * One of the user's reports, its texts written in `locale` (else the account's language): the
   * engine's messages rendered, each risk's name given; the English keys stay.
   */
  async getReport(userId: string, id: string, locale?: Locale): Promise<ReportResponse> {
    const row = uuidRe.test(id) ? await repo.findReport(this.deps.db, userId, id) : null;
    if (!row) throw notFound(reportErrors.reportNotFound, 'report_not_found');
    // Reports stored before the register fields existed read with their defaults.
    const { site: storedSite, ...stored } = (row.company ?? {}) as { site?: unknown };
    const company = companyDataSchema.safeParse(stored);
    const site = reportSiteSchema.safeParse(storedSite);
    const [screening, lang] = await Promise.all([this.deps.screening.forReport(userId, id), locale ?? this.readerLocale(userId)]);
    const { result, riskNames } = localiseResult(row.result as RiskAssessmentResult, lang);
    const companyData = company.success ? company.data : (stored as CompanyData);
    return {
      company_data: companyData.activity ? { ...companyData, activity: localiseActivity(companyData.activity, lang) } : companyData,
      // A sanctions match puts its takeaway first, as long as it stands (a decision may lift it).
      result: withScreeningTakeaway(result as RiskAssessmentResultData, screening, translator('pdf', lang)),
      ...(site.success ? { site: site.data } : {}),
      screening,
      locale: lang,
      risk_names: riskNames,
    };
  }

  /** The location map of one of the user's reports (PNG), its words in `locale` (else the account's language). */
  async reportMap(userId: string, id: string, locale?: Locale): Promise<Buffer> {
    // The place only: the report's texts and its screening are not needed for the picture.
    const row = uuidRe.test(id) ? await repo.findReport(this.deps.db, userId, id) : null;
    if (!row) throw notFound(reportErrors.reportNotFound, 'report_not_found');
    return this.mapOf(row.company as CompanyData, locale ?? (await this.readerLocale(userId)));
  }

  /** The same PDF as the screen's download, rendered on the server in `locale` (else the account's language). */
  async reportPdf(userId: string, id: string, locale?: Locale): Promise<RenderedPdf> {
    const report = await this.getReport(userId, id, locale);
    // The map in the PDF's language, as the browser's PDF asks for it.
    const map = await this.mapOf(report.company_data, report.locale ?? BASE_LOCALE);
    return renderReportPdf(report, new Uint8Array(map), { productName: this.deps.productName, appUrl: this.deps.appUrl, now: this.deps.now });
  }

  private mapOf(c: CompanyData, locale: Locale): Promise<Buffer> {
    return this.deps.maps.render({ latitude: c.latitude, longitude: c.longitude, countryIso2: countryByName(c.country)?.iso2, locale });
  }
}

function summaryOf(r: repo.ReportSummaryRow): ReportSummary {
  return {
    id: r.id,
    created_at: r.createdAt.toISOString(),
    company_name: r.companyName,
    country: r.country,
    overallScore: r.overallScore ?? 0,
    overallScoreGrade: (r.overallScoreGrade ?? 'F') as ReportSummary['overallScoreGrade'],
    sample: r.sample,
  };
}
