import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client.js';
import { claimFairly } from '../../db/fair-claim.js';
import { jobQueueDbIn, type JobQueueDb } from '../../db/job-queue-db.js';
import type { JobQueue } from '../../db/job-queue.js';
import type { Leases } from '../../db/leases.js';

/**
 * The monitoring job queue, on the process's job queue (db/job-queue.ts): one job per row of a
 * check run, carrying what the check needs. A job whose check failed (a register down) is retried
 * by pg-boss after `retrySeconds`, doubling; the last failure gives the row up for this run.
 * A job delivered twice does nothing the second time (the row's state names the run that wrote it).
 */

export const MONITORING_CHECK_QUEUE = 'monitoring-check';

export interface CheckJobData {
  runId: string;
  userId: string;
  portfolioId: string;
  rowId: string;
  /** As the row gives them (the portfolio's own fields). */
  fiscalNumber: string;
  country: string;
  reportId: string;
  /** What a re-assessment asks for again (absent on jobs queued before re-assessment). */
  siteAddress?: string;
  siteType?: string;
  reference?: string;
}

export interface CheckJob {
  id: string;
  data: CheckJobData;
  retryCount: number;
  retryLimit: number;
}

export interface MonitoringLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Tries of a row's check before it is given up for this run: with 60 s doubling, about an hour. */
const RETRY_LIMIT = 6;
/** A delivered check not finished by then (its process died) is delivered again. */
const EXPIRE_SECONDS = 5 * 60;
/** Checks claimed per free slot at a time (a claim costs about as much for one job as for thirty). */
const CLAIM_SLOTS = 8;
/** How long a done check waits for others to be marked done with it. */
const COMPLETE_EVERY_MS = 100;

/**
 * How long a run may stay under way before the schedule ends it: longer than a row's every retry
 * (doubling from `retrySeconds`) and an expired delivery or two. A run left running longer lost a
 * job (a process killed while giving a row up), and would hold off every later run with 409.
 */
export function runGiveUpMs(retrySeconds: number): number {
  return (retrySeconds * 2 ** (RETRY_LIMIT + 1) + 2 * EXPIRE_SECONDS) * 1000;
}

export class MonitoringQueue {
  private stopped = false;

  constructor(private readonly deps: { jobs: JobQueue; db: JobQueueDb; retrySeconds: number }) {}

  /** Retries and expiry, of the queue and of every job put on it. */
  private jobOptions() {
    return { retryLimit: RETRY_LIMIT, retryDelay: this.deps.retrySeconds, retryBackoff: true, expireInSeconds: EXPIRE_SECONDS };
  }

  /** The queue, made on first use. */
  ready(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('the job queue is stopped'));
    return this.deps.jobs.queue(MONITORING_CHECK_QUEUE, this.jobOptions());
  }

  /** Queues the run's jobs inside `tx` (call ready() before opening it, as PortfolioQueue says). */
  async enqueue(tx: Db, jobs: readonly CheckJobData[]): Promise<void> {
    if (jobs.length === 0) return;
    const boss = this.deps.jobs.startedWith(MONITORING_CHECK_QUEUE);
    const options = this.jobOptions();
    await boss.insert(
      jobs.map((data) => ({ name: MONITORING_CHECK_QUEUE, data, ...options })),
      { db: jobQueueDbIn(tx) },
    );
  }

  /** Up to `n` checks, shared fairly across users (one user's big book never holds back another's). */
  async fetch(n: number): Promise<CheckJob[]> {
    await this.ready();
    const jobs = await claimFairly<CheckJobData>(this.deps.db, MONITORING_CHECK_QUEUE, n);
    return jobs.map((j) => ({ id: j.id, data: j.data, retryCount: j.retryCount, retryLimit: j.retryLimit }));
  }

  /** Marks checks done (several at once: one statement however many). */
  async complete(jobIds: string[]): Promise<void> {
    await (await this.ready()).complete(MONITORING_CHECK_QUEUE, jobIds);
  }

  async fail(jobId: string, reason: string): Promise<void> {
    await (await this.ready()).fail(MONITORING_CHECK_QUEUE, jobId, { reason });
  }

  /** Takes no more work; the process's job queue is stopped by its owner. */
  stop(): void {
    this.stopped = true;
  }
}

/**
 * This instance's checks: up to `concurrency` in flight, each taken from the queue. A check that
 * throws goes back to the queue for a later try; on its last try the row is given up instead.
 */
export class MonitoringWorkers {
  private timer: NodeJS.Timeout | undefined;
  /** Checks claimed (their leases held) and not started yet. */
  private claimed: CheckJob[] = [];
  /** Checks done whose completion goes out with the next flush. */
  private done: CheckJob[] = [];
  private flushing: Promise<void> | undefined;
  private pumping = false;
  private stopped = false;
  private readonly inflight = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      queue: Pick<MonitoringQueue, 'fetch' | 'complete' | 'fail'>;
      /** A row's lease, held from the claim of its check to the end: a free one means no live worker. */
      leases: Pick<Leases, 'tryTake' | 'release'>;
      concurrency: number;
      check: (job: CheckJobData) => Promise<void>;
      giveUp: (job: CheckJobData) => Promise<void>;
      log: MonitoringLog;
      pollMs?: number;
    },
  ) {}

  start(): void {
    if (this.deps.concurrency === 0 || this.stopped) return;
    this.timer = setInterval(() => void this.pump(), this.deps.pollMs ?? 1000);
    this.timer.unref();
    void this.pump();
  }

  /** New jobs were queued here: look now rather than at the next poll. */
  wake(): void {
    if (this.timer) void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.stopped || this.pumping) return;
    this.pumping = true;
    try {
      while (!this.stopped && this.inflight.size < this.deps.concurrency) {
        const job = await this.next();
        if (!job) break;
        const running: Promise<void> = this.handle(job).finally(() => {
          this.inflight.delete(running);
          void this.pump();
        });
        this.inflight.add(running);
      }
    } catch (err) {
      if (!this.stopped) this.deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'monitoring queue unreachable');
    } finally {
      this.pumping = false;
    }
  }

  /**
   * The next check to run. A claim ranks every waiting job of the queue, so checks are claimed a
   * few slots' worth at a time rather than one per freed slot; each claimed row's lease is taken
   * at once, so a check waiting here is as owned as one running. A row whose lease is held (its
   * check of this or another run under way here or on another instance, or the orphan sweep
   * looking at it) goes back to the queue for a later try: completed unchecked, its run would
   * wait for it to the end.
   */
  private async next(): Promise<CheckJob | undefined> {
    if (this.claimed.length === 0) {
      const jobs = await this.deps.queue.fetch(this.deps.concurrency * CLAIM_SLOTS);
      const busy: CheckJob[] = [];
      for (const job of jobs) {
        if (await this.deps.leases.tryTake(job.data.rowId)) this.claimed.push(job);
        else busy.push(job);
      }
      for (const job of busy) await this.deps.queue.fail(job.id, 'the row was being checked');
    }
    return this.claimed.shift();
  }

  private async handle(job: CheckJob): Promise<void> {
    try {
      await this.deps.check(job.data);
    } catch (err) {
      await this.failed(job, err);
      await this.deps.leases.release(job.data.rowId);
      return;
    }
    this.completeSoon(job);
  }

  /**
   * Completions go out together, a moment later, and the rows' leases are let go after them (a
   * done check whose job still looks taken must not look abandoned to the orphan sweep). A check
   * killed before its completion is sent is delivered again and finds its row stored for the run.
   */
  private completeSoon(job: CheckJob): void {
    this.done.push(job);
    this.flushing ??= new Promise<void>((resolve) => setTimeout(resolve, COMPLETE_EVERY_MS)).then(async () => {
      const jobs = this.done.splice(0);
      this.flushing = undefined;
      try {
        await this.deps.queue.complete(jobs.map((j) => j.id));
      } catch (err) {
        this.deps.log.warn({ err: err instanceof Error ? err.message : String(err), checks: jobs.length }, 'monitoring checks could not be marked done');
      }
      await Promise.allSettled(jobs.map((j) => this.deps.leases.release(j.data.rowId)));
    });
  }

  /** A check that threw goes back for a later try; on its last try the row is given up instead. */
  private async failed(job: CheckJob, err: unknown): Promise<void> {
    const { queue, log } = this.deps;
    const reason = err instanceof Error ? err.message : String(err);
    const last = job.retryCount >= job.retryLimit;
    log.warn({ rowId: job.data.rowId, runId: job.data.runId, reason, retry: job.retryCount }, last ? 'monitoring check given up' : 'monitoring check will be retried');
    try {
      if (last) await this.deps.giveUp(job.data);
      await queue.fail(job.id, reason);
    } catch (failed) {
      // The job expires and is delivered again.
      log.warn({ err: failed instanceof Error ? failed.message : String(failed) }, 'monitoring job could not be returned');
    }
  }

  /**
   * Stops taking jobs; checks in flight get a few seconds, the rest expire back to the queue.
   * Claimed checks not started go back at once (a retry of each), their leases let go.
   */
  async stop(graceMs = 5000): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    const unstarted = this.claimed.splice(0);
    await Promise.allSettled(
      unstarted.map(async (job) => {
        await this.deps.queue.fail(job.id, 'the instance stopped before it ran this check');
        await this.deps.leases.release(job.data.rowId);
      }),
    );
    let wait: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.inflight]), new Promise((r) => (wait = setTimeout(r, graceMs)))]);
    clearTimeout(wait);
    await this.flushing;
  }
}
