import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow } from '../../db/first-row.js';
import { reportOverall } from '../../db/report-scores.js';
import { reports, users } from '../../db/schema.js';
import { BASE_LOCALE, isLocale, type Locale } from '../../../shared/i18n/locales.js';
import { beforeKey, pageKeyAt, type PageKey } from '../../lib/keyset.js';

/** SQL of the reports: the one place that reads and writes the reports table. Every query filters by the report's owner. */

export interface NewReport {
  id: string;
  userId: string;
  companyName: string;
  fiscalNumber: string | null;
  country: string;
  company: unknown;
  result: unknown;
  sample: boolean;
  createdAt: Date;
  /** What asked for it (unique per user), for server-side runs that may be retried or resumed. */
  requestKey?: string;
}

export async function insertReport(tx: Db, report: NewReport): Promise<void> {
  await tx.insert(reports).values(report);
}

export interface ReportSummaryRow {
  id: string;
  createdAt: Date;
  companyName: string;
  country: string;
  overallScore: number | null;
  overallScoreGrade: string | null;
  sample: boolean;
}

/** The columns of a report in the lists. */
function summaryColumns() {
  const overall = reportOverall();
  return {
    id: reports.id,
    createdAt: reports.createdAt,
    companyName: reports.companyName,
    country: reports.country,
    overallScore: overall.score,
    overallScoreGrade: overall.grade,
    sample: reports.sample,
  };
}

/** The user's reports, newest first, and how many there are. */
export async function listReports(db: Db, userId: string, limit: number, offset: number): Promise<{ rows: ReportSummaryRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns())
      .from(reports)
      .where(eq(reports.userId, userId))
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(reports).where(eq(reports.userId, userId)),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

/** A page of the user's reports, newest first, after `after` (keyset paging: stable while reports are added). */
export async function pageReports(db: Db, userId: string, limit: number, after?: PageKey): Promise<(ReportSummaryRow & { key: PageKey })[]> {
  const rows = await db
    .select({ ...summaryColumns(), at: pageKeyAt(reports.createdAt) })
    .from(reports)
    .where(and(eq(reports.userId, userId), after ? beforeKey(reports.createdAt, reports.id, after) : undefined))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit);
  return rows.map(({ at, ...row }) => ({ ...row, key: { at, id: row.id } }));
}

export interface ReportRow {
  id: string;
  company: unknown;
  result: unknown;
  createdAt: Date;
}

const reportColumns = { id: reports.id, company: reports.company, result: reports.result, createdAt: reports.createdAt };

/** A report of this user (null for another user's id, as for an unknown one). */
export async function findReport(db: Db, userId: string, id: string): Promise<ReportRow | null> {
  return firstRow(db.select(reportColumns).from(reports).where(and(eq(reports.id, id), eq(reports.userId, userId))));
}

/** The id of the user's report stored under this request key, if any. */
export async function findReportIdByRequestKey(db: Db, userId: string, requestKey: string): Promise<string | null> {
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.userId, userId), eq(reports.requestKey, requestKey)))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** The language the user reads reports in (the account's). */
export async function findUserLocale(db: Db, userId: string): Promise<Locale> {
  const row = await firstRow(db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)));
  return isLocale(row?.locale) ? row.locale : BASE_LOCALE;
}
