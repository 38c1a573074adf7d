/**
 * The reports module as other features see it: where a report lives. Store one inside the
 * transaction that spends its credit, find one by its request key, read one, its map and its
 * PDF. Other modules import this file only.
 */
import type { ReportResponse, ReportSummary } from '../../../shared/contracts/assessment-api.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import type { Db } from '../../db/client.js';
import type { PageKey } from '../../lib/keyset.js';
import type { RenderedPdf } from './report-pdf.js';
import { ReportService, type NewStoredReport as NewReport, type ReportServiceDeps } from './reports.service.js';

export type { NewReport, RenderedPdf };
export { reportErrors } from './reports.service.js';

export interface Reports {
  /** Stores a report inside `tx`, the transaction that spends its credit. `requestKey` is unique per user. */
  insertInTransaction(tx: Db, report: NewReport): Promise<void>;
  /** The id of the user's report stored under this request key, if any. */
  idByRequestKey(userId: string, requestKey: string): Promise<string | null>;
  /** Up to `limit` of the user's reports, newest first, after the row `after` names; each with its page key. */
  pageReports(userId: string, limit: number, after?: PageKey): Promise<{ item: ReportSummary; key: PageKey }[]>;
  /** One of the user's reports, written in `locale` (else the account's language); 404 for another user's or an unknown id. */
  getReport(userId: string, id: string, locale?: Locale): Promise<ReportResponse>;
  /** The language the user reads reports in: the account's. */
  readerLocale(userId: string): Promise<Locale>;
  /** The location map of one of the user's reports (PNG), its words in `locale` (else the account's language). */
  reportMap(userId: string, id: string, locale?: Locale): Promise<Buffer>;
  /** One of the user's reports as the PDF the screen downloads, rendered on the server. */
  reportPdf(userId: string, id: string, locale?: Locale): Promise<RenderedPdf>;
}

/** The module's service: its routes take it whole, other modules see it as `Reports`. */
export function createReports(deps: ReportServiceDeps): ReportService {
  return new ReportService(deps);
}

export type { ReportService, ReportServiceDeps };
