import type PgBoss from 'pg-boss';
import type { JobQueue } from '../../db/job-queue.js';
import type { ListsLog, SanctionsListsService } from './lists.service.js';

/**
 * The scheduled list refresh on the process's job queue (db/job-queue.ts).
 * Every instance ticks every few minutes: it asks for one refresh job per SANCTIONS_REFRESH_HOURS
 * window (pg-boss throttles it to one job per window across all instances), runs the job if it
 * is the one that gets it, and takes in versions another instance stored. A failed tick (the
 * database busy, the queue not started) is simply tried again at the next one.
 */

export const SANCTIONS_REFRESH_QUEUE = 'sanctions-refresh';
const TICK_MS = 5 * 60_000;

export class ListsSchedule {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: {
      jobs: JobQueue;
      lists: SanctionsListsService;
      refreshHours: number;
      /** Whether any list has a URL: without one there is nothing to download, and no queue is started. */
      downloads: boolean;
      log: ListsLog;
    },
  ) {}

  /** Loads the lists (without holding up start-up), then ticks: the first tick right after loading. */
  start(delayMs = 0): void {
    const first = setTimeout(() => {
      this.deps.lists.load().then(
        () => this.tick(),
        (err: unknown) => this.deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'sanctions lists could not be loaded'),
      );
      this.timer = setInterval(() => void this.tick(), TICK_MS);
      this.timer.unref();
    }, delayMs);
    first.unref();
    this.timer = first;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.timer);
    await this.ticking?.catch(() => {});
  }

  /** One round: queue this window's refresh, run it if this instance gets it, take in the others' versions. */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.ticking ??= this.round()
      .catch((err: unknown) => this.deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'sanctions refresh round failed'))
      .finally(() => {
        this.ticking = undefined;
      });
    return this.ticking;
  }

  private async round(): Promise<void> {
    if (this.deps.downloads) {
      const boss = await this.queue();
      const window = this.deps.refreshHours * 3600;
      await boss.sendThrottled(SANCTIONS_REFRESH_QUEUE, {}, { retryLimit: 0 }, window, 'refresh');
      const [job] = await boss.fetch(SANCTIONS_REFRESH_QUEUE, { batchSize: 1 });
      if (job) {
        try {
          const items = await this.deps.lists.refresh();
          this.deps.log.info({ lists: items.map((i) => `${i.list}:${i.status}`) }, 'scheduled sanctions refresh');
          await boss.complete(SANCTIONS_REFRESH_QUEUE, job.id);
        } catch (err) {
          await boss.fail(SANCTIONS_REFRESH_QUEUE, job.id, { message: err instanceof Error ? err.message : String(err) });
        }
      }
    }
    await this.deps.lists.syncFromDb();
  }

  private queue(): Promise<PgBoss> {
    return this.deps.jobs.queue(SANCTIONS_REFRESH_QUEUE, { retryLimit: 0, expireInSeconds: 30 * 60 });
  }
}
