import { countryByIso2, countryByName, fullVatNumber } from '../../../shared/countries.js';
import type {
  MonitoringAcknowledged,
  MonitoringEvent,
  MonitoringEventFilter,
  MonitoringEventList,
  MonitoringEventsQuery,
  MonitoringEventType,
  MonitoringFrequency,
  MonitoringReassess,
  MonitoringRunStarted,
  MonitoringSetting,
  MonitoringSettingBody,
  MonitoringUnreadCount,
} from '../../../shared/contracts/monitoring.js';
import { msg } from '../../../shared/i18n/message.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { siteRequestOf, type Assessments } from '../assessment/index.js';
import type { Companies } from '../companies/index.js';
import type { Portfolios } from '../portfolio/index.js';
import type { Reports } from '../reports/index.js';
import type { SanctionsLists, Screening } from '../screening/index.js';
import type { CheckJobData, MonitoringLog, MonitoringQueue } from './monitoring-queue.js';
import { CheckStore } from './check-store.js';
import * as repo from './monitoring.repo.js';
import { changesBetween, rerateChange, stateFromCheck, stateFromReport, watchedStateSchema, type Change, type WatchedState } from './watched-state.js';

/** In English; the answers carry the first two as messages of the errors catalogue, in the reader's language. */
export const monitoringErrors = {
  running: 'A check of this portfolio is already under way. Wait for it to end before starting another.',
  eventNotFound: 'Event not found',
  badCursor: 'This cursor was not handed out by this list: send back the `next` of the previous page.',
};

/** How long one row's check may take (the sources' answers and the screening). */
const CHECK_BUDGET_MS = 60_000;
/** How long a re-assessment may take (as a portfolio row's assessment). */
const REASSESS_BUDGET_MS = 240_000;

/** The request key of a row's re-assessment in a run: a job delivered again finds the report it paid for. */
export const reassessKeyOf = (runId: string, rowId: string) => `monitoring-reassess:${runId}:${rowId}`;

/** Whether a report made at `madeAt` is due for re-assessment at `now`: a calendar month or quarter old. */
export function reassessmentDue(madeAt: Date, reassess: 'never' | 'monthly' | 'quarterly', now: Date): boolean {
  if (reassess === 'never') return false;
  const due = new Date(madeAt);
  due.setUTCMonth(due.getUTCMonth() + (reassess === 'monthly' ? 1 : 3));
  return due.getTime() <= now.getTime();
}

/** What a row's re-assessment came to in a check. */
type Reassessment = { kind: 'done'; reportId: string; change: Change | null } | { kind: 'skipped'; reason: string };
const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The next check a period after `from`: a day, a week, or a calendar month. */
export function nextCheckAfter(from: Date, frequency: MonitoringFrequency): Date {
  const next = new Date(from);
  if (frequency === 'daily') next.setUTCDate(next.getUTCDate() + 1);
  else if (frequency === 'weekly') next.setUTCDate(next.getUTCDate() + 7);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

const encodeCursor = (seq: number) => Buffer.from(JSON.stringify({ s: seq })).toString('base64url');
function decodeCursor(cursor: string): number {
  try {
    const seq = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { s?: unknown }).s;
    if (typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 0) return seq;
  } catch {
    // falls through to the 400
  }
  throw badRequest(monitoringErrors.badCursor, 'invalid_cursor');
}

function eventDto(e: repo.EventRow): MonitoringEvent {
  return {
    id: e.id,
    portfolio_id: e.portfolioId,
    row_id: e.rowId,
    fiscal_number: e.fiscalNumber,
    country: e.country,
    company_name: e.companyName,
    type: e.type as MonitoringEventType,
    old_value: e.oldValue,
    new_value: e.newValue,
    detected_at: e.detectedAt.toISOString(),
    acknowledged_at: e.acknowledgedAt?.toISOString() ?? null,
    ...(e.reportId ? { report_id: e.reportId } : {}),
  };
}

/** One stored event with its owner and its position in the feed of every user's events. */
export interface FeedEvent {
  seq: number;
  userId: string;
  event: MonitoringEvent;
}

export interface MonitoringServiceDeps {
  db: Db;
  portfolios: Pick<Portfolios, 'getPortfolio' | 'replaceRowReport'>;
  /** Re-assessments (one credit each) run through the assessment module. */
  assessments: Pick<Assessments, 'assessSite'>;
  companies: Pick<Companies, 'checkVat' | 'recheckCompany'>;
  reports: Pick<Reports, 'getReport'>;
  screening: Pick<Screening, 'screenCompany'>;
  lists: Pick<SanctionsLists, 'catchUp'>;
  queue: Pick<MonitoringQueue, 'ready' | 'enqueue'>;
  /** How long a run may stay under way before the schedule ends it (runGiveUpMs). */
  runGiveUpMs: number;
  /** New jobs were queued: this instance's workers look at once. */
  onQueued?: () => void;
  log: MonitoringLog;
  now?: () => Date;
}

/**
 * Monitoring: a portfolio's watch setting, its check runs (one job per assessed row), a row's
 * check (the company re-read afresh and screened again, compared with its last known state), and
 * the events those checks store. Checks spend no credit.
 */
export class MonitoringService {
  private readonly now: () => Date;
  private readonly eventListeners = new Set<() => void>();
  private readonly runs = new Map<string, { createdAt: Date; reassess: MonitoringReassess }>();
  private readonly store: CheckStore;

  constructor(private readonly deps: MonitoringServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.store = new CheckStore({
      db: deps.db,
      runEnded: (tx, job, at) => repo.markChecked(tx, job.portfolioId, job.userId, at, (f) => nextCheckAfter(at, f)),
    });
  }

  // --- the setting ------------------------------------------------------------------------------

  async getSetting(userId: string, portfolioId: string): Promise<MonitoringSetting> {
    await this.deps.portfolios.getPortfolio(userId, portfolioId);
    return this.settingOf(portfolioId);
  }

  /** Stores the setting; turning it on schedules the first check a period from now and starts none. */
  async putSetting(userId: string, portfolioId: string, body: MonitoringSettingBody): Promise<MonitoringSetting> {
    await this.deps.portfolios.getPortfolio(userId, portfolioId);
    const current = await repo.findSetting(this.deps.db, portfolioId);
    const now = this.now();
    const unchanged = current?.enabled && body.enabled && current.frequency === body.frequency && current.nextCheckAt;
    const nextCheckAt = !body.enabled ? null : unchanged ? current.nextCheckAt : nextCheckAfter(now, body.frequency);
    await repo.saveSetting(this.deps.db, { portfolioId, userId, setting: body, nextCheckAt, at: now });
    return this.settingOf(portfolioId);
  }

  private async settingOf(portfolioId: string): Promise<MonitoringSetting> {
    const [row, running] = await Promise.all([repo.findSetting(this.deps.db, portfolioId), repo.runningRun(this.deps.db, portfolioId)]);
    return {
      portfolio_id: portfolioId,
      enabled: row?.enabled ?? false,
      frequency: row?.frequency ?? 'daily',
      reassess: row?.reassess ?? 'never',
      last_checked_at: row?.lastCheckedAt?.toISOString() ?? null,
      next_check_at: row?.enabled ? (row.nextCheckAt?.toISOString() ?? null) : null,
      running: running !== null,
    };
  }

  // --- runs -------------------------------------------------------------------------------------

  /** A check of every assessed row, queued now: 409 while a run of the portfolio is under way. */
  async checkNow(userId: string, portfolioId: string): Promise<MonitoringRunStarted> {
    const started = await this.startRun(userId, portfolioId, 'manual');
    if (!started) throw conflict(msg('error.monitoring.running'), 'check_running');
    return started;
  }

  /**
   * Starts a run: one job per row that has a report (rows still queued or failed have no company
   * to compare with). Null when a run of the portfolio is under way, or (`schedule`) when the
   * portfolio is no longer due because another instance took it.
   */
  private async startRun(userId: string, portfolioId: string, reason: 'manual' | 'schedule' | 'lists'): Promise<MonitoringRunStarted | null> {
    const portfolio = await this.deps.portfolios.getPortfolio(userId, portfolioId);
    const rows = portfolio.rows.filter((r) => r.status === 'done' && r.report_id);
    await this.deps.queue.ready();
    const now = this.now();
    const started = await this.deps.db
      .transaction(async (tx) => {
        if (reason === 'schedule') {
          const setting = await repo.findSetting(tx, portfolioId);
          if (!setting || !(await repo.claimDue(tx, portfolioId, now, nextCheckAfter(now, setting.frequency)))) return null;
        }
        const runId = await repo.insertRun(tx, { portfolioId, userId, reason, total: rows.length });
        // A run already under way: undo the claim too, so the schedule tries again after it.
        if (!runId) throw new RunUnderWay();
        if (rows.length === 0) {
          await repo.finishRun(tx, runId, now);
          await repo.markChecked(tx, portfolioId, userId, now, (f) => nextCheckAfter(now, f));
        }
        const jobs: CheckJobData[] = rows.map((r) => ({
          runId,
          userId,
          portfolioId,
          rowId: r.id,
          fiscalNumber: r.fiscal_number,
          country: r.country,
          reportId: r.report_id!,
          siteAddress: r.site_address,
          reference: r.reference,
          ...(r.site_type ? { siteType: r.site_type } : {}),
        }));
        await this.deps.queue.enqueue(tx, jobs);
        return { run_id: runId, rows: rows.length };
      })
      .catch((err: unknown) => {
        if (err instanceof RunUnderWay) return null;
        throw err;
      });
    if (started?.rows) this.deps.onQueued?.();
    if (started) this.deps.log.info({ portfolioId, runId: started.run_id, rows: started.rows, reason }, 'monitoring run started');
    return started;
  }

  /**
   * The schedule's round: runs that lost a job ended (the rows not checked wait for the next run),
   * then a run of each watched portfolio whose next check has come.
   */
  async startDueRuns(): Promise<number> {
    await this.endStaleRuns();
    let count = 0;
    for (const due of await repo.duePortfolios(this.deps.db, this.now(), 100)) {
      const started = await this.startRun(due.userId, due.portfolioId, 'schedule').catch((err: unknown) => this.skipped(due.portfolioId, err));
      if (started) count++;
    }
    return count;
  }

  /**
   * A list's content changed here: when this instance is the first to answer that version, every
   * watched portfolio is checked at once (the company screened against the new version).
   */
  async onListVersion(change: { list: string; contentHash: string }): Promise<number> {
    if (!(await repo.claimListVersion(this.deps.db, change.list, change.contentHash, this.now()))) return 0;
    return this.startRunsForLists();
  }

  private async startRunsForLists(): Promise<number> {
    let count = 0;
    for (const watched of await repo.watchedPortfolios(this.deps.db)) {
      const started = await this.startRun(watched.userId, watched.portfolioId, 'lists').catch((err: unknown) => this.skipped(watched.portfolioId, err));
      if (started) count++;
      else this.deps.log.info({ portfolioId: watched.portfolioId }, 'a check run is under way: the new list version is screened at the next run');
    }
    return count;
  }

  private async endStaleRuns(): Promise<void> {
    const now = this.now();
    const ended = await this.deps.db.transaction(async (tx) => {
      const stale = await repo.staleRuns(tx, new Date(now.getTime() - this.deps.runGiveUpMs));
      for (const run of stale) {
        await repo.finishRun(tx, run.id, now);
        await repo.markChecked(tx, run.portfolioId, run.userId, now, (f) => nextCheckAfter(now, f));
      }
      return stale;
    });
    for (const run of ended) this.deps.log.warn({ runId: run.id, portfolioId: run.portfolioId, pending: run.pending }, 'monitoring run ended with rows unchecked');
  }

  private skipped(portfolioId: string, err: unknown): null {
    this.deps.log.warn({ portfolioId, err: err instanceof Error ? err.message : String(err) }, 'monitoring run not started');
    return null;
  }

  // --- one row's check --------------------------------------------------------------------------

  /**
   * Checks one row: the company as its sources state it now (503 from a source down: thrown, the
   * queue tries again later, nothing stored) and screened against the lists held now, compared
   * with the row's last known state (its report's before the first check). The events and the new
   * state are stored in one transaction that also counts the row in its run (CheckStore: checks
   * that finish together share it).
   */
  async checkRow(job: CheckJobData): Promise<void> {
    const run = await this.runFacts(job);
    if (!run) return;
    // A list version stored by another instance (the one that started this run for it) is screened against here too.
    await this.deps.lists.catchUp(run.createdAt);
    const stored = await repo.findState(this.deps.db, job.rowId);
    if (stored?.runId === job.runId) return;
    const last = stored ? watchedStateSchema.parse(stored.state) : await this.stateOfReport(job);
    if (!last) return this.giveUp(job);

    const country = countryByIso2(job.country.toUpperCase()) ?? countryByName(job.country);
    if (!country) return this.giveUp(job);
    const national = this.deps.companies.checkVat(job.fiscalNumber, country);
    const reassessed = await this.reassessIfDue(job, run.reassess);
    const seen = await this.deps.companies.recheckCompany(country, national, { place: last.place, signal: AbortSignal.timeout(CHECK_BUDGET_MS) });
    const screening = seen.company ? await this.deps.screening.screenCompany(seen.company) : null;
    const next = stateFromCheck(last, seen, screening);
    const vatNumber = fullVatNumber(national, country);
    const changes = changesBetween(last, next, vatNumber);
    if (reassessed?.kind === 'done') {
      delete next.reassessment_skipped_for;
      if (reassessed.change) changes.push(reassessed.change);
    } else if (reassessed?.kind === 'skipped' && last.reassessment_skipped_for !== job.reportId) {
      // Said once per report: the next checks skip again silently until a credit lets one run.
      changes.push({ type: 'reassessment_skipped', old_value: null, new_value: reassessed.reason });
      next.reassessment_skipped_for = job.reportId;
    }
    const reportId = reassessed?.kind === 'done' ? reassessed.reportId : job.reportId;

    const at = this.now();
    await this.store.store({
      kind: 'checked',
      job,
      at,
      state: next,
      events: changes.map((c) => ({
        userId: job.userId,
        portfolioId: job.portfolioId,
        rowId: job.rowId,
        fiscalNumber: vatNumber,
        country: country.iso2,
        companyName: next.name,
        type: c.type,
        oldValue: c.old_value,
        newValue: c.new_value,
        reportId,
      })),
    });
    if (changes.length) {
      this.deps.log.info({ rowId: job.rowId, types: changes.map((c) => c.type) }, 'monitoring found changes');
      this.eventsStored();
    }
  }

  /**
   * The row's re-assessment when the portfolio asks for them and the row's report is a month or a
   * quarter old: the whole assessment again (one credit, under a request key of the run and row,
   * so a retried job pays once), the row pointed at the new report, and its grade or score change.
   * Skipped when the user has no credit left (403). Null when none is due.
   */
  private async reassessIfDue(job: CheckJobData, reassess: MonitoringReassess): Promise<Reassessment | null> {
    if (reassess === 'never') return null;
    const before = await this.reportOf(job.userId, job.reportId);
    if (!before || !reassessmentDue(new Date(before.result.created_at), reassess, this.now())) return null;
    let reportId: string;
    try {
      const site = await this.deps.assessments.assessSite(job.userId, siteRequestOf(job), {
        requestKey: reassessKeyOf(job.runId, job.rowId),
        signal: AbortSignal.timeout(REASSESS_BUDGET_MS),
      });
      reportId = site.reportId;
    } catch (err) {
      if (err instanceof AppError && err.status === 403) return { kind: 'skipped', reason: err.message };
      throw err;
    }
    const after = await this.reportOf(job.userId, reportId);
    if (!after) return null;
    await this.deps.portfolios.replaceRowReport(job.userId, job.rowId, reportId);
    this.deps.log.info({ rowId: job.rowId, reportId }, 'monitoring re-assessed a row');
    const change = rerateChange(
      { grade: before.result.overallScoreGrade, score: before.result.overallScore },
      { grade: after.result.overallScoreGrade, score: after.result.overallScore },
    );
    return { kind: 'done', reportId, change };
  }

  private async reportOf(userId: string, reportId: string) {
    try {
      return await this.deps.reports.getReport(userId, reportId);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    }
  }

  /**
   * What a run's checks need of the run and its portfolio's setting, read once per run and
   * instance (a run's checks come by the hundred): null when the run is gone or ended. The
   * setting is the one of the run's first check here; whether the run is still under way is
   * asked again inside each check's transaction.
   */
  private async runFacts(job: CheckJobData): Promise<{ createdAt: Date; reassess: MonitoringReassess } | null> {
    const known = this.runs.get(job.runId);
    if (known) return known;
    const [run, setting] = await Promise.all([repo.findRun(this.deps.db, job.runId), repo.findSetting(this.deps.db, job.portfolioId)]);
    if (!run || run.status === 'done') return null;
    const facts = { createdAt: run.createdAt, reassess: (setting?.reassess ?? 'never') as MonitoringReassess };
    if (this.runs.size >= 1000) this.runs.clear();
    this.runs.set(job.runId, facts);
    return facts;
  }

  /** Called after this instance stored events (a hint to look now; other instances' events are found by polling). */
  onEvents(listener: () => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  private eventsStored(): void {
    for (const listener of this.eventListeners) {
      try {
        listener();
      } catch (err) {
        this.deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'monitoring event listener failed');
      }
    }
  }

  /** The row's check gave up for this run (its sources down through every try): counted, nothing stored. */
  async giveUp(job: CheckJobData): Promise<void> {
    await this.store.store({ kind: 'given_up', job, at: this.now() });
  }

  /** The row's report as the first known state; null when the report is gone. */
  private async stateOfReport(job: CheckJobData): Promise<WatchedState | null> {
    try {
      const report = await this.deps.reports.getReport(job.userId, job.reportId);
      return stateFromReport(report.company_data, report.screening);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    }
  }

  // --- events -----------------------------------------------------------------------------------

  async listEvents(userId: string, query: MonitoringEventsQuery): Promise<MonitoringEventList> {
    const rows = await repo.pageEvents(this.deps.db, userId, {
      cursorSeq: query.cursor ? decodeCursor(query.cursor) : null,
      order: query.order,
      since: query.since ? new Date(query.since) : undefined,
      portfolioId: query.portfolio_id,
      type: query.type,
      limit: query.limit,
    });
    const page = rows.slice(0, query.limit);
    const more = rows.length > query.limit;
    return { items: page.map(eventDto), next: more ? encodeCursor(page.at(-1)!.seq) : null };
  }

  /**
   * Every user's events after `afterSeq`, oldest first, with their owner and position: what the
   * delivery feeds (webhooks, e-mail) read. Events become visible in `seq` order (insertEvents),
   * so a reader that keeps the last `seq` it handled misses none.
   */
  async eventsAfter(afterSeq: number, limit: number): Promise<FeedEvent[]> {
    const rows = await repo.eventsAfter(this.deps.db, afterSeq, limit);
    return rows.map((row) => ({ seq: row.seq, userId: row.userId, event: eventDto(row) }));
  }

  /** How many of the user's events (matching the filters) are not acknowledged. */
  async unreadCount(userId: string, filter: MonitoringEventFilter): Promise<MonitoringUnreadCount> {
    return { count: await repo.countUnread(this.deps.db, userId, { portfolioId: filter.portfolio_id, type: filter.type }) };
  }

  /**
   * Marks every unacknowledged event of the user that matches the filters read (another user's
   * portfolio id matches none of theirs).
   */
  async acknowledgeAll(userId: string, filter: MonitoringEventFilter): Promise<MonitoringAcknowledged> {
    const acknowledged = await repo.acknowledgeAll(this.deps.db, userId, { portfolioId: filter.portfolio_id, type: filter.type }, this.now());
    return { acknowledged };
  }

  /** Marks one of the user's events read; 404 for another user's or an unknown id. */
  async acknowledge(userId: string, id: string): Promise<MonitoringEvent> {
    const row = uuidRe.test(id) ? await repo.acknowledge(this.deps.db, userId, id, this.now()) : null;
    if (!row) throw notFound(msg('error.monitoring.eventNotFound'), 'event_not_found');
    return eventDto(row);
  }
}

/** Thrown inside the run's transaction to undo it when a run is already under way. */
class RunUnderWay extends Error {}
