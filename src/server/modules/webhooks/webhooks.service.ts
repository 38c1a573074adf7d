import { randomBytes } from 'node:crypto';
import { monitoringEventTypeSchema, type MonitoringEventType } from '../../../shared/contracts/monitoring.js';
import type {
  Webhook,
  WebhookCreateBody,
  WebhookCreated,
  WebhookDeliveriesQuery,
  WebhookDeliveryList,
  WebhookList,
  WebhookPayload,
} from '../../../shared/contracts/webhooks.js';
import { msg } from '../../../shared/i18n/message.js';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { decodePageKey, encodePageKey, type PageKey } from '../../lib/keyset.js';
import { AddressRefusedError, resolvePublicHost } from '../../lib/public-address.js';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.js';
import type { Mailer } from '../../providers/mailer/mailer.js';
import type { FeedEvent } from '../monitoring/index.js';
import { webhookDisabledMail } from './webhook-mail.js';
import { checkScheme, SECRET_PREFIX, sendWebhook, type SendResult } from './webhook-sender.js';
import * as repo from './webhooks.repo.js';

/** Endpoints one user may hold. */
export const MAX_WEBHOOKS_PER_USER = 10;
/** An answer must come within this; a slower one counts as failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How long an instance holds a delivery it is sending; a killed holder's deliveries are taken again after it. */
const LEASE_MS = 60_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Waits after the 1st, 2nd, … failed attempt; after the last one the delivery is given up. */
export const RETRY_WAITS_MS = [5_000, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, DAY, DAY, DAY];
/** An endpoint failing this long without a delivered attempt is disabled and its owner told. */
export const DISABLE_AFTER_MS = 3 * DAY;

export const webhookMessages = {
  limit: `You have ${MAX_WEBHOOKS_PER_USER} webhooks, the most one account may hold. Delete one you no longer use first.`,
  createLimited: 'Too many webhooks created.',
  notFound: 'Webhook not found',
  https: 'The webhook URL must start with https://.',
  notPublic: 'The webhook URL must point to a public address, not a private, loopback or link-local one.',
  unresolved: 'The webhook URL’s host name could not be resolved.',
  badCursor: 'This cursor was not handed out by this list: send back the `next` of the previous page.',
} as const;

/** webhookMessages (but the cursor's, for developers) as messages in the reader's language; the same English word for word. */
export const webhookErrors = {
  limit: msg('error.webhook.limit', { max: MAX_WEBHOOKS_PER_USER }),
  createLimited: msg('error.webhook.tooManyCreated'),
  notFound: msg('error.webhook.notFound'),
  https: msg('error.webhook.https'),
  notPublic: msg('error.webhook.notPublic'),
  unresolved: msg('error.webhook.unresolved'),
};

/** Creation: at most 20 endpoints an hour per user (the cap on endpoints stops a full account sooner). */
const createRule: RateLimitRule = { max: 20, windowS: 3600 };
const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface WebhooksLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface WebhooksServiceDeps {
  db: Db;
  limiter: RateLimiter;
  mailer: Mailer;
  /** Reads the monitoring events (the monitoring module's feed). */
  feed: { eventsAfter(afterSeq: number, limit: number): Promise<FeedEvent[]> };
  config: { allowPrivate: boolean; requireHttps: boolean; retryScale: number };
  mail: { productName: string; appUrl: string };
  log: WebhooksLog;
  now?: () => Date;
}

function decodeCursor(cursor: string): PageKey {
  const key = decodePageKey(cursor);
  if (!key) throw badRequest(webhookMessages.badCursor, 'invalid_cursor');
  return key;
}

function endpointDto(row: repo.EndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    event_types: row.eventTypes ? row.eventTypes.filter((t): t is MonitoringEventType => monitoringEventTypeSchema.safeParse(t).success) : null,
    enabled: row.enabled,
    created_at: row.createdAt.toISOString(),
    ...(row.disabledAt ? { disabled_at: row.disabledAt.toISOString() } : {}),
  };
}

/** Webhook endpoints (owner's CRUD) and the delivery of monitoring events to them. */
export class WebhooksService {
  private readonly now: () => Date;

  constructor(private readonly deps: WebhooksServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The URL's scheme and every address of its host, as the rules of this deployment allow them. */
  private async checkUrl(raw: string): Promise<void> {
    const url = new URL(raw);
    if (!checkScheme(url, this.deps.config)) throw badRequest(webhookErrors.https, 'webhook_url_refused');
    try {
      await resolvePublicHost(url.hostname, this.deps.config.allowPrivate);
    } catch (err) {
      if (err instanceof AddressRefusedError) {
        throw badRequest(err.reason === 'not_public' ? webhookErrors.notPublic : webhookErrors.unresolved, 'webhook_url_refused');
      }
      throw err;
    }
  }

  /** A new endpoint; the only time its secret leaves the server. */
  async create(userId: string, body: WebhookCreateBody): Promise<WebhookCreated> {
    const { db, limiter } = this.deps;
    await limiter.consume(`webhooks:create:${userId}`, createRule, webhookErrors.createLimited);
    if ((await repo.countEndpoints(db, userId)) >= MAX_WEBHOOKS_PER_USER) throw badRequest(webhookErrors.limit, 'webhook_limit');
    await this.checkUrl(body.url);
    const secret = SECRET_PREFIX + randomBytes(32).toString('base64');
    const eventTypes = body.event_types ? [...new Set(body.event_types)] : null;
    const row = await repo.insertEndpoint(db, { userId, url: body.url, eventTypes, secret });
    return { id: row.id, url: row.url, secret };
  }

  async list(userId: string): Promise<WebhookList> {
    return { items: (await repo.listEndpoints(this.deps.db, userId)).map(endpointDto) };
  }

  private async owned(userId: string, id: string): Promise<repo.EndpointRow> {
    const row = uuidRe.test(id) ? await repo.findEndpoint(this.deps.db, userId, id) : null;
    if (!row) throw notFound(webhookErrors.notFound, 'webhook_not_found');
    return row;
  }

  async get(userId: string, id: string): Promise<Webhook> {
    return endpointDto(await this.owned(userId, id));
  }

  /** Deletes the endpoint and its deliveries; 404 for an unknown id or another user's. */
  async remove(userId: string, id: string): Promise<void> {
    const done = uuidRe.test(id) && (await repo.deleteEndpoint(this.deps.db, userId, id));
    if (!done) throw notFound(webhookErrors.notFound, 'webhook_not_found');
  }

  /** The endpoint's deliveries, newest first, a page at a time. */
  async deliveries(userId: string, id: string, query: WebhookDeliveriesQuery): Promise<WebhookDeliveryList> {
    const endpoint = await this.owned(userId, id);
    const key = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await repo.listDeliveries(this.deps.db, endpoint.id, query.limit + 1, key);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map((r) => ({
        id: r.id,
        event_id: r.eventId,
        type: monitoringEventTypeSchema.catch('status_changed').parse(r.eventType),
        status: r.status === 'delivered' || r.status === 'failed' ? r.status : 'pending',
        attempt: r.attempts,
        response_code: r.lastStatusCode,
        at: (r.lastAttemptAt ?? r.createdAt).toISOString(),
        next_attempt_at: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
      })),
      next: rows.length > query.limit && last ? encodePageKey({ at: last.pageAt, id: last.id }) : null,
    };
  }

  /**
   * Turns the next events of the feed into deliveries (one per matching endpoint of the event's
   * owner) and moves the cursor past them, in one transaction. Answers how many events it read.
   */
  async fanOut(batch = 100): Promise<number> {
    const { db, feed } = this.deps;
    const from = await repo.readCursor(db);
    const events = await feed.eventsAfter(from, batch);
    const last = events.at(-1);
    if (!last) return 0;
    const userIds = [...new Set(events.map((e) => e.userId))];
    const moved = await repo.advanceCursor(
      db,
      from,
      last.seq,
      userIds,
      (endpoints) =>
        events.flatMap(({ userId, event }) => {
          const payload: WebhookPayload = { type: event.type, timestamp: event.detected_at, data: event };
          const body = JSON.stringify(payload);
          return endpoints
            .filter(
              (e) =>
                e.userId === userId &&
                (!e.eventTypes || e.eventTypes.includes(event.type)) &&
                // An endpoint made after the event never receives it, however late this round runs.
                e.createdAt.getTime() <= Date.parse(event.detected_at),
            )
            .map((e) => ({ endpointId: e.id, userId, eventId: event.id, eventType: event.type, body }));
        }),
      this.now(),
    );
    return moved ? events.length : 0;
  }

  /** Sends the deliveries due now (up to `limit` at once); answers how many it attempted. */
  async deliverDue(limit = 8): Promise<number> {
    const now = this.now();
    const claimed = await repo.claimDue(this.deps.db, now, new Date(now.getTime() + LEASE_MS), limit);
    await Promise.all(claimed.map((c) => this.attempt(c)));
    return claimed.length;
  }

  /** When the next pending delivery is due (null: none). */
  nextDueAt(): Promise<Date | null> {
    return repo.nextDueAt(this.deps.db);
  }

  private async attempt(claim: repo.ClaimedDelivery): Promise<void> {
    const { db, config, log } = this.deps;
    let result: SendResult;
    try {
      result = await sendWebhook(claim, claim.eventId, claim.body, { ...config, timeoutMs: DELIVERY_TIMEOUT_MS }, this.now());
    } catch (err) {
      result = { kind: 'no_answer', reason: err instanceof Error ? err.message : 'error' };
    }
    const at = this.now();
    const delivered = result.kind === 'answer' && result.status >= 200 && result.status < 300;
    const code = result.kind === 'answer' ? result.status : null;
    if (delivered) {
      await repo.finishAttempt(db, claim, { status: 'delivered', code, at });
      await repo.markEndpointHealthy(db, claim.endpointId);
      return;
    }
    const wait = RETRY_WAITS_MS[claim.attempt - 1];
    const outcome: repo.AttemptOutcome =
      wait === undefined
        ? { status: 'failed', code, at }
        : { status: 'pending', code, at, nextAttemptAt: new Date(at.getTime() + wait * config.retryScale) };
    await repo.finishAttempt(db, claim, outcome);
    log.info(
      { webhookId: claim.endpointId, eventId: claim.eventId, attempt: claim.attempt, status: code, reason: result.kind === 'no_answer' ? result.reason : undefined },
      'webhook attempt failed',
    );
    const failingSince = await repo.markEndpointFailing(db, claim.endpointId, at);
    if (failingSince && at.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS * config.retryScale) {
      await this.disable(claim.endpointId, at);
    }
  }

  /** Disables a failing endpoint and tells its owner (once, whichever instance disables it). */
  private async disable(endpointId: string, at: Date): Promise<void> {
    const { db, mailer, log, mail } = this.deps;
    const disabled = await repo.disableEndpoint(db, endpointId, at);
    if (!disabled) return;
    log.warn({ webhookId: endpointId }, 'webhook disabled after failing for three days');
    const to = await repo.owner(db, disabled.userId);
    if (!to) return;
    await Promise.resolve()
      .then(() => mailer.send(webhookDisabledMail(mail, to.locale, to.email, disabled.url)))
      .catch((err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err) }, 'webhook disabled mail not sent'));
  }
}
