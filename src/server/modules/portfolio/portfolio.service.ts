import {
  MAX_PORTFOLIO_ROWS,
  type PortfolioCreateBody,
  type PortfolioDetail,
  type PortfolioList,
  type PortfolioPreview,
  type PortfolioPreviewRow,
  type PortfolioRow,
  type PortfolioRowInput,
  type PortfolioSummary,
} from '../../../shared/contracts/portfolio.js';
import type { ReportScreening } from '../../../shared/contracts/screening.js';
import { formatFiledDateTime } from '../../../shared/dates.js';
import { SCREENING_STATUS_LABELS, hitsLine, standingHits } from '../../../shared/reports/screening-format.js';
import { msg } from '../../../shared/i18n/message.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { PageKey } from '../../lib/keyset.js';
import type { Assessments } from '../assessment/index.js';
import type { Credits } from '../billing/index.js';
import type { Screening } from '../screening/index.js';
import { checkRows, isEmptyRow } from './portfolio-checks.js';
import { toCsv, toXlsx, type ExportTable } from './portfolio-export.js';
import { fileErrors, readPortfolioFile, readPortfolioText, type SourceRow } from './portfolio-file.js';
import type { PortfolioQueue } from './portfolio-queue.js';
import * as repo from './portfolio.repo.js';

/** In the reader's language (the errors catalogue); a row's problem stays as the row holds it (English). */
export const portfolioErrors = {
  notFound: msg('error.portfolio.notFound'),
  rowNotFound: msg('error.portfolio.rowNotFound'),
  notRetriable: msg('error.portfolio.notRetriable'),
  invalidRow: (problem: string) => msg('error.portfolio.invalidRow', { problem: problem.replace(/\.?$/, '.') }),
};

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Portfolios listed (newest first). */
const LIST_LIMIT = 100;
/** The pace behind the ETA: rows finished within this window. */
const PACE_WINDOW_MS = 10 * 60_000;

export interface PortfolioServiceDeps {
  db: Db;
  /** checkSite (no I/O); the worker uses assessSite. */
  assessments: Pick<Assessments, 'checkSite'>;
  credits: Pick<Credits, 'canSpend'>;
  balance: (userId: string) => Promise<number>;
  /** The sanctions screenings of the rows' reports, read in one go per portfolio. */
  screenings: Pick<Screening, 'forReports'>;
  queue: PortfolioQueue;
  /** Called after rows were queued, to wake this instance's workers at once. */
  onQueued?: () => void;
  now?: () => Date;
}

export interface PortfolioFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

const rowsFromInput = (rows: readonly PortfolioRowInput[]): SourceRow[] =>
  rows.map((r, i) => ({
    line: i + 1,
    fiscal_number: r.fiscal_number ?? '',
    country: r.country ?? '',
    reference: r.reference ?? '',
    site_address: r.site_address ?? '',
    site_type: r.site_type ?? '',
  }));

/** Preview, creation, progress, retry and export of a user's portfolios. */
export class PortfolioService {
  private readonly now: () => Date;

  constructor(private readonly deps: PortfolioServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  // --- preview ---------------------------------------------------------------------------------

  /** Rows of pasted or posted CSV text, as the API's CSV body and the paste box give them. */
  parseText(text: string): SourceRow[] {
    return readPortfolioText(text);
  }

  parseFile(data: Buffer, filename?: string): Promise<SourceRow[]> {
    return readPortfolioFile(data, filename);
  }

  fromInput(rows: readonly PortfolioRowInput[]): SourceRow[] {
    const kept = rowsFromInput(rows).filter((r) => !isEmptyRow(r));
    if (kept.length === 0) throw badRequest(fileErrors.noRows, 'portfolio_empty');
    return kept;
  }

  /** What each row resolves to and what is wrong with it, the cost and the balance; nothing is stored or spent. */
  async preview(userId: string, rows: readonly SourceRow[]): Promise<PortfolioPreview> {
    const checked = this.check(rows);
    const valid = checked.filter((r) => r.problems.length === 0).length;
    return { rows: checked, valid, invalid: checked.length - valid, cost: valid, credits: await this.deps.balance(userId) };
  }

  private check(rows: readonly SourceRow[]): PortfolioPreviewRow[] {
    const kept = rows.filter((r) => !isEmptyRow(r));
    if (kept.length === 0) throw badRequest(fileErrors.noRows, 'portfolio_empty');
    if (kept.length > MAX_PORTFOLIO_ROWS) throw badRequest(fileErrors.tooManyRows(kept.length), 'portfolio_too_many_rows');
    return checkRows(kept, (req) => this.deps.assessments.checkSite(req));
  }

  // --- creation ---------------------------------------------------------------------------------

  /**
   * Stores the portfolio with all its rows: valid rows queued (one job each, in the same
   * transaction), invalid ones failed with their problem, never queued nor charged. A user who
   * may not spend a credit now is refused (403) before anything is stored.
   */
  async create(userId: string, body: PortfolioCreateBody, opts: { origin: 'web' | 'api'; apiKeyId?: string }): Promise<{ id: string }> {
    const checked = this.check(rowsFromInput(body.rows));
    const valid = checked.filter((r) => r.problems.length === 0);
    if (valid.length > 0) {
      const access = await this.deps.credits.canSpend(userId, this.now());
      if (!access.allowed) throw new AppError(403, 'access_denied', access.reason);
    }
    const createdAt = this.now();
    const rows: repo.NewRow[] = checked.map((r) => ({
      position: r.row,
      fiscalNumber: r.fiscal_number,
      country: r.country_name ?? r.country,
      reference: r.reference,
      siteAddress: r.site_address,
      siteType: r.site_type ?? '',
      status: r.problems.length ? 'failed' : 'queued',
      error: r.problems.length ? r.problems.join(' ') : null,
    }));
    if (valid.length) await this.deps.queue.ready();
    const name = body.name?.trim() || `Portfolio of ${createdAt.toISOString().slice(0, 10)} (${rows.length} ${rows.length === 1 ? 'site' : 'sites'})`;
    const { id } = await this.deps.db.transaction(async (tx) => {
      const created = await repo.insertPortfolio(
        tx,
        {
          userId,
          name,
          origin: opts.origin,
          ...(opts.apiKeyId ? { apiKeyId: opts.apiKeyId } : {}),
          total: rows.length,
          status: valid.length ? 'queued' : 'done',
          createdAt,
          finishedAt: valid.length ? null : createdAt,
        },
        rows,
      );
      await this.deps.queue.enqueue(tx, created.queued, userId);
      return created;
    });
    if (valid.length) this.deps.onQueued?.();
    return { id };
  }

  // --- progress ---------------------------------------------------------------------------------

  async list(userId: string): Promise<PortfolioList> {
    const rows = await repo.listPortfolios(this.deps.db, userId, LIST_LIMIT);
    return { items: rows.map(summaryOf) };
  }

  /** Up to `limit` of the user's portfolios, newest first, after `after`; each with its page key. */
  async page(userId: string, limit: number, after?: PageKey): Promise<{ item: PortfolioSummary; key: PageKey }[]> {
    const rows = await repo.pagePortfolios(this.deps.db, userId, limit, after);
    return rows.map((r) => ({ item: summaryOf(r), key: r.key }));
  }

  private async find(userId: string, id: string): Promise<repo.PortfolioSummaryRow> {
    const found = uuidRe.test(id) ? await repo.findPortfolio(this.deps.db, userId, id) : null;
    if (!found) throw notFound(portfolioErrors.notFound, 'portfolio_not_found');
    return found;
  }

  /** A done row of the user's pointed at another of the user's reports; 404 otherwise. */
  async replaceRowReport(userId: string, rowId: string, reportId: string): Promise<void> {
    if (!(await repo.replaceRowReport(this.deps.db, userId, rowId, reportId))) throw notFound(portfolioErrors.rowNotFound, 'row_not_found');
  }

  async get(userId: string, id: string): Promise<PortfolioDetail> {
    const p = await this.find(userId, id);
    const rows = await repo.rowsWithReports(this.deps.db, userId, p.id);
    const screenings = await this.screeningsOf(userId, rows);
    return {
      ...summaryOf(p),
      started_at: p.startedAt?.toISOString() ?? null,
      eta_seconds: p.status === 'done' ? null : this.eta(rows),
      rows: rows.map((r) => rowOf(r, r.reportId ? screenings.get(r.reportId) : undefined)),
    };
  }

  /** The screenings of the rows' reports, the user's decisions applied: one read for the whole portfolio. */
  private async screeningsOf(userId: string, rows: readonly repo.RowWithReport[]): Promise<Map<string, ReportScreening>> {
    const reportIds = rows.flatMap((r) => (r.reportId ? [r.reportId] : []));
    return reportIds.length ? this.deps.screenings.forReports(userId, reportIds) : new Map();
  }

  /** Seconds left at the pace of the rows finished in the last minutes; null before the first finishes. */
  private eta(rows: readonly repo.RowWithReport[]): number | null {
    const now = this.now().getTime();
    const left = rows.filter((r) => r.status === 'queued' || r.status === 'running').length;
    const recent = rows.filter((r) => r.attempts > 0 && r.finishedAt && r.startedAt && now - r.finishedAt.getTime() < PACE_WINDOW_MS);
    if (left === 0 || recent.length === 0) return null;
    const since = Math.min(...recent.map((r) => r.startedAt!.getTime()));
    const perRowMs = Math.max(1, now - since) / recent.length;
    return Math.ceil((left * perRowMs) / 1000);
  }

  /** Queues a failed row again (202); only a row that was assessed and failed, not one refused at creation. */
  async retryRow(userId: string, id: string, rowId: string): Promise<void> {
    const p = await this.find(userId, id);
    const row = uuidRe.test(rowId) ? await repo.findRow(this.deps.db, userId, p.id, rowId) : null;
    if (!row) throw notFound(portfolioErrors.rowNotFound, 'row_not_found');
    if (row.status !== 'failed') throw conflict(portfolioErrors.notRetriable, 'row_not_failed');
    const check = this.deps.assessments.checkSite({ fiscalNumber: row.fiscalNumber, country: row.country });
    if (!check.ok) throw conflict(portfolioErrors.invalidRow(check.problem), 'row_invalid');
    // Refused at creation (a duplicate, a cell too long): it never ran, and is not retried.
    if (row.attempts === 0) throw conflict(portfolioErrors.invalidRow(row.error ?? ''), 'row_invalid');
    const access = await this.deps.credits.canSpend(userId, this.now());
    if (!access.allowed) throw new AppError(403, 'access_denied', access.reason);
    await this.deps.queue.ready();
    const queued = await this.deps.db.transaction(async (tx) => {
      if (!(await repo.requeueFailedRow(tx, p.id, row.id))) return false;
      await this.deps.queue.enqueue(tx, [row.id], userId);
      return true;
    });
    if (!queued) throw conflict(portfolioErrors.notRetriable, 'row_not_failed');
    this.deps.onQueued?.();
  }

  /**
   * Every failed row that can run again (it ran before and its data is valid), queued in one go;
   * rows refused at creation need corrected data and stay as they are.
   */
  async retryFailed(userId: string, id: string): Promise<{ retried: number }> {
    const p = await this.find(userId, id);
    const failed = await repo.failedRanRows(this.deps.db, userId, p.id);
    const runnable = failed.filter((r) => this.deps.assessments.checkSite({ fiscalNumber: r.fiscalNumber, country: r.country }).ok);
    if (runnable.length === 0) return { retried: 0 };
    const access = await this.deps.credits.canSpend(userId, this.now());
    if (!access.allowed) throw new AppError(403, 'access_denied', access.reason);
    await this.deps.queue.ready();
    const queued = await this.deps.db.transaction(async (tx) => {
      const ids: string[] = [];
      for (const row of runnable) if (await repo.requeueFailedRow(tx, p.id, row.id)) ids.push(row.id);
      if (ids.length) await this.deps.queue.enqueue(tx, ids, userId);
      return ids.length;
    });
    if (queued) this.deps.onQueued?.();
    return { retried: queued };
  }

  // --- export -----------------------------------------------------------------------------------

  async exportTable(userId: string, id: string): Promise<{ name: string; table: ExportTable }> {
    const p = await this.find(userId, id);
    const [rows, risks] = await Promise.all([repo.rowsWithReports(this.deps.db, userId, p.id), repo.rowRisks(this.deps.db, userId, p.id)]);
    const screenings = await this.screeningsOf(userId, rows);
    const byRow = new Map(risks.map((r) => [r.rowId, r]));
    // One column per risk, in the order the reports list them: location risks, then industry risks.
    const locationNames: string[] = [];
    const industryNames: string[] = [];
    for (const r of risks) {
      for (const name of Object.keys(r.location ?? {})) if (!locationNames.includes(name)) locationNames.push(name);
      for (const name of Object.keys(r.industry ?? {})) if (!industryNames.includes(name)) industryNames.push(name);
    }
    // Each risk: its grade, then its score (0-100), likelihood and impact (1-5) as numbers.
    const riskHeaders = (kind: string, n: string) => [`${kind}: ${n}`, `${kind}: ${n} score`, `${kind}: ${n} likelihood`, `${kind}: ${n} impact`];
    const riskCells = (figures: repo.RiskFigures | undefined) => [
      figures?.grade ?? null,
      numberOrNull(figures?.score),
      numberOrNull(figures?.rawLikelihood),
      numberOrNull(figures?.impact),
    ];
    const header = [
      'Row',
      'Reference',
      'Fiscal number',
      'Country',
      'Company',
      'Site address',
      'Status',
      'Grade',
      'Score',
      'Worst hazard',
      'Sanctions screening',
      'Sanctions hits',
      'Latitude',
      'Longitude',
      'Location precision',
      'Site type',
      'NACE code',
      ...locationNames.flatMap((n) => riskHeaders('Location', n)),
      ...industryNames.flatMap((n) => riskHeaders('Industry', n)),
      'Report ID',
      'Report date',
      'Error',
    ];
    const table = rows.map((r) => {
      const risk = byRow.get(r.id);
      const screening = r.reportId ? screenings.get(r.reportId) : undefined;
      return [
        r.position,
        r.reference,
        r.fiscalNumber,
        r.country,
        r.companyName,
        r.siteAddress,
        r.status,
        r.grade,
        r.overallScore,
        r.worstHazard,
        // The status in words, and the hits an analyst has not set aside as false positives.
        screening ? SCREENING_STATUS_LABELS[screening.status] : null,
        screening ? hitsLine(standingHits(screening)) || null : null,
        r.latitude,
        r.longitude,
        risk?.precision ?? null,
        risk?.siteType ?? null,
        risk?.naceCode ?? null,
        ...locationNames.flatMap((n) => riskCells(risk?.location?.[n])),
        ...industryNames.flatMap((n) => riskCells(risk?.industry?.[n])),
        r.reportId,
        // A filed file: the full date with the year and the time in UTC.
        risk ? formatFiledDateTime(risk.createdAt) : null,
        r.error,
      ];
    });
    return { name: p.name, table: { header, rows: table } };
  }

  async exportFile(userId: string, id: string, format: 'csv' | 'xlsx'): Promise<PortfolioFile> {
    const { name, table } = await this.exportTable(userId, id);
    const base = `${name.normalize('NFKD').replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-').toLowerCase().slice(0, 80) || 'portfolio'}`;
    if (format === 'csv') return { filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: toCsv(table) };
    return {
      filename: `${base}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      body: await toXlsx(table, name),
    };
  }
}

/** A figure from stored JSON as a number cell, or an empty cell. */
function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function summaryOf({ id, name, status, total, done, failed, createdAt, finishedAt }: repo.PortfolioSummaryRow): PortfolioSummary {
  return { id, name, status, total, done, failed, created_at: createdAt.toISOString(), finished_at: finishedAt?.toISOString() ?? null };
}

function rowOf(r: repo.RowWithReport, screening: ReportScreening | undefined): PortfolioRow {
  const grade = r.grade as PortfolioRow['overallScoreGrade'] | null;
  return {
    id: r.id,
    row: r.position,
    fiscal_number: r.fiscalNumber,
    country: r.country,
    reference: r.reference,
    site_address: r.siteAddress,
    ...(r.siteType ? { site_type: r.siteType } : {}),
    status: r.status,
    ...(r.reportId ? { report_id: r.reportId } : {}),
    ...(r.companyName ? { company_name: r.companyName } : {}),
    ...(r.overallScore !== null ? { overallScore: r.overallScore } : {}),
    ...(grade ? { overallScoreGrade: grade } : {}),
    ...(r.worstHazard ? { worst_hazard: r.worstHazard } : {}),
    ...(r.latitude !== null ? { latitude: r.latitude } : {}),
    ...(r.longitude !== null ? { longitude: r.longitude } : {}),
    ...(screening ? { screening_status: screening.status, screening_hits: standingHits(screening).length } : {}),
    ...(r.error ? { error: r.error } : {}),
    ...(r.status === 'failed' ? { retryable: r.attempts > 0 } : {}),
  };
}
