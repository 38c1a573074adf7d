/**
 * Alerts as app.ts builds it: e-mails for monitoring events, urgent ones at once and the rest in
 * a daily or weekly digest (the user's digest_frequency). It reads monitoring's events through
 * monitoring's index.ts and sends through the process's mailer; alerts.service.ts says how
 * nothing is lost or sent twice.
 */
import type { Database } from '../../db/client.js';
import { deferredStart } from '../../lib/deferred-start.js';
import type { Mailer } from '../../providers/mailer/mailer.js';
import type { MonitoringEventFeed } from '../monitoring/index.js';
import { AlertsService, type AlertsLog } from './alerts.service.js';

export { isClosingStatus, isImmediate } from './alert-rules.js';
export type { AlertsService };

export interface AlertsDeps {
  database: Pick<Database, 'db'>;
  events: MonitoringEventFeed;
  mailer: Pick<Mailer, 'send'>;
  brand: { productName: string; appUrl: string };
  config: { digestHour: number; tickSeconds: number; leaseSeconds: number };
  log: AlertsLog;
  now?: () => Date;
}

export interface AlertsModule {
  service: AlertsService;
  /** Ticks every tickSeconds, and when this instance stored events, from `delayMs` on (the server calls it once it listens). */
  start(delayMs?: number): void;
  /** Stops ticking and waits for the tick under way. */
  stop(): Promise<void>;
}

export function createAlerts(deps: AlertsDeps): AlertsModule {
  const service = new AlertsService({
    db: deps.database.db,
    feed: deps.events,
    mailer: deps.mailer,
    brand: deps.brand,
    config: deps.config,
    log: deps.log,
    now: deps.now,
  });
  let ticking: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (ticking) {
      // Events stored while a tick runs: one more tick after it.
      again = true;
      return;
    }
    ticking = service
      .tick()
      .catch((err: unknown) => deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'alert e-mail round failed'))
      .finally(() => {
        ticking = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const starter = deferredStart({ listen: () => deps.events.onEvents(tick), wake: tick, pollMs: deps.config.tickSeconds * 1000 });
  return {
    service,
    start: (delayMs = 0) => {
      stopped = false;
      starter.schedule(delayMs, tick);
    },
    stop: async () => {
      stopped = true;
      starter.cancel();
      await ticking;
    },
  };
}
