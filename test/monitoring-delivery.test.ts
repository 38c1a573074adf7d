import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitoringEventListSchema, monitoringSettingSchema, type MonitoringEvent } from '../src/shared/contracts/monitoring.js';
import { webhookCreatedSchema } from '../src/shared/contracts/webhooks.js';
import { useTestApp } from './app.js';
import { createSignedInUser, outboxOf, type TestUser } from './auth.js';
import { startHttpPeer, type HttpPeer, type RecordedRequest } from './peers/http-peer.js';
import { FI_ACTIVE, loadRegisterFixtures } from './peers/register-fixtures.js';
import { startRegistersPeer, type RegistersPeer } from './peers/registers.js';
import { assessedNokiaBook, monitoringEnv } from './monitoring-fixtures.js';
import { pollUntil } from './poll.js';
import { euListXml, startListServer, type ListServer } from './sanctions-list-server.js';

/**
 * A watched company changes, as the whole product sees it: the register (a local peer) answers
 * a new name, address, activity code and insolvency between two checks, then a sanctions list
 * comes to name the company. Each change is one event; each event reaches the owner's webhook
 * once, signed with its secret; insolvency and the sanctions hit are mailed at once, the other
 * changes wait for the daily digest. PGlite, and PostgreSQL with TEST_DB=postgres.
 */

const NOKIA_ID = '0112038-9';
const ADMIN = 'admin-monitoring-delivery@example.com';

let registers: RegistersPeer;
let lists: ListServer;
let receiver: HttpPeer;
let user: TestUser;
let admin: TestUser;
let portfolioId = '';
const received: RecordedRequest[] = [];

const setting = async () =>
  monitoringSettingSchema.parse((await t.app.inject({ method: 'GET', url: `/api/portfolios/${portfolioId}/monitoring`, headers: user.headers })).json());

/** Waits for a check run that ends after `after`. */
const runEnded = (after: string | null) => pollUntil('a check run ended', async () => {
  const m = await setting();
  return !m.running && m.last_checked_at && m.last_checked_at !== after ? m : undefined;
});

async function allEvents(): Promise<MonitoringEvent[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/events?limit=100', headers: user.headers });
  return monitoringEventListSchema.parse(res.json()).items;
}

beforeAll(async () => {
  [registers, lists] = await Promise.all([startRegistersPeer(), startListServer()]);
  loadRegisterFixtures(registers);
  lists.serve(euListXml([], new Date().toISOString()));
  receiver = await startHttpPeer((req) => {
    received.push(req);
    return { status: 204 };
  });
});
afterAll(() => Promise.all([receiver?.close(), registers?.close(), lists?.close()]));
const t = useTestApp(() => ({ ...monitoringEnv(registers, lists), ADMIN_EMAILS: ADMIN, SIGNUP_CREDITS: '10', ALERT_TICK_SECONDS: '1', WEBHOOK_ALLOW_PRIVATE: 'true' }));
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [user, admin] = await Promise.all([createSignedInUser(t.app), createSignedInUser(t.app, { email: ADMIN })]);
  portfolioId = await assessedNokiaBook(t.app, user);
}, 90_000);

describe('a watched company changes', () => {
  it('each change is one event, one signed webhook, and one e-mail (at once or in the digest)', async () => {
    const hook = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: user.headers, payload: { url: `${receiver.url}/corisk` } });
    expect(hook.statusCode, hook.body).toBe(201);
    const { secret } = webhookCreatedSchema.parse(hook.json());
    const put = await t.app.inject({ method: 'PUT', url: `/api/portfolios/${portfolioId}/monitoring`, headers: user.headers, payload: { enabled: true, frequency: 'weekly' } });
    expect(put.statusCode, put.body).toBe(200);

    // The register now says: a new name, a new address, a new activity code, and bankruptcy.
    const changed = structuredClone(FI_ACTIVE.record) as Record<string, unknown>;
    changed.names = [{ name: 'Nokia Solutions Oyj', type: '1', registrationDate: '2026-11-01' }];
    changed.addresses = [{ type: 1, street: 'Karaportti', buildingNumber: '3', postCode: '02610', postOffices: [{ city: 'ESPOO', languageCode: '1' }] }];
    changed.mainBusinessLine = { type: '26300', typeCodeSet: 'TOIMI4', descriptions: [{ languageCode: '3', description: 'Manufacture of communication equipment' }] };
    changed.companySituations = [{ type: 'KONK', registrationDate: '2026-11-20' }];
    registers.fi.set(NOKIA_ID, changed);
    const before = (await setting()).last_checked_at;
    expect((await t.app.inject({ method: 'POST', url: `/api/portfolios/${portfolioId}/check`, headers: user.headers })).statusCode).toBe(202);
    await runEnded(before);
    expect((await allEvents()).map((e) => e.type).sort()).toEqual(['activity_changed', 'address_changed', 'name_changed', 'status_changed']);

    // A list comes to name the company: its new version starts a run at once.
    const listed = (await setting()).last_checked_at;
    lists.serve(euListXml([{ ref: 'EU.7001.01', subject: 'enterprise', names: ['NOKIA SOLUTIONS OYJ'], programme: 'RUS', countries: ['FI'] }], new Date().toISOString()));
    const refresh = await t.app.inject({ method: 'POST', url: '/api/admin/sanctions/refresh', headers: admin.headers });
    expect(refresh.statusCode, refresh.body).toBe(200);
    await runEnded(listed);
    const events = await allEvents();
    expect(events.map((e) => e.type).sort()).toEqual(['activity_changed', 'address_changed', 'name_changed', 'sanctions_hit', 'status_changed']);

    // One webhook per event, with the event's id, signed with the secret.
    await pollUntil('every event delivered', () => (received.length >= events.length ? true : undefined));
    await new Promise((r) => setTimeout(r, 1500));
    expect(received.map((r) => r.headers['webhook-id']).sort()).toEqual(events.map((e) => e.id).sort());
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    for (const r of received) {
      const signed = createHmac('sha256', key).update(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`).digest('base64');
      expect(r.headers['webhook-signature']).toBe(`v1,${signed}`);
      expect(r.json).toMatchObject({ type: events.find((e) => e.id === r.headers['webhook-id'])!.type });
    }

    // Mailed at once: the insolvency and the sanctions hit, once each.
    const mailed = () => outboxOf(t.app).list(user.email).map((m) => m.subject);
    await pollUntil('the urgent e-mails', () => (mailed().filter((s) => /is now|Sanctions hit/.test(s)).length >= 2 ? true : undefined));
    await new Promise((r) => setTimeout(r, 1500));
    const urgent = mailed().filter((s) => /is now|Sanctions hit/.test(s));
    expect(urgent).toHaveLength(2);
    expect(urgent.some((s) => s.startsWith('Sanctions hit: Nokia Solutions Oyj'))).toBe(true);
    expect(urgent.some((s) => /^Nokia Solutions Oyj \(FI01120389\) is now /i.test(s))).toBe(true);

    // The other three wait for the user's daily digest (alerts.test.ts sends digests on a driven clock).
    const waiting = await pollUntil('the digest items', async () => {
      const { rows } = (await t.database.jobQueueDb.executeSql('SELECT event_id::text AS id FROM alert_digest_items WHERE user_id = $1', [user.user_id])) as {
        rows: { id: string }[];
      };
      return rows.length >= 3 ? rows : undefined;
    });
    const digestTypes = ['activity_changed', 'address_changed', 'name_changed'];
    expect(waiting.map((r) => r.id).sort()).toEqual(events.filter((e) => digestTypes.includes(e.type)).map((e) => e.id).sort());
  }, 120_000);
});
