import { randomUUID } from 'node:crypto';
import type { ReportResponse } from '../../../shared/contracts/assessment-api.js';
import type { ApiAssessment, ApiAssessmentBody, PortfolioCreateBody, PortfolioDetail, PortfolioRowInput } from '../../../shared/contracts/portfolio.js';
import { AppError } from '../../lib/errors.js';
import type { Assessments } from '../assessment/index.js';
import type { Portfolios } from '../portfolio/index.js';
import type { RenderedPdf, Reports } from '../reports/index.js';
import type { ApiKeyPrincipal } from './api-keys.service.js';
import { requestFingerprint, type IdempotencyService, type StoredAnswer } from './idempotency.service.js';

export interface ApiV1Deps {
  assessments: Pick<Assessments, 'assessSite'>;
  reports: Pick<Reports, 'getReport' | 'reportPdf'>;
  portfolios: Portfolios;
  idempotency: IdempotencyService;
}

/** A report as the API answers it: the screen's result with the company data beside it. */
export function apiAssessment(report: ReportResponse): ApiAssessment {
  return { ...report.result, company_data: report.company_data };
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
          ...(body.site_type ? { siteType: body.site_type } : {}),
        },
        { requestKey: `api:${key.keyId}:${idempotencyKey ?? randomUUID()}` },
      );
      return { status: 201, body: apiAssessment(site.report) };
    };
    return this.idempotent(key, idempotencyKey, requestFingerprint('POST', '/api/v1/assessments', body), run);
  }

  async getAssessment(key: ApiKeyPrincipal, id: string): Promise<ApiAssessment> {
    return apiAssessment(await this.deps.reports.getReport(key.userId, id));
  }

  /** The same PDF as the screen's download, rendered here. */
  assessmentPdf(key: ApiKeyPrincipal, id: string): Promise<RenderedPdf> {
    return this.deps.reports.reportPdf(key.userId, id);
  }

  /** Queues a portfolio (invalid rows are kept as failed rows, never charged). */
  async createPortfolio(key: ApiKeyPrincipal, body: PortfolioCreateBody, idempotencyKey?: string): Promise<StoredAnswer<{ id: string }>> {
    const run = async () => {
      const created = await this.deps.portfolios.createPortfolio(key.userId, body, { origin: 'api', apiKeyId: key.keyId });
      return { status: 202, body: { id: created.id } };
    };
    return this.idempotent(key, idempotencyKey, requestFingerprint('POST', '/api/v1/portfolios', body), run);
  }

  getPortfolio(key: ApiKeyPrincipal, id: string): Promise<PortfolioDetail> {
    return this.deps.portfolios.getPortfolio(key.userId, id);
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
