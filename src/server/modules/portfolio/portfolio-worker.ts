import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { siteRequestOf, type Assessments } from '../assessment/index.js';
import type { PortfolioQueue, RowJob } from './portfolio-queue.js';
import * as repo from './portfolio.repo.js';
import type { RowLeases } from './row-leases.js';

/**
 * The background workers of one instance: up to `concurrency` rows in flight, each taken from the
 * queue, claimed under its lease, assessed through the assessment module (request key
 * 'portfolio-row:<rowId>', so a row resumed after a crash finds the report it already paid for),
 * and its outcome written. A sweeper gives rows left running by a dead worker back to the queue.
 */

export interface WorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PortfolioWorkersDeps {
  db: Db;
  queue: PortfolioQueue;
  leases: RowLeases;
  assessments: Pick<Assessments, 'assessSite'>;
  concurrency: number;
  log: WorkerLog;
  /** How often an idle worker asks the queue (another instance's new rows). */
  pollMs?: number;
  /** How often rows left running by a dead worker are looked for. */
  sweepMs?: number;
  /** On shutdown, how long rows in flight may take to finish before they are stopped. */
  stopGraceMs?: number;
  now?: () => Date;
}

/** Longest one row may take (the search, scrape and analysis budgets of the assessment, and some). */
export const ROW_BUDGET_MS = 240_000;
/**
 * A job delivered this long ago whose row is still queued was taken by a worker that died before
 * claiming the row (a live one claims it within milliseconds).
 */
const STRANDED_AFTER_S = 30;
/** On shutdown, rows in flight get this long (by default) to finish before they are stopped and queued again. */
const STOP_GRACE_MS = 5_000;

export const rowErrors = {
  internal: 'The assessment stopped on an internal error. Retry the row.',
};

export const requestKeyOf = (rowId: string) => `portfolio-row:${rowId}`;

/** A row's failure in words: the assessment's own message (company unknown, source down, no credits left…). */
function failureOf(err: AppError): string {
  if (err.status === 403) return `No credit was spent: ${err.message}`;
  return err.message;
}

export class PortfolioWorkers {
  private readonly pollMs: number;
  private readonly sweepMs: number;
  private readonly now: () => Date;
  private readonly inFlight = new Map<string, { rowId: string; abort: AbortController; done: Promise<void> }>();
  private running = false;
  private stopping = false;
  private loopDone: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  /** A wake-up that came while the loop was busy: its next wait returns at once. */
  private woken = false;
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;

  constructor(private readonly deps: PortfolioWorkersDeps) {
    this.pollMs = deps.pollMs ?? 1000;
    this.sweepMs = deps.sweepMs ?? 5000;
    this.now = deps.now ?? (() => new Date());
    deps.leases.onLost(() => {
      // Another instance may take these rows over now: stop working on them.
      for (const job of this.inFlight.values()) job.abort.abort(new Error('row lease lost'));
    });
  }

  /** Starts the loop (idempotent); a concurrency of 0 runs nothing on this instance. */
  start(): void {
    if (this.running || this.stopping || this.deps.concurrency < 1) return;
    this.running = true;
    this.loopDone = this.loop().catch((err: unknown) => this.deps.log.error({ err: String(err) }, 'portfolio workers stopped'));
    this.sweepTimer = setInterval(() => void this.sweep(), this.sweepMs);
    this.sweepTimer.unref();
  }

  /** New rows were queued: an idle worker asks the queue now rather than at its next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async loop(): Promise<void> {
    let started = false;
    while (!this.stopping) {
      if (!started) {
        try {
          await this.deps.queue.ready();
          started = true;
          await this.sweep();
        } catch (err) {
          this.deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'portfolio queue not ready; trying again');
          await this.idle();
          continue;
        }
      }
      const free = this.deps.concurrency - this.inFlight.size;
      let got = 0;
      if (free > 0) {
        let jobs: RowJob[] = [];
        try {
          jobs = await this.deps.queue.fetch(free);
        } catch (err) {
          this.deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'portfolio queue fetch failed');
        }
        got = jobs.length;
        for (const job of jobs) this.begin(job);
      }
      // Fetched a full batch: there may be more at once; otherwise wait for a free slot, a wake-up or the poll.
      if (got > 0 && got === free) continue;
      await this.idle();
    }
  }

  /** Waits for a wake-up (a free slot, new rows here, shutdown) or the poll interval. */
  private async idle(): Promise<void> {
    if (this.stopping) return;
    if (this.woken) {
      this.woken = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.pollMs);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wakeUp = undefined;
    this.woken = false;
  }

  private begin(job: RowJob): void {
    const abort = new AbortController();
    const entry = { rowId: job.rowId, abort, done: Promise.resolve() };
    this.inFlight.set(job.id, entry);
    entry.done = this.process(job, abort.signal)
      .catch((err: unknown) => this.deps.log.error({ err: err instanceof Error ? err.message : String(err), rowId: job.rowId }, 'portfolio row failed'))
      .finally(() => {
        this.inFlight.delete(job.id);
        this.wake();
      });
  }

  private async process(job: RowJob, stop: AbortSignal): Promise<void> {
    const { db, queue, leases, log } = this.deps;
    let taken: boolean;
    try {
      taken = await leases.tryTake(job.rowId);
    } catch (err) {
      // The lease connection is away: the job comes back after pg-boss's retry delay.
      await queue.fail(job.id, err instanceof Error ? err.message : String(err)).catch(() => {});
      throw err;
    }
    if (!taken) {
      // A live worker has the row (this delivery is a duplicate), or on PostgreSQL another row
      // whose lock key collides: either way the job comes back later, and then finds out.
      await queue.fail(job.id, 'the row is being assessed elsewhere');
      return;
    }
    let outcome: repo.RowOutcome | undefined;
    let claim: repo.ClaimedRow | null = null;
    try {
      claim = await repo.claimRow(db, job.rowId, this.now());
      if (!claim) {
        await queue.complete(job.id);
        return;
      }
      try {
        const signal = AbortSignal.any([stop, AbortSignal.timeout(ROW_BUDGET_MS)]);
        const site = await this.deps.assessments.assessSite(claim.userId, siteRequestOf(claim), { requestKey: requestKeyOf(claim.id), signal });
        outcome = { reportId: site.reportId };
        log.info({ rowId: claim.id, portfolioId: claim.portfolioId, reportId: site.reportId, replayed: site.replayed }, 'portfolio row assessed');
      } catch (err) {
        if (stop.aborted) {
          // Shutting down: the row goes back to the queue with a fresh job, for any instance.
          // The lease was lost: another instance may have the row now, so it is left alone.
          if (this.stopping) await this.handBack(claim.id, job.id, claim.userId);
          return;
        }
        if (err instanceof AppError && err.status !== 429) {
          outcome = { error: failureOf(err) };
          log.info({ rowId: claim.id, portfolioId: claim.portfolioId, code: err.code }, 'portfolio row failed');
        }
        else if (job.retryCount >= job.retryLimit) {
          log.error({ err: err instanceof Error ? err.message : String(err), rowId: claim.id }, 'portfolio row gave up');
          outcome = { error: err instanceof AppError ? err.message : rowErrors.internal };
        } else {
          // A provider asking us to slow down, or trouble of our own: the queue tries again later.
          await repo.requeueRow(db, claim.id).catch(() => {});
          await queue.fail(job.id, err instanceof Error ? err.message : String(err));
          return;
        }
      }
      await repo.finishRow(db, claim.id, claim.portfolioId, outcome, this.now());
      await queue.complete(job.id);
    } finally {
      await leases.release(job.rowId);
    }
  }

  /** A row stopped by shutdown, queued again under a new job (no retry of pg-boss is used up); on failure the sweeper will. */
  private async handBack(rowId: string, jobId: string, userId?: string): Promise<void> {
    const { db, queue, log } = this.deps;
    try {
      await db.transaction(async (tx) => {
        if (await repo.requeueRow(tx, rowId)) await queue.enqueue(tx, [rowId], userId);
      });
      await queue.complete(jobId);
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : String(err), rowId }, 'portfolio row left for the sweeper');
    }
  }

  /**
   * Rows marked running whose lease is free were left by a worker that died (a killed process):
   * each goes back to the queue with a new job, in one transaction. At start-up on PGlite, every
   * running row is such a row (one process owns the database). Rows still queued whose only job
   * was taken long ago get a new job too; a late delivery of the old one then finds the row done.
   */
  async sweep(): Promise<void> {
    if (this.sweeping) return this.sweeping;
    this.sweeping = (async () => {
      const { db, queue, leases, log } = this.deps;
      await queue.ready();
      const mine = new Set([...this.inFlight.values()].map((j) => j.rowId));
      let resumed = 0;
      for (const rowId of await repo.runningRowIds(db)) {
        if (this.stopping) break;
        if (mine.has(rowId) || !(await leases.tryTake(rowId))) continue;
        try {
          const requeued = await db.transaction(async (tx) => {
            if (!(await repo.requeueRow(tx, rowId))) return false;
            await queue.enqueue(tx, [rowId]);
            return true;
          });
          if (requeued) resumed++;
        } finally {
          await leases.release(rowId);
        }
      }
      // Rows still queued whose job was taken by a worker that died before claiming them.
      for (const rowId of await queue.strandedRows(STRANDED_AFTER_S)) {
        if (this.stopping) break;
        if (mine.has(rowId) || !(await leases.tryTake(rowId))) continue;
        try {
          await db.transaction(async (tx) => queue.enqueue(tx, [rowId]));
          resumed++;
        } finally {
          await leases.release(rowId);
        }
      }
      if (resumed) {
        log.info({ rows: resumed }, 'portfolio rows left by a stopped worker queued again');
        this.wake();
      }
    })()
      .catch((err: unknown) => this.deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'portfolio sweep failed'))
      .finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  /** Stops taking rows; rows in flight get a few seconds, then are stopped and queued again. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweepTimer);
    this.wake();
    const pending = () => Promise.all([...this.inFlight.values()].map((j) => j.done));
    const grace = new Promise<void>((resolve) => setTimeout(resolve, this.deps.stopGraceMs ?? STOP_GRACE_MS).unref());
    await Promise.race([pending(), grace]);
    for (const job of this.inFlight.values()) job.abort.abort(new Error('shutting down'));
    await pending();
    await this.loopDone;
    await this.sweeping;
  }
}
