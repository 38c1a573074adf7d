import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow } from '../../db/first-row.js';
import { reportOverall } from '../../db/report-scores.js';
import { portfolioRows, portfolios, reports } from '../../db/schema.js';
import { beforeKey, pageKeyAt, type PageKey } from '../../lib/keyset.js';

/** SQL of the portfolio module. Every query of a user's portfolio filters by its owner. */

export type PortfolioRecord = typeof portfolios.$inferSelect;
export type RowStatus = 'queued' | 'running' | 'done' | 'failed';

export interface NewPortfolio {
  userId: string;
  name: string;
  origin: 'web' | 'api';
  apiKeyId?: string;
  total: number;
  status: 'queued' | 'done';
  createdAt: Date;
  finishedAt: Date | null;
}

/** A row as the user gave it (its place in the list and its columns). */
export interface RowAsGiven {
  position: number;
  fiscalNumber: string;
  country: string;
  reference: string;
  siteAddress: string;
  siteType: string;
}

export interface NewRow extends RowAsGiven {
  status: 'queued' | 'failed';
  error: string | null;
}

export async function insertPortfolio(tx: Db, p: NewPortfolio, rows: readonly NewRow[]): Promise<{ id: string; queued: string[] }> {
  const [created] = await tx
    .insert(portfolios)
    .values({ ...p, apiKeyId: p.apiKeyId ?? null })
    .returning({ id: portfolios.id });
  const id = created!.id;
  const inserted = rows.length
    ? await tx
        .insert(portfolioRows)
        .values(rows.map((r) => ({ ...r, portfolioId: id, finishedAt: r.status === 'failed' ? p.createdAt : null })))
        .returning({ id: portfolioRows.id, status: portfolioRows.status })
    : [];
  return { id, queued: inserted.filter((r) => r.status === 'queued').map((r) => r.id) };
}

export interface PortfolioSummaryRow extends PortfolioRecord {
  done: number;
  failed: number;
}

// Spelled out: drizzle leaves a column of the outer table unqualified, which a subquery would read as its own.
const counts = {
  done: sql<number>`(select count(*) from portfolio_rows r where r.portfolio_id = "portfolios"."id" and r.status = 'done')::int`,
  failed: sql<number>`(select count(*) from portfolio_rows r where r.portfolio_id = "portfolios"."id" and r.status = 'failed')::int`,
};

/** The user's portfolios, newest first. */
export async function listPortfolios(db: Db, userId: string, limit: number): Promise<PortfolioSummaryRow[]> {
  return db
    .select({ ...portfolioColumns(), ...counts })
    .from(portfolios)
    .where(eq(portfolios.userId, userId))
    .orderBy(desc(portfolios.createdAt), desc(portfolios.id))
    .limit(limit);
}

/** A page of the user's portfolios, newest first, after `after` (keyset paging: stable while portfolios are added). */
export async function pagePortfolios(db: Db, userId: string, limit: number, after?: PageKey): Promise<(PortfolioSummaryRow & { key: PageKey })[]> {
  const rows = await db
    .select({ ...portfolioColumns(), ...counts, at: pageKeyAt(portfolios.createdAt) })
    .from(portfolios)
    .where(and(eq(portfolios.userId, userId), after ? beforeKey(portfolios.createdAt, portfolios.id, after) : undefined))
    .orderBy(desc(portfolios.createdAt), desc(portfolios.id))
    .limit(limit);
  return rows.map(({ at, ...row }) => ({ ...row, key: { at, id: row.id } }));
}

function portfolioColumns() {
  return {
    id: portfolios.id,
    userId: portfolios.userId,
    name: portfolios.name,
    status: portfolios.status,
    origin: portfolios.origin,
    apiKeyId: portfolios.apiKeyId,
    total: portfolios.total,
    createdAt: portfolios.createdAt,
    startedAt: portfolios.startedAt,
    finishedAt: portfolios.finishedAt,
  };
}

/** A portfolio of this user (null for another user's id, as for an unknown one). */
export async function findPortfolio(db: Db, userId: string, id: string): Promise<PortfolioSummaryRow | null> {
  return firstRow(db.select({ ...portfolioColumns(), ...counts }).from(portfolios).where(and(eq(portfolios.id, id), eq(portfolios.userId, userId))));
}

export interface RowWithReport extends RowAsGiven {
  id: string;
  status: RowStatus;
  reportId: string | null;
  error: string | null;
  attempts: number;
  startedAt: Date | null;
  finishedAt: Date | null;
  companyName: string | null;
  overallScore: number | null;
  grade: string | null;
  worstHazard: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The rows of a portfolio, in file order, each with the few facts of its report the progress
 * screen shows. A join rather than one getReport per row: the screen polls this every 2 s for up
 * to 500 rows, and reads a handful of scalars per report instead of whole reports. The report
 * must belong to the portfolio's owner too.
 */
export async function rowsWithReports(db: Db, userId: string, portfolioId: string): Promise<RowWithReport[]> {
  const scores = sql`(${reports.result}->'locationScoresMap') || (${reports.result}->'industryScoresMap')`;
  const overall = reportOverall();
  return db
    .select({
      id: portfolioRows.id,
      position: portfolioRows.position,
      fiscalNumber: portfolioRows.fiscalNumber,
      country: portfolioRows.country,
      reference: portfolioRows.reference,
      siteAddress: portfolioRows.siteAddress,
      siteType: portfolioRows.siteType,
      status: portfolioRows.status,
      reportId: portfolioRows.reportId,
      error: portfolioRows.error,
      attempts: portfolioRows.attempts,
      startedAt: portfolioRows.startedAt,
      finishedAt: portfolioRows.finishedAt,
      companyName: reports.companyName,
      overallScore: overall.score,
      grade: overall.grade,
      // The lowest score is the highest risk; on a tie the likelier hazard is the worse.
      worstHazard: sql<string | null>`(select e.key from jsonb_each(${scores}) e order by (e.value->>'score')::int asc, (e.value->>'rawLikelihood')::int desc, e.key limit 1)`,
      latitude: sql<number | null>`(${reports.company}->>'latitude')::float8`,
      longitude: sql<number | null>`(${reports.company}->>'longitude')::float8`,
    })
    .from(portfolioRows)
    .leftJoin(reports, and(eq(reports.id, portfolioRows.reportId), eq(reports.userId, userId)))
    .where(eq(portfolioRows.portfolioId, portfolioId))
    .orderBy(asc(portfolioRows.position));
}

/** One risk of a report as the exports read it; older or odd reports may lack a figure. */
export interface RiskFigures {
  grade?: string;
  score?: number;
  rawLikelihood?: number;
  impact?: number;
}

export interface RowRisks {
  rowId: string;
  location: Record<string, RiskFigures> | null;
  industry: Record<string, RiskFigures> | null;
  precision: string | null;
  /** Read from wherever a report may hold it (the company, its site, the result); null when none does. */
  siteType: string | null;
  naceCode: string | null;
  createdAt: Date;
}

/** Each row's location and industry risks with their figures, and the site facts the exports add. */
export async function rowRisks(db: Db, userId: string, portfolioId: string): Promise<RowRisks[]> {
  return db
    .select({
      rowId: portfolioRows.id,
      location: sql<Record<string, RiskFigures> | null>`${reports.result}->'locationScoresMap'`,
      industry: sql<Record<string, RiskFigures> | null>`${reports.result}->'industryScoresMap'`,
      precision: sql<string | null>`${reports.company}->>'geocode_precision'`,
      siteType: sql<string | null>`coalesce(${reports.company}->>'site_type', ${reports.company}->'site'->>'site_type', ${reports.result}->'site'->>'site_type', ${reports.result}->>'site_type')`,
      naceCode: sql<string | null>`nullif(${reports.company}->'activity'->>'nace_code', '')`,
      createdAt: reports.createdAt,
    })
    .from(portfolioRows)
    .innerJoin(reports, and(eq(reports.id, portfolioRows.reportId), eq(reports.userId, userId)))
    .where(eq(portfolioRows.portfolioId, portfolioId));
}

export interface ClaimedRow {
  id: string;
  portfolioId: string;
  userId: string;
  fiscalNumber: string;
  country: string;
  siteAddress: string;
  reference: string;
  siteType: string;
}

/**
 * Marks a row running for the caller, who holds its lease: a queued row, or a running one whose
 * previous worker is gone. Done and failed rows are left alone (null). The portfolio starts.
 */
export async function claimRow(db: Db, rowId: string, now: Date): Promise<ClaimedRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(portfolioRows)
      .set({ status: 'running', attempts: sql`${portfolioRows.attempts} + 1`, startedAt: now, finishedAt: null, error: null })
      .where(and(eq(portfolioRows.id, rowId), inArray(portfolioRows.status, ['queued', 'running'])))
      .returning({
        id: portfolioRows.id,
        portfolioId: portfolioRows.portfolioId,
        fiscalNumber: portfolioRows.fiscalNumber,
        country: portfolioRows.country,
        siteAddress: portfolioRows.siteAddress,
        reference: portfolioRows.reference,
        siteType: portfolioRows.siteType,
      });
    if (!row) return null;
    const [p] = await tx
      .update(portfolios)
      .set({ status: 'running', startedAt: sql`coalesce(${portfolios.startedAt}, ${now})` })
      .where(eq(portfolios.id, row.portfolioId))
      .returning({ userId: portfolios.userId });
    return p ? { ...row, userId: p.userId } : null;
  });
}

export type RowOutcome = { reportId: string } | { error: string };

/**
 * Writes a running row's outcome; the portfolio is done when no row is left queued or running.
 * The portfolio is locked first, so two workers finishing its last rows at once cannot both see
 * the other's row still running.
 */
export async function finishRow(db: Db, rowId: string, portfolioId: string, outcome: RowOutcome, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${portfolios} where ${portfolios.id} = ${portfolioId} for update`);
    const done = 'reportId' in outcome;
    await tx
      .update(portfolioRows)
      .set({ status: done ? 'done' : 'failed', reportId: done ? outcome.reportId : null, error: done ? null : outcome.error, finishedAt: now })
      .where(and(eq(portfolioRows.id, rowId), eq(portfolioRows.status, 'running')));
    await markDoneIfFinished(tx, portfolioId, now);
  });
}

/**
 * Points a done row of the user's portfolio at another of the user's reports (a re-assessment's):
 * the portfolio's results and monitoring's next check read it. False when no such row or report.
 */
export async function replaceRowReport(db: Db, userId: string, rowId: string, reportId: string): Promise<boolean> {
  const rows = await db
    .update(portfolioRows)
    .set({ reportId })
    .where(
      and(
        eq(portfolioRows.id, rowId),
        eq(portfolioRows.status, 'done'),
        sql`exists (select 1 from ${portfolios} where ${portfolios.id} = ${portfolioRows.portfolioId} and ${portfolios.userId} = ${userId})`,
        sql`exists (select 1 from ${reports} where ${reports.id} = ${reportId} and ${reports.userId} = ${userId})`,
      ),
    )
    .returning({ id: portfolioRows.id });
  return rows.length > 0;
}

async function markDoneIfFinished(tx: Db, portfolioId: string, now: Date): Promise<void> {
  await tx
    .update(portfolios)
    .set({ status: 'done', finishedAt: now })
    .where(
      and(
        eq(portfolios.id, portfolioId),
        sql`${portfolios.status} <> 'done'`,
        sql`not exists (select 1 from ${portfolioRows} where ${portfolioRows.portfolioId} = ${portfolioId} and ${portfolioRows.status} in ('queued', 'running'))`,
      ),
    );
}

/** A running row back to queued (its worker stopped before an outcome); false when it was not running. */
export async function requeueRow(db: Db, rowId: string): Promise<boolean> {
  const rows = await db
    .update(portfolioRows)
    .set({ status: 'queued' })
    .where(and(eq(portfolioRows.id, rowId), eq(portfolioRows.status, 'running')))
    .returning({ id: portfolioRows.id });
  return rows.length > 0;
}

/** Rows marked running in portfolios still in progress: the sweeper checks whether their workers live. */
export async function runningRowIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: portfolioRows.id })
    .from(portfolios)
    .innerJoin(portfolioRows, eq(portfolioRows.portfolioId, portfolios.id))
    .where(and(sql`${portfolios.status} <> 'done'`, eq(portfolioRows.status, 'running')));
  return rows.map((r) => r.id);
}

/** One row of a user's portfolio (null when either is not theirs). */
export async function findRow(db: Db, userId: string, portfolioId: string, rowId: string) {
  const rows = await db
    .select({
      id: portfolioRows.id,
      status: portfolioRows.status,
      attempts: portfolioRows.attempts,
      fiscalNumber: portfolioRows.fiscalNumber,
      country: portfolioRows.country,
      error: portfolioRows.error,
    })
    .from(portfolioRows)
    .innerJoin(portfolios, eq(portfolios.id, portfolioRows.portfolioId))
    .where(and(eq(portfolioRows.id, rowId), eq(portfolioRows.portfolioId, portfolioId), eq(portfolios.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** A user's failed rows of one portfolio that ran at least once (rows refused at creation never ran). */
export async function failedRanRows(db: Db, userId: string, portfolioId: string) {
  return db
    .select({ id: portfolioRows.id, fiscalNumber: portfolioRows.fiscalNumber, country: portfolioRows.country })
    .from(portfolioRows)
    .innerJoin(portfolios, eq(portfolios.id, portfolioRows.portfolioId))
    .where(
      and(eq(portfolioRows.portfolioId, portfolioId), eq(portfolios.userId, userId), eq(portfolioRows.status, 'failed'), sql`${portfolioRows.attempts} > 0`),
    )
    .orderBy(asc(portfolioRows.position));
}

/** A failed row queued again, and its portfolio back in progress; false when the row was not failed any more. */
export async function requeueFailedRow(tx: Db, portfolioId: string, rowId: string): Promise<boolean> {
  const rows = await tx
    .update(portfolioRows)
    .set({ status: 'queued', error: null, finishedAt: null })
    .where(and(eq(portfolioRows.id, rowId), eq(portfolioRows.portfolioId, portfolioId), eq(portfolioRows.status, 'failed')))
    .returning({ id: portfolioRows.id });
  if (!rows.length) return false;
  await tx
    .update(portfolios)
    .set({ status: sql`case when ${portfolios.startedAt} is null then 'queued' else 'running' end`, finishedAt: null })
    .where(eq(portfolios.id, portfolioId));
  return true;
}
