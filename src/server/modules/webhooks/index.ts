/**
 * Webhooks as app.ts builds them: the owner's endpoints, and the delivery of monitoring events to
 * them through an outbox in the database. A round reads the monitoring feed from a stored cursor
 * and writes one delivery row per matching endpoint in the transaction that moves the cursor;
 * senders lease due rows, so after a SIGKILL nothing is lost and only an attempt whose answer
 * never came is sent again (with the same webhook-id). Reaches monitoring through its index.ts.
 */
import type { Db } from '../../db/client.js';
import { deferredStart } from '../../lib/deferred-start.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Mailer } from '../../providers/mailer/mailer.js';
import type { MonitoringEventFeed } from '../monitoring/index.js';
import { WebhooksService, type WebhooksLog } from './webhooks.service.js';

export { MAX_WEBHOOKS_PER_USER, RETRY_WAITS_MS, webhookMessages, WebhooksService } from './webhooks.service.js';
export { signWebhook } from './webhook-sender.js';

/** Without a hint (events stored by another instance, leases run out) the outbox is looked at this often. */
const POLL_MS = 5_000;

export interface WebhooksDeps {
  db: Db;
  limiter: RateLimiter;
  mailer: Mailer;
  events: MonitoringEventFeed;
  config: { allowPrivate: boolean; requireHttps: boolean; retryScale: number };
  mail: { productName: string; appUrl: string };
  log: WebhooksLog;
}

export interface WebhooksModule {
  service: WebhooksService;
  /** Starts reading the feed and sending after `delayMs` (the server calls it once it listens). */
  start(delayMs?: number): void;
  /** Stops; attempts in flight finish (at most the 10 s answer deadline). */
  stop(): Promise<void>;
}

export function createWebhooks(deps: WebhooksDeps): WebhooksModule {
  const service = new WebhooksService({ ...deps, feed: deps.events });
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let loop: Promise<void> | undefined;
  let again = false;
  const warn = (err: unknown) => deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'webhook delivery round failed');

  /** Fan-out and sending until nothing is due, then a sleep until the next due time (or the poll). */
  const round = async () => {
    do {
      again = false;
      try {
        while (running && (await service.fanOut()) > 0);
        while (running && (await service.deliverDue()) > 0);
      } catch (err) {
        warn(err);
      }
    } while (running && again);
    if (!running) return;
    let wait = POLL_MS;
    try {
      const next = await service.nextDueAt();
      if (next) wait = Math.max(0, Math.min(wait, next.getTime() - Date.now()));
    } catch (err) {
      warn(err);
    }
    // A hint that came while this round was ending is not left for the poll.
    if (again) wait = 0;
    clearTimeout(timer);
    timer = setTimeout(wake, wait);
    timer.unref();
  };
  const wake = () => {
    if (!running) return;
    if (loop) {
      again = true;
      return;
    }
    loop = round().finally(() => {
      loop = undefined;
    });
  };

  const starter = deferredStart({ listen: () => deps.events.onEvents(wake) });
  return {
    service,
    start: (delayMs = 0) => {
      starter.schedule(delayMs, () => {
        running = true;
        wake();
      });
    },
    stop: async () => {
      running = false;
      starter.cancel();
      clearTimeout(timer);
      await loop;
    },
  };
}
