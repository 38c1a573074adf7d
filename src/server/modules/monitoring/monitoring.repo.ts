import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow } from '../../db/first-row.js';
import { appState, monitoringEvents, monitoringRuns, monitoringStates, portfolioMonitoring } from '../../db/schema.js';
import type { MonitoringEventType, MonitoringFrequency, MonitoringSettingBody } from '../../../shared/contracts/monitoring.js';

/** SQL of the monitoring module: the watch settings, the check runs, the rows' last known states, the events. */

export type SettingRow = typeof portfolioMonitoring.$inferSelect;
export type RunRow = typeof monitoringRuns.$inferSelect;
export type EventRow = typeof monitoringEvents.$inferSelect;
/** An event to store; `detectedAt` defaults to the `at` of insertEvents. */
export type NewEvent = Omit<typeof monitoringEvents.$inferInsert, 'id' | 'seq' | 'detectedAt' | 'acknowledgedAt'> & { detectedAt?: Date };

export async function findSetting(db: Db, portfolioId: string): Promise<SettingRow | null> {
  return firstRow(db.select().from(portfolioMonitoring).where(eq(portfolioMonitoring.portfolioId, portfolioId)));
}

export async function saveSetting(
  db: Db,
  row: { portfolioId: string; userId: string; setting: MonitoringSettingBody; nextCheckAt: Date | null; at: Date },
): Promise<void> {
  const values = { enabled: row.setting.enabled, frequency: row.setting.frequency, reassess: row.setting.reassess, nextCheckAt: row.nextCheckAt, updatedAt: row.at };
  await db
    .insert(portfolioMonitoring)
    .values({ portfolioId: row.portfolioId, userId: row.userId, ...values })
    .onConflictDoUpdate({ target: portfolioMonitoring.portfolioId, set: values });
}

/** Whether a run of the portfolio is under way. */
export async function runningRun(db: Db, portfolioId: string): Promise<RunRow | null> {
  return firstRow(
    db
      .select()
      .from(monitoringRuns)
      .where(and(eq(monitoringRuns.portfolioId, portfolioId), eq(monitoringRuns.status, 'running'))),
  );
}

/** A new run, or null when one of the portfolio is already running (the partial unique index). */
export async function insertRun(
  tx: Db,
  run: { portfolioId: string; userId: string; reason: RunRow['reason']; total: number },
): Promise<string | null> {
  const rows = await tx
    .insert(monitoringRuns)
    .values({ ...run, pending: run.total, status: 'running' })
    .onConflictDoNothing()
    .returning({ id: monitoringRuns.id });
  return rows[0]?.id ?? null;
}

/** The runs, locked until the transaction ends (in id order, so two writers never wait on each other in a circle). */
export async function lockRuns(tx: Db, runIds: readonly string[]): Promise<RunRow[]> {
  if (runIds.length === 0) return [];
  return tx.select().from(monitoringRuns).where(inArray(monitoringRuns.id, [...runIds])).orderBy(asc(monitoringRuns.id)).for('update');
}

export async function findRun(db: Db, runId: string): Promise<RunRow | null> {
  return firstRow(db.select().from(monitoringRuns).where(eq(monitoringRuns.id, runId)));
}

/** Rows of the run counted (`checked` checked, `skipped` of them given up); answers whether that ended the run. */
export async function countRows(tx: Db, runId: string, counted: { checked: number; skipped: number }, at: Date): Promise<boolean> {
  const n = counted.checked + counted.skipped;
  const [run] = await tx
    .update(monitoringRuns)
    .set({
      pending: sql`greatest(${monitoringRuns.pending} - ${n}, 0)`,
      skipped: sql`${monitoringRuns.skipped} + ${counted.skipped}`,
      status: sql`CASE WHEN ${monitoringRuns.pending} <= ${n} THEN 'done' ELSE 'running' END`,
      finishedAt: sql`CASE WHEN ${monitoringRuns.pending} <= ${n} THEN ${at.toISOString()}::timestamptz ELSE NULL END`,
    })
    .where(and(eq(monitoringRuns.id, runId), eq(monitoringRuns.status, 'running')))
    .returning({ status: monitoringRuns.status });
  return run?.status === 'done';
}

/** Runs under way since before `before`, locked for the caller to end them. */
export async function staleRuns(tx: Db, before: Date): Promise<RunRow[]> {
  return tx
    .select()
    .from(monitoringRuns)
    .where(and(eq(monitoringRuns.status, 'running'), lt(monitoringRuns.createdAt, before)))
    .for('update', { skipLocked: true });
}

export async function finishRun(tx: Db, runId: string, at: Date): Promise<void> {
  await tx.update(monitoringRuns).set({ status: 'done', pending: 0, finishedAt: at }).where(eq(monitoringRuns.id, runId));
}

/**
 * A run of the portfolio ended at `at`: its last check time, and the next one a period later
 * while it is watched (a portfolio checked by hand without a setting gets a disabled one).
 */
export async function markChecked(tx: Db, portfolioId: string, userId: string, at: Date, nextFor: (f: MonitoringFrequency) => Date): Promise<void> {
  const setting = await tx.select().from(portfolioMonitoring).where(eq(portfolioMonitoring.portfolioId, portfolioId)).for('update');
  const current = setting[0];
  if (!current) {
    await tx.insert(portfolioMonitoring).values({ portfolioId, userId, enabled: false, frequency: 'daily', reassess: 'never', lastCheckedAt: at, updatedAt: at });
    return;
  }
  await tx
    .update(portfolioMonitoring)
    .set({ lastCheckedAt: at, nextCheckAt: current.enabled ? nextFor(current.frequency) : null })
    .where(eq(portfolioMonitoring.portfolioId, portfolioId));
}

/**
 * Claims a due watched portfolio for a scheduled run: moves its next check a period on, so that
 * another instance ticking at the same time finds it not due. False when it is no longer due.
 */
export async function claimDue(tx: Db, portfolioId: string, now: Date, next: Date): Promise<boolean> {
  const rows = await tx
    .update(portfolioMonitoring)
    .set({ nextCheckAt: next })
    .where(and(eq(portfolioMonitoring.portfolioId, portfolioId), eq(portfolioMonitoring.enabled, true), lte(portfolioMonitoring.nextCheckAt, now)))
    .returning({ id: portfolioMonitoring.portfolioId });
  return rows.length > 0;
}

/** Watched portfolios whose next check has come, oldest due first. */
export async function duePortfolios(db: Db, now: Date, limit: number): Promise<SettingRow[]> {
  return db
    .select()
    .from(portfolioMonitoring)
    .where(and(eq(portfolioMonitoring.enabled, true), lte(portfolioMonitoring.nextCheckAt, now)))
    .orderBy(asc(portfolioMonitoring.nextCheckAt))
    .limit(limit);
}

export async function watchedPortfolios(db: Db): Promise<SettingRow[]> {
  return db.select().from(portfolioMonitoring).where(eq(portfolioMonitoring.enabled, true));
}

export async function findState(db: Db, rowId: string): Promise<{ state: unknown; runId: string } | null> {
  return firstRow(
    db
      .select({ state: monitoringStates.state, runId: monitoringStates.runId })
      .from(monitoringStates)
      .where(eq(monitoringStates.rowId, rowId)),
  );
}

/** The runs that last wrote these rows' states (rows never checked are absent). */
export async function stateRuns(tx: Db, rowIds: readonly string[]): Promise<Map<string, string>> {
  if (rowIds.length === 0) return new Map();
  const rows = await tx
    .select({ rowId: monitoringStates.rowId, runId: monitoringStates.runId })
    .from(monitoringStates)
    .where(inArray(monitoringStates.rowId, [...rowIds]));
  return new Map(rows.map((r) => [r.rowId, r.runId]));
}

export async function saveStates(tx: Db, rows: readonly { rowId: string; portfolioId: string; runId: string; state: unknown; at: Date }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(monitoringStates)
    .values(rows.map((r) => ({ rowId: r.rowId, portfolioId: r.portfolioId, state: r.state, runId: r.runId, checkedAt: r.at })))
    .onConflictDoUpdate({
      target: monitoringStates.rowId,
      set: { state: sql`excluded.state`, runId: sql`excluded.run_id`, checkedAt: sql`excluded.checked_at` },
    });
}

/** Any constant: the lock that serialises event writers (see insertEvents). */
const EVENTS_LOCK = 0x6576656e74; // 'event'

/**
 * Stores the events of one check inside its transaction. The transaction-scoped lock is taken
 * before the sequence numbers are drawn and held until commit, so events become visible in `seq`
 * order: a reader paging by `seq` never skips an event that a slower transaction commits later.
 */
export async function insertEvents(tx: Db, events: readonly NewEvent[], at: Date): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${EVENTS_LOCK})`);
  await tx.insert(monitoringEvents).values(events.map((e) => ({ ...e, detectedAt: e.detectedAt ?? at })));
}

export interface EventFilter {
  portfolioId?: string;
  type?: MonitoringEventType;
}

function filterWhere(userId: string, filter: EventFilter): SQL[] {
  const where: SQL[] = [eq(monitoringEvents.userId, userId)];
  if (filter.portfolioId) where.push(eq(monitoringEvents.portfolioId, filter.portfolioId));
  if (filter.type) where.push(eq(monitoringEvents.type, filter.type));
  return where;
}

/**
 * The user's events past the cursor `seq` (after it oldest first, before it newest first); one
 * more than `limit` to tell whether a page follows.
 */
export async function pageEvents(
  db: Db,
  userId: string,
  filter: EventFilter & { cursorSeq: number | null; order: 'asc' | 'desc'; since?: Date; limit: number },
): Promise<EventRow[]> {
  const where = filterWhere(userId, filter);
  if (filter.cursorSeq !== null) where.push(filter.order === 'asc' ? gt(monitoringEvents.seq, filter.cursorSeq) : lt(monitoringEvents.seq, filter.cursorSeq));
  if (filter.since) where.push(gte(monitoringEvents.detectedAt, filter.since));
  return db
    .select()
    .from(monitoringEvents)
    .where(and(...where))
    .orderBy(filter.order === 'asc' ? asc(monitoringEvents.seq) : desc(monitoringEvents.seq))
    .limit(filter.limit + 1);
}

/** How many of the user's events that match are not acknowledged. */
export async function countUnread(db: Db, userId: string, filter: EventFilter): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(monitoringEvents)
    .where(and(...filterWhere(userId, filter), isNull(monitoringEvents.acknowledgedAt)));
  return Number(rows[0]?.n ?? 0);
}

/** Acknowledges every unacknowledged event of the user that matches; answers how many. */
export async function acknowledgeAll(db: Db, userId: string, filter: EventFilter, at: Date): Promise<number> {
  const rows = await db
    .update(monitoringEvents)
    .set({ acknowledgedAt: at })
    .where(and(...filterWhere(userId, filter), isNull(monitoringEvents.acknowledgedAt)))
    .returning({ id: monitoringEvents.id });
  return rows.length;
}

/** Every user's events after `afterSeq`, oldest first (the delivery feeds: webhooks, e-mail). */
export async function eventsAfter(db: Db, afterSeq: number, limit: number): Promise<EventRow[]> {
  return db.select().from(monitoringEvents).where(gt(monitoringEvents.seq, afterSeq)).orderBy(asc(monitoringEvents.seq)).limit(limit);
}

/** Marks one of the user's events acknowledged (once: a second call keeps the first time); null when it is not theirs. */
export async function acknowledge(db: Db, userId: string, id: string, at: Date): Promise<EventRow | null> {
  await db
    .update(monitoringEvents)
    .set({ acknowledgedAt: at })
    .where(and(eq(monitoringEvents.id, id), eq(monitoringEvents.userId, userId), isNull(monitoringEvents.acknowledgedAt)));
  return firstRow(
    db
      .select()
      .from(monitoringEvents)
      .where(and(eq(monitoringEvents.id, id), eq(monitoringEvents.userId, userId))),
  );
}

/**
 * Records that monitoring has answered this version of a list (app_state, one key per list).
 * True for the one caller, of all instances, that records a version not recorded before: a
 * version loaded again at start-up, or taken in by every instance, starts runs once.
 */
export async function claimListVersion(db: Db, list: string, contentHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(appState)
    .values({ key: `monitoring.list-version.${list}`, value: contentHash, updatedAt: at })
    .onConflictDoUpdate({ target: appState.key, set: { value: contentHash, updatedAt: at }, setWhere: sql`${appState.value} IS DISTINCT FROM excluded.value` })
    .returning({ key: appState.key });
  return rows.length > 0;
}
