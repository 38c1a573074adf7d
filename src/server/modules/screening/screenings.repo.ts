import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reportScreenings, screeningDecisions } from '../../db/schema.js';
import type { StoredScreening } from './screener.js';

/** SQL of reports' screenings and the analysts' decisions on their hits. Every query filters by the owner. */

export interface ScreeningRow {
  reportId: string;
  userId: string;
  country: string;
  fiscalNumber: string;
  screening: StoredScreening;
}

export async function insertScreening(tx: Db, row: ScreeningRow): Promise<void> {
  await tx.insert(reportScreenings).values({
    reportId: row.reportId,
    userId: row.userId,
    country: row.country,
    fiscalNumber: row.fiscalNumber,
    screenedAt: new Date(row.screening.screened_at),
    result: row.screening,
  });
}

export async function findScreening(db: Db, userId: string, reportId: string): Promise<ScreeningRow | null> {
  const [row] = await db
    .select()
    .from(reportScreenings)
    .where(and(eq(reportScreenings.userId, userId), eq(reportScreenings.reportId, reportId)));
  return row ? { reportId: row.reportId, userId: row.userId, country: row.country, fiscalNumber: row.fiscalNumber, screening: row.result as StoredScreening } : null;
}

export interface DecisionRow {
  list: string;
  entryId: string;
  contentHash: string;
  decision: 'false_positive' | 'confirmed';
  note: string;
  decidedBy: string;
  createdAt: Date;
}

const decisionColumns = {
  list: screeningDecisions.list,
  entryId: screeningDecisions.entryId,
  contentHash: screeningDecisions.contentHash,
  decision: screeningDecisions.decision,
  note: screeningDecisions.note,
  decidedBy: screeningDecisions.decidedBy,
  createdAt: screeningDecisions.createdAt,
};

/** The user's decisions on hits of this company, newest first. */
export async function companyDecisions(db: Db, userId: string, country: string, fiscalNumber: string): Promise<DecisionRow[]> {
  const rows = await db
    .select(decisionColumns)
    .from(screeningDecisions)
    .where(and(eq(screeningDecisions.userId, userId), eq(screeningDecisions.country, country), eq(screeningDecisions.fiscalNumber, fiscalNumber)))
    .orderBy(desc(screeningDecisions.createdAt));
  return rows as DecisionRow[];
}

export async function insertDecision(
  db: Db,
  row: Omit<DecisionRow, 'createdAt'> & { userId: string; country: string; fiscalNumber: string; reportId: string; createdAt: Date },
): Promise<void> {
  await db.insert(screeningDecisions).values(row);
}

/** The screenings of these reports of the user's (reports made before screening have none). */
export async function findScreenings(db: Db, userId: string, reportIds: readonly string[]): Promise<ScreeningRow[]> {
  if (!reportIds.length) return [];
  const rows = await db
    .select()
    .from(reportScreenings)
    .where(and(eq(reportScreenings.userId, userId), inArray(reportScreenings.reportId, [...reportIds])));
  return rows.map((row) => ({ reportId: row.reportId, userId: row.userId, country: row.country, fiscalNumber: row.fiscalNumber, screening: row.result as StoredScreening }));
}

/** The user's decisions on hits of any of these companies' (by fiscal number), newest first. */
export async function decisionsOf(db: Db, userId: string, fiscalNumbers: readonly string[]): Promise<(DecisionRow & { country: string; fiscalNumber: string })[]> {
  if (!fiscalNumbers.length) return [];
  const rows = await db
    .select({ ...decisionColumns, country: screeningDecisions.country, fiscalNumber: screeningDecisions.fiscalNumber })
    .from(screeningDecisions)
    .where(and(eq(screeningDecisions.userId, userId), inArray(screeningDecisions.fiscalNumber, [...new Set(fiscalNumbers)])))
    .orderBy(desc(screeningDecisions.createdAt));
  return rows as (DecisionRow & { country: string; fiscalNumber: string })[];
}
