import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { apiKeyOf, createSignedInUser, outboxOf, waitForOutboxMail, type TestUser } from '../../../../test/auth.js';
import type { MonitoringEvent, MonitoringEventType } from '../../../shared/contracts/monitoring.js';
import {
  webhookCreatedSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookPayloadSchema,
  type WebhookCreated,
  type WebhookDeliveryList,
} from '../../../shared/contracts/webhooks.js';
import { RateLimiter } from '../../lib/rate-limiter.js';
import { MemoryRateLimitStore } from '../../providers/rate-limit-store/memory.js';
import type { FeedEvent } from '../monitoring/index.js';
import { MAX_WEBHOOKS_PER_USER, WebhooksService, webhookMessages } from './index.js';
import { claimDue } from './webhooks.repo.js';

/**
 * Webhooks: the endpoints over HTTP (session and API key) on the app as production builds it, and
 * delivery from the monitoring feed to local receivers. The feed here is a recording stand-in of
 * the monitoring module's (same interface), so each test decides which events exist; delivery
 * runs through the real outbox tables, signing and HTTP.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

interface Receiver {
  url: string;
  received: Received[];
  /** The status the next requests get (in order; the last one repeats). */
  answers: number[];
  close(): Promise<void>;
}

async function startReceiver(answers: number[] = [200]): Promise<Receiver> {
  const received: Received[] = [];
  const state = { answers };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = state.answers.length > 1 ? state.answers.shift()! : (state.answers[0] ?? 200);
      res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    get answers() {
      return state.answers;
    },
    set answers(a: number[]) {
      state.answers = a;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Verifies a delivery as a receiver would, from the secret alone (Standard Webhooks). */
function verifySignature(secret: string, r: Received): boolean {
  const id = String(r.headers['webhook-id']);
  const ts = String(r.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${r.body}`).digest();
  return String(r.headers['webhook-signature'])
    .split(' ')
    .some((sig) => {
      const [version, value] = sig.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const feed: FeedEvent[] = [];
let seq = 0;
function emit(userId: string, type: MonitoringEventType, companyName = 'Nokia Oyj'): MonitoringEvent {
  const event: MonitoringEvent = {
    id: randomUUID(),
    portfolio_id: randomUUID(),
    row_id: randomUUID(),
    fiscal_number: 'FI01120389',
    country: 'FI',
    company_name: companyName,
    type,
    old_value: 'active',
    new_value: 'dissolved',
    detected_at: new Date().toISOString(),
    acknowledged_at: null,
  };
  feed.push({ seq: ++seq, userId, event });
  return event;
}

const SCALE = 0.00001;
let t: TestApp;
let user: TestUser;
let other: TestUser;
let delivery: WebhooksService;
const receivers: Receiver[] = [];

function serviceWith(config: { allowPrivate: boolean; requireHttps: boolean; retryScale: number }, now?: () => Date): WebhooksService {
  return new WebhooksService({
    now,
    db: t.database.db,
    limiter: new RateLimiter(new MemoryRateLimitStore()),
    mailer: outboxOf(t.app),
    feed: { eventsAfter: async (after, limit) => feed.filter((e) => e.seq > after).slice(0, limit) },
    config,
    mail: { productName: 'Corisk', appUrl: 'http://localhost:3000' },
    log: { info: () => {}, warn: () => {} },
  });
}

/** Rounds of fan-out and sending, as the running module does them, until `done` holds. */
async function deliverUntil(done: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs} ms`);
    while ((await delivery.fanOut()) > 0);
    await delivery.deliverDue();
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function addWebhook(u: TestUser, payload: object, headers: Record<string, string> = u.headers, prefix = '/api'): Promise<WebhookCreated> {
  const res = await t.app.inject({ method: 'POST', url: `${prefix}/webhooks`, headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return webhookCreatedSchema.parse(res.json());
}

async function deliveriesOf(u: TestUser, id: string, query = ''): Promise<WebhookDeliveryList> {
  const res = await t.app.inject({ method: 'GET', url: `/api/webhooks/${id}/deliveries${query}`, headers: u.headers });
  expect(res.statusCode, res.body).toBe(200);
  return webhookDeliveryListSchema.parse(res.json());
}

const remove = (u: TestUser, id: string) => t.app.inject({ method: 'DELETE', url: `/api/webhooks/${id}`, headers: u.headers });

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCALE: String(SCALE) });
  user = await createSignedInUser(t.app);
  other = await createSignedInUser(t.app);
  delivery = serviceWith(t.config.webhooks);
}, 60_000);

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t?.close();
});

const receiver = async (answers?: number[]) => {
  const r = await startReceiver(answers);
  receivers.push(r);
  return r;
};

describe('webhook endpoints', () => {
  it('adding one answers the secret once; the list never shows it; another user gets 404', async () => {
    const r = await receiver();
    const created = await addWebhook(user, { url: r.url, event_types: ['sanctions_hit'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);

    const list = await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: user.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    const mine = webhookListSchema.parse(list.json()).items.find((w) => w.id === created.id);
    expect(mine).toMatchObject({ url: r.url, event_types: ['sanctions_hit'], enabled: true });
    expect(mine).not.toHaveProperty('disabled_at');

    const othersList = webhookListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: other.headers })).json());
    expect(othersList.items.map((w) => w.id)).not.toContain(created.id);
    for (const [method, url] of [
      ['GET', `/api/webhooks/${created.id}`],
      ['GET', `/api/webhooks/${created.id}/deliveries`],
      ['DELETE', `/api/webhooks/${created.id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: other.headers });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: webhookMessages.notFound, code: 'webhook_not_found' });
    }
    expect((await remove(user, created.id)).statusCode).toBe(204);
    expect((await remove(user, created.id)).statusCode).toBe(404);
  });

  it('refuses a body that is not a URL or names an unknown event type', async () => {
    for (const payload of [{ url: 'not a url' }, { url: 'ftp://example.com/x' }, { url: 'https://example.com', event_types: ['nope'] }, { url: 'https://example.com', event_types: [] }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: user.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('detail');
    }
  });

  it('allows at most 10 webhooks per user, with a clear 400', async () => {
    const u = await createSignedInUser(t.app);
    for (let i = 0; i < MAX_WEBHOOKS_PER_USER; i++) await addWebhook(u, { url: `http://127.0.0.1:9/h${i}` });
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: u.headers, payload: { url: 'http://127.0.0.1:9/more' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: webhookMessages.limit, code: 'webhook_limit' });
  });

  it('the public API manages them with an API key, for the key owner only', async () => {
    const key = await apiKeyOf(t.app, user, 'webhooks');
    const otherKey = await apiKeyOf(t.app, other, 'webhooks');
    const created = await addWebhook(user, { url: 'http://127.0.0.1:9/v1' }, key, '/api/v1');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/webhooks', headers: key });
    expect(webhookListSchema.parse(list.json()).items.map((w) => w.id)).toContain(created.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/webhooks/${created.id}/deliveries`, headers: key })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/webhooks/${created.id}/deliveries`, headers: otherKey })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${created.id}`, headers: otherKey })).statusCode).toBe(404);
    // A session token is not an API key.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/webhooks', headers: user.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${created.id}`, headers: key })).statusCode).toBe(204);
  });

  it('without WEBHOOK_ALLOW_PRIVATE refuses loopback, private and link-local hosts, and plain http in production', async () => {
    const strict = serviceWith({ allowPrivate: false, requireHttps: false, retryScale: 1 });
    for (const url of ['http://127.0.0.1:8080/x', 'http://localhost/x', 'http://10.1.2.3/x', 'http://169.254.169.254/latest', 'http://[::1]/x', 'http://[::ffff:127.0.0.1]/x']) {
      await expect(strict.create(user.user_id, { url }), url).rejects.toMatchObject({ status: 400, code: 'webhook_url_refused', message: webhookMessages.notPublic });
    }
    const production = serviceWith({ allowPrivate: false, requireHttps: true, retryScale: 1 });
    await expect(production.create(user.user_id, { url: 'http://8.8.8.8/x' })).rejects.toMatchObject({ status: 400, message: webhookMessages.https });
  });

  it('at delivery time too: an endpoint whose host is private is not called', async () => {
    const r = await receiver();
    const created = await addWebhook(user, { url: r.url });
    const strict = serviceWith({ allowPrivate: false, requireHttps: false, retryScale: SCALE });
    emit(user.user_id, 'name_changed');
    while ((await strict.fanOut()) > 0);
    await strict.deliverDue(100);
    const page = await deliveriesOf(user, created.id);
    expect(page.items[0]).toMatchObject({ status: 'pending', attempt: 1, response_code: null });
    expect(r.received).toHaveLength(0);
    await remove(user, created.id);
  });
});

describe('delivery', () => {
  it('POSTs each event signed with the secret; the receiver verifies it', async () => {
    const r = await receiver();
    const created = await addWebhook(user, { url: r.url });
    const event = emit(user.user_id, 'status_changed');
    await deliverUntil(() => r.received.length >= 1);
    const [got] = r.received;
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['webhook-id']).toBe(event.id);
    const ts = Number(got!.headers['webhook-timestamp']);
    expect(Math.abs(ts - Date.now() / 1000)).toBeLessThan(30);
    expect(verifySignature(created.secret, got!)).toBe(true);
    expect(verifySignature(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, got!)).toBe(false);
    expect(webhookPayloadSchema.parse(JSON.parse(got!.body))).toEqual({ type: 'status_changed', timestamp: event.detected_at, data: event });

    await deliverUntil(async () => (await deliveriesOf(user, created.id)).items[0]?.status === 'delivered');
    expect((await deliveriesOf(user, created.id)).items).toEqual([
      expect.objectContaining({ event_id: event.id, type: 'status_changed', status: 'delivered', attempt: 1, response_code: 200, next_attempt_at: null }),
    ]);
    // Delivered once: more rounds send nothing again.
    await delivery.deliverDue();
    expect(r.received).toHaveLength(1);
    await remove(user, created.id);
  });

  it('a receiver failing twice then answering 200 gets the same webhook-id three times', async () => {
    const r = await receiver([500, 503, 200]);
    const created = await addWebhook(user, { url: r.url });
    const event = emit(user.user_id, 'vat_invalid');
    await deliverUntil(async () => (await deliveriesOf(user, created.id)).items[0]?.status === 'delivered');
    expect(r.received.map((x) => x.headers['webhook-id'])).toEqual([event.id, event.id, event.id]);
    expect(r.received.every((x) => verifySignature(created.secret, x))).toBe(true);
    expect(new Set(r.received.map((x) => x.body)).size).toBe(1);
    expect((await deliveriesOf(user, created.id)).items[0]).toMatchObject({ status: 'delivered', attempt: 3, response_code: 200 });
    await remove(user, created.id);
  });

  it("sends only the event types chosen, and only the owner's events", async () => {
    const r = await receiver();
    const created = await addWebhook(user, { url: r.url, event_types: ['sanctions_hit', 'sanctions_cleared'] });
    emit(user.user_id, 'name_changed');
    emit(other.user_id, 'sanctions_hit');
    const wanted = emit(user.user_id, 'sanctions_hit');
    const last = emit(user.user_id, 'sanctions_cleared');
    await deliverUntil(() => r.received.length >= 2);
    await deliverUntil(async () => (await delivery.fanOut()) === 0);
    await delivery.deliverDue();
    expect(r.received.map((x) => x.headers['webhook-id']).sort()).toEqual([wanted.id, last.id].sort());
    await remove(user, created.id);
  });

  it('lists deliveries newest first, a page at a time', async () => {
    const r = await receiver([404]);
    const created = await addWebhook(user, { url: r.url });
    const events = [emit(user.user_id, 'address_changed'), emit(user.user_id, 'activity_changed'), emit(user.user_id, 'legal_form_changed')];
    await deliverUntil(() => r.received.length >= 3);
    const first = await deliveriesOf(user, created.id, '?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.next).not.toBeNull();
    const second = await deliveriesOf(user, created.id, `?limit=2&cursor=${first.next}`);
    expect(second.items).toHaveLength(1);
    expect(second.next).toBeNull();
    const all = [...first.items, ...second.items];
    expect(all.map((d) => d.event_id).sort()).toEqual(events.map((e) => e.id).sort());
    for (const d of all) {
      expect(d.response_code).toBe(404);
      expect(d.attempt).toBeGreaterThanOrEqual(1);
      expect(['pending', 'failed']).toContain(d.status);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/webhooks/${created.id}/deliveries?cursor=bogus`, headers: user.headers })).statusCode).toBe(400);
    await remove(user, created.id);
  });

  it('a delivery claimed by a process that died is sent again after its lease, with the same webhook-id, and only once', async () => {
    const r = await receiver();
    const created = await addWebhook(user, { url: r.url });
    const event = emit(user.user_id, 'address_changed');
    while ((await delivery.fanOut()) > 0);
    // The claim a sender made just before it was killed: the attempt is counted, no answer is written.
    const now = new Date();
    expect(await claimDue(t.database.db, now, new Date(now.getTime() + 60_000), 100)).toHaveLength(1);
    expect(await delivery.deliverDue()).toBe(0);
    expect(r.received).toHaveLength(0);

    const later = serviceWith(t.config.webhooks, () => new Date(Date.now() + 61_000));
    expect(await later.deliverDue()).toBe(1);
    expect(r.received.map((x) => x.headers['webhook-id'])).toEqual([event.id]);
    expect((await deliveriesOf(user, created.id)).items[0]).toMatchObject({ status: 'delivered', attempt: 2, response_code: 200 });
    await later.deliverDue();
    await delivery.deliverDue();
    expect(r.received).toHaveLength(1);
    await remove(user, created.id);
  });

  it('two senders at once send each delivery once', async () => {
    const r = await receiver();
    const created = await addWebhook(user, { url: r.url });
    const events = Array.from({ length: 6 }, () => emit(user.user_id, 'score_changed'));
    while ((await delivery.fanOut()) > 0);
    const second = serviceWith(t.config.webhooks);
    await Promise.all([delivery.deliverDue(3), second.deliverDue(3), delivery.deliverDue(3), second.deliverDue(3)]);
    await deliverUntil(() => r.received.length >= 6);
    await delivery.deliverDue();
    expect(r.received.map((x) => x.headers['webhook-id']).sort()).toEqual(events.map((e) => e.id).sort());
    await remove(user, created.id);
  });

  it('an endpoint failing through the retry window is disabled and its owner gets an e-mail', async () => {
    const owner = await createSignedInUser(t.app);
    const r = await receiver([500]);
    const created = await addWebhook(owner, { url: r.url });
    emit(owner.user_id, 'grade_changed');
    const listed = async () => webhookListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: owner.headers })).json()).items[0]!;
    await deliverUntil(async () => !(await listed()).enabled, 20_000);
    const endpoint = await listed();
    expect(endpoint).toMatchObject({ id: created.id, enabled: false });
    expect(endpoint.disabled_at).toEqual(expect.any(String));
    // Retried along the whole schedule: 5 s … 10 h, then daily, before the three days ran out.
    expect(r.received.length).toBeGreaterThanOrEqual(8);
    expect(new Set(r.received.map((x) => x.headers['webhook-id'])).size).toBe(1);
    const mail = await waitForOutboxMail(t.app, owner.email, /webhook was disabled/);
    expect(mail.text).toContain(r.url);
    expect((await deliveriesOf(owner, created.id)).items[0]).toMatchObject({ status: 'failed', response_code: 500 });

    // Disabled: a new event is not sent.
    const before = r.received.length;
    emit(owner.user_id, 'grade_changed');
    while ((await delivery.fanOut()) > 0);
    await delivery.deliverDue();
    expect(r.received).toHaveLength(before);
  }, 30_000);
});
