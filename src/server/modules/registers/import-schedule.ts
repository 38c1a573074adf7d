import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../db/job-queue.js';
import { deferredStart } from '../../lib/deferred-start.js';
import type { ImportState } from './facts.js';
import { importRegister, type ImportResult } from './register-import.js';
import { currentImports } from './registers.repo.js';

/**
 * Re-imports of the registers whose files have a URL (REGISTRY_<CC>_IMPORT_URL), at the times of
 * REGISTRY_IMPORT_CRON (UTC), on the process's job queue. Every instance ticks every few minutes:
 * a state is due when its current import is older than the cron's last time; it asks for one
 * import job per state and window (pg-boss throttles it to one across all instances), and runs
 * the job if it is the one that gets it. A failed import keeps the previous one and is tried in
 * the next window.
 */

export const REGISTER_IMPORT_QUEUE = 'register-import';
const TICK_MS = 5 * 60_000;
/** A failed import is tried again at most once per window. */
const RETRY_WINDOW_S = 60 * 60;

export interface ImportScheduleLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ImportScheduleDeps {
  db: Db;
  jobs: JobQueue;
  /** The files of each state to import, as URLs; states without are not imported. */
  urls: Partial<Record<ImportState, string[]>>;
  cron: string;
  userAgent: string;
  log: ImportScheduleLog;
  now?: () => Date;
}

/** The cron's last time at or before `now` (UTC); the parser loads on first use (it is large). */
export async function lastCronTime(cron: string, now: Date): Promise<Date> {
  const { CronExpressionParser } = await import('cron-parser');
  return CronExpressionParser.parse(cron, { currentDate: new Date(now.getTime() + 1), tz: 'UTC' }).prev().toDate();
}

export class RegisterImportSchedule {
  private readonly timers = deferredStart({ listen: () => () => {}, wake: () => void this.tick(), pollMs: TICK_MS });
  private ticking: Promise<ImportResult[]> | undefined;
  private stopped = false;
  private readonly abort = new AbortController();
  private readonly now: () => Date;

  constructor(private readonly deps: ImportScheduleDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private get states(): ImportState[] {
    return (Object.keys(this.deps.urls) as ImportState[]).filter((s) => this.deps.urls[s]?.length);
  }

  /** Ticks every few minutes from `delayMs` on; nothing at all when no state has a URL. */
  start(delayMs = 0): void {
    if (!this.states.length) return;
    this.timers.schedule(delayMs, () => void this.tick());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timers.cancel();
    this.abort.abort();
    await this.ticking?.catch(() => {});
  }

  /** One round: the imports this instance ran. */
  tick(): Promise<ImportResult[]> {
    if (this.stopped) return Promise.resolve([]);
    this.ticking ??= this.round()
      .catch((err: unknown) => {
        this.deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'register import round failed');
        return [];
      })
      .finally(() => {
        this.ticking = undefined;
      });
    return this.ticking;
  }

  private async due(): Promise<ImportState[]> {
    const since = await lastCronTime(this.deps.cron, this.now());
    const imports = new Map((await currentImports(this.deps.db)).map((i) => [i.state, i.importedAt]));
    return this.states.filter((s) => !(imports.get(s)! >= since));
  }

  private async round(): Promise<ImportResult[]> {
    const due = await this.due();
    if (!due.length) return [];
    const boss = await this.queue();
    // One job per state and window: the key carries the window by this schedule's clock, and
    // pg-boss throttles by the database's.
    const window = Math.floor(this.now().getTime() / (RETRY_WINDOW_S * 1000));
    for (const state of due) await boss.sendThrottled(REGISTER_IMPORT_QUEUE, { state }, { retryLimit: 0 }, RETRY_WINDOW_S, `${state}:${window}`);
    const done: ImportResult[] = [];
    for (;;) {
      const [job] = await boss.fetch<{ state: ImportState }>(REGISTER_IMPORT_QUEUE, { batchSize: 1 });
      if (!job || this.stopped) return done;
      const state = job.data.state;
      try {
        // Another instance may have imported it since the job was queued.
        if ((await this.due()).includes(state)) {
          const result = await importRegister({
            db: this.deps.db,
            state,
            inputs: this.deps.urls[state] ?? [],
            userAgent: this.deps.userAgent,
            signal: this.abort.signal,
            now: this.now,
          });
          this.deps.log.info({ state, publishedOn: result.publishedOn, companies: result.companies }, 'scheduled register import');
          done.push(result);
        }
        await boss.complete(REGISTER_IMPORT_QUEUE, job.id);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        this.deps.log.warn({ state, err: message }, 'scheduled register import failed; the previous import is kept');
        await boss.fail(REGISTER_IMPORT_QUEUE, job.id, { message });
      }
    }
  }

  private queue(): Promise<PgBoss> {
    // An import of the full Belgian files takes a while: the job expires only after hours.
    return this.deps.jobs.queue(REGISTER_IMPORT_QUEUE, { retryLimit: 0, expireInSeconds: 6 * 3600 });
  }
}
