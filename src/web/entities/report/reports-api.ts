import { currentLocale, t } from '../../lib/i18n';
import type { QueryClient } from '@tanstack/react-query';
import type { CompanyData, ReportSite, RiskAssessmentResult } from '../../../shared/contracts/assessment';
import { reportResponseSchema, reportsListResponseSchema, type ReportResponse, type ReportsListResponse } from '../../../shared/contracts/assessment-api';
import { reportScreeningSchema, type ReportScreening, type ScreeningDecisionRequest } from '../../../shared/contracts/screening';
import { withScreeningTakeawayChanged } from '../../../shared/reports/screening-takeaway';
import { ApiError, ResponseShapeError } from '../../lib/api-client';
import { authJson, authRequest } from '../../lib/auth-fetch';

/**
 * The user's stored reports, parsed with the shared contracts: the assessment
 * tool shows and reopens them, the dashboard lists them and downloads their PDF again.
 */

/**
 * Where a stored report is reopened: the assessment tool, with the report's id; a portfolio row's
 * report also names its portfolio, so the report screen leads back to it.
 */
export const reportHref = (id: string, portfolioId?: string) =>
  `/products/risk-assessment?${new URLSearchParams({ report: id, ...(portfolioId ? { portfolio: portfolioId } : {}) }).toString()}`;

export const reportKeys = {
  all: ['reports'] as const,
  list: (page: number, pageSize: number) => ['reports', 'list', page, pageSize] as const,
  /** A report in the active language: another language is another answer (its texts are written on the server). */
  report: (id: string) => ['reports', 'report', id, currentLocale()] as const,
};

/** The body of an image response; a ResponseShapeError when it is empty or not an image. */
export async function imageBlob(res: Response): Promise<Blob> {
  const blob = await res.blob();
  if (blob.size === 0 || !/^image\//i.test(blob.type || res.headers.get('content-type') || '')) {
    throw new ResponseShapeError(new Error(`expected an image, got ${blob.type || 'nothing'}`));
  }
  return blob.type ? blob : new Blob([blob], { type: 'image/png' });
}

export function fetchReports(page: number, pageSize: number): Promise<ReportsListResponse> {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  return authJson(`/api/reports?${query.toString()}`, reportsListResponseSchema);
}

export function fetchReport(id: string): Promise<ReportResponse> {
  return authJson(`/api/reports/${encodeURIComponent(id)}?lang=${currentLocale()}`, reportResponseSchema);
}

/** The stored map of a report, its legend in the page's language (as the report and its PDF); null when the report has none. */
export async function fetchReportMap(id: string): Promise<Blob | null> {
  try {
    const res = await authRequest(`/api/reports/${encodeURIComponent(id)}/map.png?lang=${currentLocale()}`, { headers: { accept: 'image/png' } });
    return await imageBlob(res);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    if (err instanceof ResponseShapeError) return null;
    throw err;
  }
}

/** A report with its map, as the report view and the PDF need it. */
export interface LoadedReport {
  company: CompanyData;
  result: RiskAssessmentResult;
  map: Blob | null;
  /** The assessed site, beside the registered office; absent on reports stored before sites existed. */
  site?: ReportSite;
  /** The company, its officers and owners against the sanctions lists (`not_screened` on older reports). */
  screening: ReportScreening;
  /** The stored report's id, when known: decisions on its screening name it. */
  reportId?: string;
}

export async function loadReport(id: string): Promise<LoadedReport> {
  const [report, map] = await Promise.all([fetchReport(id), fetchReportMap(id)]);
  return {
    company: report.company_data,
    result: report.result,
    map,
    ...(report.site ? { site: report.site } : {}),
    screening: report.screening,
    reportId: id,
  };
}

/** POST /api/screening/decisions: an analyst's decision on one hit; answers the report's screening as it now stands. */
export function postScreeningDecision(request: ScreeningDecisionRequest): Promise<ReportScreening> {
  return authJson('/api/screening/decisions', reportScreeningSchema, { method: 'POST', json: request });
}

/**
 * Puts a report's new screening into the cached report (the screen shows it at once; nothing is
 * fetched again), its key takeaways following it as the server words them: a match's takeaway
 * goes when a false positive clears it, and comes first when a hit is confirmed. The report
 * cached under the active language was written in it, so `t` (the `pdf` messages come with the
 * `app` bundle) words the takeaways as the server did.
 */
export function setReportScreening(client: QueryClient, reportId: string, screening: ReportScreening): void {
  client.setQueryData<LoadedReport>(reportKeys.report(reportId), (old) =>
    old ? { ...old, screening, result: withScreeningTakeawayChanged(old.result, old.screening, screening, t) } : old,
  );
  // The same report cached in another language still holds the old screening: read it anew when shown.
  const [, , , locale] = reportKeys.report(reportId);
  void client.invalidateQueries({ queryKey: ['reports', 'report', reportId], predicate: (query) => query.queryKey[3] !== locale });
}
