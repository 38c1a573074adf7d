/**
 * Monitoring (issue 22) as app.ts builds it: watched portfolios, check runs on the job queue (one
 * job per row), the schedule that starts runs of watched portfolios when they are due, a run of
 * every watched portfolio when a sanctions list changes, and the events the checks store. It
 * reaches portfolios, companies, reports and screening through their index.ts only.
 *
 * Re-assessments (opt-in, one credit per row) run inside a row's check when its report is a
 * month or a quarter old. Webhooks and e-mails read the events through `events` (the feed, in
 * `seq` order); the web inbox reads them through the events routes.
 */
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../db/job-queue.js';
import { createLeases } from '../../db/leases.js';
import type { SanctionsLists } from '../screening/index.js';
import { MONITORING_CHECK_QUEUE, MonitoringQueue, MonitoringWorkers, runGiveUpMs, type MonitoringLog } from './monitoring-queue.js';
import { MonitoringService, type FeedEvent, type MonitoringServiceDeps } from './monitoring.service.js';
import { OrphanSweeper } from './orphan-sweeper.js';

export { monitoringErrors, nextCheckAfter } from './monitoring.service.js';
export type { FeedEvent, MonitoringService };

/** The stored events of every user, in order: what delivery (webhooks, e-mail) reads. */
export interface MonitoringEventFeed {
  /** Events after `afterSeq` (0: from the first), oldest first, at most `limit`. */
  eventsAfter(afterSeq: number, limit: number): Promise<FeedEvent[]>;
  /** A hint that this instance stored events; returns the unsubscribe. */
  onEvents(listener: () => void): () => void;
}

/** The other modules as the service uses them; the list listener also hears of new list versions. */
export interface MonitoringDeps extends Pick<MonitoringServiceDeps, 'portfolios' | 'assessments' | 'companies' | 'reports' | 'screening'> {
  database: Pick<Database, 'db' | 'engine' | 'url' | 'jobQueueDb'>;
  /** The process's job queue (its owner stops it). */
  jobs: JobQueue;
  lists: Pick<SanctionsLists, 'onListChange' | 'catchUp'>;
  config: { concurrency: number; retrySeconds: number; tickSeconds: number };
  log: MonitoringLog;
}

export interface MonitoringModule {
  service: MonitoringService;
  events: MonitoringEventFeed;
  /** Starts this instance's checks, the schedule and the list listener after `delayMs` (the server calls it once it listens). */
  start(delayMs?: number): void;
  /** Stops taking checks (those in flight get a few seconds), the schedule and the queue. */
  stop(): Promise<void>;
}

export function createMonitoring(deps: MonitoringDeps): MonitoringModule {
  const { log } = deps;
  const queue = new MonitoringQueue({ jobs: deps.jobs, db: deps.database.jobQueueDb, retrySeconds: deps.config.retrySeconds });
  const service = new MonitoringService({
    db: deps.database.db,
    portfolios: deps.portfolios,
    assessments: deps.assessments,
    companies: deps.companies,
    reports: deps.reports,
    screening: deps.screening,
    lists: deps.lists,
    queue,
    runGiveUpMs: runGiveUpMs(deps.config.retrySeconds),
    // The workers are built just below; they exist before any run is started.
    onQueued: () => workers.wake(),
    log,
  });
  // A check job whose row lease is free has lost its worker (the orphan sweeper gives it back).
  const leases = createLeases(deps.database, { lockClass: 727022, name: 'corisk-monitoring-leases' }, log);
  const workers: MonitoringWorkers = new MonitoringWorkers({
    queue,
    concurrency: deps.config.concurrency,
    // A row's check runs under the row's lease, taken when the check is claimed.
    leases,
    check: (job) => service.checkRow(job),
    giveUp: (job) => service.giveUp(job),
    log,
  });
  const sweeper = new OrphanSweeper({
    db: deps.database.jobQueueDb,
    queueName: MONITORING_CHECK_QUEUE,
    leases,
    fail: (jobId, reason) => queue.fail(jobId, reason),
    staleSeconds: 10,
    everyMs: 5000,
    log,
  });

  let startTimer: NodeJS.Timeout | undefined;
  let tickTimer: NodeJS.Timeout | undefined;
  let ticking: Promise<unknown> | undefined;
  let stopListening: (() => void) | undefined;
  /** Runs being started for a new list version, awaited on stop. */
  const listRuns = new Set<Promise<unknown>>();
  const warn = (what: string) => (err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err) }, what);
  const tick = () => {
    ticking ??= service
      .startDueRuns()
      .catch(warn('monitoring schedule round failed'))
      .finally(() => {
        ticking = undefined;
      });
  };
  return {
    service,
    events: { eventsAfter: (afterSeq, limit) => service.eventsAfter(afterSeq, limit), onEvents: (listener) => service.onEvents(listener) },
    start: (delayMs = 0) => {
      clearTimeout(startTimer);
      // Listening at once: the versions loaded at start-up were answered before (claimListVersion).
      stopListening?.();
      stopListening = deps.lists.onListChange((change) => {
        const started: Promise<unknown> = service
          .onListVersion(change)
          .catch(warn('monitoring runs for the new list version failed'))
          .finally(() => listRuns.delete(started));
        listRuns.add(started);
      });
      startTimer = setTimeout(() => {
        workers.start();
        sweeper.start();
        tickTimer = setInterval(tick, deps.config.tickSeconds * 1000);
        tickTimer.unref();
        tick();
      }, delayMs);
      startTimer.unref();
    },
    stop: async () => {
      clearTimeout(startTimer);
      clearInterval(tickTimer);
      stopListening?.();
      await ticking;
      await Promise.allSettled([...listRuns]);
      await sweeper.stop();
      await workers.stop();
      queue.stop();
      await leases.close();
    },
  };
}
