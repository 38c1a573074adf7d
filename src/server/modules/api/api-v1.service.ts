import type { Locale } from '../../../shared/i18n/locales.js';
import { randomUUID } from 'node:crypto';
import type { ReportResponse } from '../../../shared/contracts/assessment-api.js';
import type { ApiScreeningRequest, ReportScreening } from '../../../shared/contracts/screening.js';
import type { ApiAssessmentList, ApiPageQuery, ApiPortfolioList } from '../../../shared/contracts/api-v1.js';
import type { ApiAssessment, ApiAssessmentBody, PortfolioCreateBody, PortfolioDetail, PortfolioRowInput } from '../../../shared/contracts/portfolio.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { PageKey } from '../../lib/keyset.js';
import type { Assessments } from '../assessment/index.js';
import type { PortfolioFile, Portfolios } from '../portfolio/index.js';
import type { RenderedPdf, Reports } from '../reports/index.js';
import type { ApiKeyPrincipal } from './api-keys.service.js';
import { requestFingerprint, type IdempotencyService, type StoredAnswer } from './idempotency.service.js';

export interface ApiV1Deps {
  assessments: Pick<Assessments, 'assessSite'>;
  reports: Pick<Reports, 'getReport' | 'reportPdf' | 'pageReports'>;
  portfolios: Portfolios;
  idempotency: IdempotencyService;
  /** The screening module: a name against the sanctions lists, without a report. */
  screening: { screenName(req: ApiScreeningRequest): Promise<ReportScreening> };
}

export const pageMessages = {
  badCursor: 'Invalid cursor: send back the `next` of the previous page as it came, or leave cursor out for the first page.',
} as const;

type ListKind = 'assessments' | 'portfolios';
const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor after `key`: opaque to clients (base64url), naming the list it belongs to. */
export function encodeCursor(kind: ListKind, key: PageKey): string {
  return Buffer.from(`${kind}:${key.at}:${key.id}`, 'utf8').toString('base64url');
}

/** The key a cursor names; 400 for anything this server did not hand out for this list. */
export function decodeCursor(kind: ListKind, cursor: string): PageKey {
  const [k, at, id, ...rest] = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8').split(':') : [];
  if (k !== kind || !at || !/^-?\d{1,19}$/.test(at) || !id || !uuidRe.test(id) || rest.length) throw badRequest(pageMessages.badCursor, 'invalid_cursor');
  return { at, id };
}

/** One page from a lister that reads `limit` rows after a key: one row more tells whether a next page exists. */
async function page<T>(kind: ListKind, query: ApiPageQuery, list: (limit: number, after?: PageKey) => Promise<{ item: T; key: PageKey }[]>) {
  const after = query.cursor === undefined ? undefined : decodeCursor(kind, query.cursor);
  const rows = await list(query.limit + 1, after);
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return { items: shown.map((r) => r.item), next: rows.length > query.limit && last ? encodeCursor(kind, last.key) : null };
}

/** A report as the API answers it: the screen's result with the company data beside it. */
export function apiAssessment(report: ReportResponse): ApiAssessment {
  return {
    ...report.result,
    company_data: report.company_data,
    ...(report.site ? { site: report.site } : {}),
    screening: report.screening,
    ...(report.locale && { locale: report.locale }),
    ...(report.risk_names && { risk_names: report.risk_names }),
  };
}

/**
 * The public API behind an API key: assessments run on the server, their reports and PDFs, and
 * portfolios. Every call acts as the key's owner and sees only that user's data; every POST
 * honours Idempotency-Key (scoped to the key).
 */
export class ApiV1Service {
  constructor(private readonly deps: ApiV1Deps) {}

  /**
   * The whole assessment, one credit. The report is stored under 'api:<key>:<Idempotency-Key>'
   * (a fresh id without one), so even a retry that outlives its idempotency record never spends twice.
   */
  async createAssessment(key: ApiKeyPrincipal, body: ApiAssessmentBody, idempotencyKey?: string): Promise<StoredAnswer<ApiAssessment>> {
    const run = async () => {
      const site = await this.deps.assessments.assessSite(
        key.userId,
        {
          fiscalNumber: body.fiscal_number,
          country: body.country,
          ...(body.site_address ? { siteAddress: body.site_address } : {}),
          ...(body.latitude !== undefined && body.longitude !== undefined ? { point: { latitude: body.latitude, longitude: body.longitude } } : {}),
          ...(body.site_type ? { siteType: body.site_type } : {}),
        },
        { requestKey: `api:${key.keyId}:${idempotencyKey ?? randomUUID()}` },
      );
      return { status: 201, body: apiAssessment(site.report) };
    };
    return this.idempotent(key, idempotencyKey, requestFingerprint('POST', '/api/v1/assessments', body), run);
  }

  /** The owner's reports, newest first, a page at a time. */
  listAssessments(key: ApiKeyPrincipal, query: ApiPageQuery): Promise<ApiAssessmentList> {
    return page('assessments', query, (limit, after) => this.deps.reports.pageReports(key.userId, limit, after));
  }

  async getAssessment(key: ApiKeyPrincipal, id: string, locale?: Locale): Promise<ApiAssessment> {
    return apiAssessment(await this.deps.reports.getReport(key.userId, id, locale));
  }

  /** A name (with its country and fiscal number when known) against the sanctions lists; no credit. */
  screenName(_key: ApiKeyPrincipal, body: ApiScreeningRequest): Promise<ReportScreening> {
    return this.deps.screening.screenName(body);
  }

  /** The same PDF as the screen's download, rendered here. */
  assessmentPdf(key: ApiKeyPrincipal, id: string, locale?: Locale): Promise<RenderedPdf> {
    return this.deps.reports.reportPdf(key.userId, id, locale);
  }

  /** Queues a portfolio (invalid rows are kept as failed rows, never charged). */
  async createPortfolio(key: ApiKeyPrincipal, body: PortfolioCreateBody, idempotencyKey?: string): Promise<StoredAnswer<{ id: string }>> {
    const run = async () => {
      const created = await this.deps.portfolios.createPortfolio(key.userId, body, { origin: 'api', apiKeyId: key.keyId });
      return { status: 202, body: { id: created.id } };
    };
    return this.idempotent(key, idempotencyKey, requestFingerprint('POST', '/api/v1/portfolios', body), run);
  }

  /** The owner's portfolios, newest first, a page at a time. */
  listPortfolios(key: ApiKeyPrincipal, query: ApiPageQuery): Promise<ApiPortfolioList> {
    return page('portfolios', query, (limit, after) => this.deps.portfolios.pagePortfolios(key.userId, limit, after));
  }

  getPortfolio(key: ApiKeyPrincipal, id: string): Promise<PortfolioDetail> {
    return this.deps.portfolios.getPortfolio(key.userId, id);
  }

  /** The web's export of one of the owner's portfolios (CSV or XLSX). */
  exportPortfolio(key: ApiKeyPrincipal, id: string, format: 'csv' | 'xlsx'): Promise<PortfolioFile> {
    return this.deps.portfolios.exportPortfolio(key.userId, id, format);
  }

  /** A CSV body as the rows of a portfolio. */
  csvRows(text: string): PortfolioRowInput[] {
    return this.deps.portfolios.parsePortfolioCsv(text);
  }

  private async idempotent<T>(
    key: ApiKeyPrincipal,
    idempotencyKey: string | undefined,
    fingerprint: string,
    run: () => Promise<{ status: number; body: T }>,
  ): Promise<StoredAnswer<T>> {
    try {
      if (!idempotencyKey) return { ...(await run()), replayed: false };
      return await this.deps.idempotency.once(key.userId, `${key.keyId}:${idempotencyKey}`, fingerprint, run);
    } catch (err) {
      // Billing says 402 when the last credit went to a parallel request; the API answers both cases alike.
      if (err instanceof AppError && err.status === 402) throw new AppError(403, err.code, err.message);
      throw err;
    }
  }
}
