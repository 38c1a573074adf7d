import type PgBoss from 'pg-boss';
import type { JobQueueDb } from './job-queue-db.js';

/**
 * The process's one job queue: pg-boss over our own database (PGlite or PostgreSQL, through
 * `Database.jobQueueDb`), in its own schema `pgboss`, created and migrated by pg-boss on first
 * use. Portfolios, monitoring and the sanctions refresh each ask for their queue by name; pg-boss
 * starts once, on the first ask, so an instance that never queues anything never loads it.
 *
 * Making a queue is DDL (a partition of pg-boss's job table). Two makers at once, in this process
 * or another instance, can deadlock on PostgreSQL, so this process makes its queues one at a time
 * and a failed make is tried again.
 */

export type QueueOptions = Omit<PgBoss.Queue, 'name'>;

export interface JobQueueLog {
  warn(obj: object, msg: string): void;
}

const TRIES = 5;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class JobQueue {
  private starting: Promise<PgBoss> | undefined;
  private boss: PgBoss | undefined;
  /** Queues made (or being made), by name. */
  private readonly made = new Map<string, Promise<PgBoss>>();
  /** The last make in flight: the next one waits for it. */
  private making: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: JobQueueDb,
    private readonly log: JobQueueLog,
  ) {}

  /** pg-boss, started, with the queue `name` made. A failed start or make is tried again by the next caller. */
  queue(name: string, options: QueueOptions): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('the job queue is stopped'));
    let made = this.made.get(name);
    if (!made) {
      made = this.make(name, options).catch((err: unknown) => {
        this.made.delete(name);
        throw err;
      });
      this.made.set(name, made);
    }
    return made;
  }

  /**
   * The started pg-boss once `queue(name)` has resolved, for work that must not wait for a start
   * (inside one of our transactions: on PGlite a start there would wait for the transaction,
   * which waits for the start).
   */
  startedWith(name: string): PgBoss {
    if (!this.boss || !this.made.has(name)) throw new Error(`the job queue ${name} is not started: call ready() before the transaction`);
    return this.boss;
  }

  /** Stops pg-boss (no pg-boss worker is ever started here: nothing to drain). */
  async stop(): Promise<void> {
    this.stopped = true;
    const boss = await this.starting?.catch(() => undefined);
    await boss?.stop({ graceful: false, close: false }).catch(() => {});
  }

  private async make(name: string, options: QueueOptions): Promise<PgBoss> {
    const boss = await this.start();
    const turn = this.making.then(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          await boss.createQueue(name, { name, ...options });
          return;
        } catch (err) {
          if (attempt === TRIES || this.stopped) throw err;
          await pause(100 * attempt);
        }
      }
    });
    this.making = turn.catch(() => {});
    await turn;
    return boss;
  }

  private start(): Promise<PgBoss> {
    this.starting ??= (async () => {
      const { default: PgBossClass } = await import('pg-boss');
      // Instances starting together on a new database may race to create pg-boss's schema; the
      // loser finds it made on its next try (with a new PgBoss: a failed start cannot be repeated).
      for (let attempt = 1; ; attempt++) {
        const boss = new PgBossClass({
          db: this.db,
          // No cron schedules: the timekeeper's clock checks and polling are not needed.
          schedule: false,
          supervise: true,
          migrate: true,
          maintenanceIntervalSeconds: 60,
        });
        boss.on('error', (err: unknown) => this.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'job queue error'));
        try {
          await boss.start();
          this.boss = boss;
          return boss;
        } catch (err) {
          await boss.stop({ graceful: false, close: false }).catch(() => {});
          if (attempt === 3) throw err;
          await pause(200 * attempt);
        }
      }
    })().catch((err: unknown) => {
      this.starting = undefined;
      throw err;
    });
    return this.starting;
  }
}
