import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client.js';
import { jobQueueDbIn, type JobQueueDb } from '../../db/job-queue-db.js';
import type { JobQueue } from '../../db/job-queue.js';
import { claimFairly } from '../../db/fair-claim.js';

/**
 * The portfolio job queue, on the process's job queue (db/job-queue.ts). One job per row to assess, `{rowId}`; a job only says "look at this row": the row's status
 * and its lease (row-leases.ts) decide whether anything is done, so a job delivered twice does
 * nothing the second time.
 */

export const PORTFOLIO_ROW_QUEUE = 'portfolio-row';

export interface RowJobData {
  rowId: string;
  /** The portfolio's owner: the queue hands out rows fairly across owners (absent on older jobs: one group). */
  userId?: string;
}

export interface RowJob {
  id: string;
  rowId: string;
  /** The owner the job names (absent on older jobs). */
  userId?: string;
  /** Deliveries before this one, and how many pg-boss allows: the last may give up on the row. */
  retryCount: number;
  retryLimit: number;
}

/** Retries of a job whose handler failed (database trouble): 2 s, 4 s, 8 s … about 8 minutes in all. */
const RETRY_LIMIT = 8;
/**
 * A delivered job not finished within this time is failed by pg-boss and retried. Rows are
 * claimed under a lease that outlives no process, so this is only the last resort.
 */
const EXPIRE_SECONDS = 15 * 60;

export class PortfolioQueue {
  private stopped = false;

  constructor(
    private readonly jobs: JobQueue,
    private readonly db: JobQueueDb,
  ) {}

  /** The queue, made on first use: an instance that never runs a portfolio never starts pg-boss. */
  ready(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('the job queue is stopped'));
    return this.jobs.queue(PORTFOLIO_ROW_QUEUE, { retryLimit: RETRY_LIMIT, retryDelay: 2, retryBackoff: true, expireInSeconds: EXPIRE_SECONDS });
  }

  /**
   * Queues one job per row inside `tx`: the jobs exist exactly when the transaction that wrote the
   * rows commits. Call ready() before opening the transaction: on PGlite a start inside it would
   * wait for the transaction, which waits for the start.
   */
  async enqueue(tx: Db, rowIds: readonly string[], userId?: string): Promise<void> {
    if (rowIds.length === 0) return;
    const boss = this.jobs.startedWith(PORTFOLIO_ROW_QUEUE);
    const jobs = rowIds.map((rowId) => ({ name: PORTFOLIO_ROW_QUEUE, data: (userId ? { rowId, userId } : { rowId }) satisfies RowJobData }));
    await boss.insert(jobs, { db: jobQueueDbIn(tx) });
  }

  /** Up to `n` jobs, each now held by the caller (claimed with SKIP LOCKED, so no two instances get one), shared fairly across users. */
  async fetch(n: number): Promise<RowJob[]> {
    await this.ready();
    const jobs = await claimFairly<RowJobData>(this.db, PORTFOLIO_ROW_QUEUE, n);
    return jobs.map((j) => ({ id: j.id, rowId: j.data.rowId, ...(j.data.userId ? { userId: j.data.userId } : {}), retryCount: j.retryCount, retryLimit: j.retryLimit }));
  }

  /**
   * Rows of unfinished portfolios left queued with no job that will deliver them: none waiting,
   * none retrying, and none delivered less than `staleSeconds` ago. A worker killed between
   * taking a job and claiming its row leaves such a row, until pg-boss expires the job; so does a
   * job whose retries ran out.
   */
  async strandedRows(staleSeconds: number): Promise<string[]> {
    await this.ready();
    const { rows } = await this.db.executeSql(
      `SELECT r.id::text AS id FROM portfolio_rows r JOIN portfolios p ON p.id = r.portfolio_id
       WHERE p.status <> 'done' AND r.status = 'queued'
       AND NOT EXISTS (
         SELECT 1 FROM pgboss.job j
         WHERE j.name = $1 AND j.data->>'rowId' = r.id::text
         AND (j.state IN ('created', 'retry') OR (j.state = 'active' AND j.started_on > now() - make_interval(secs => $2)))
       )`,
      [PORTFOLIO_ROW_QUEUE, staleSeconds],
    );
    return rows.map((r) => String(r.id));
  }

  async complete(jobId: string): Promise<void> {
    await (await this.ready()).complete(PORTFOLIO_ROW_QUEUE, jobId);
  }

  /** Gives the job back: pg-boss delivers it again after its retry delay, or keeps it failed after the last retry. */
  async fail(jobId: string, reason: string): Promise<void> {
    await (await this.ready()).fail(PORTFOLIO_ROW_QUEUE, jobId, { reason });
  }

  /** Takes no more work; the process's job queue is stopped by its owner. */
  stop(): void {
    this.stopped = true;
  }
}
