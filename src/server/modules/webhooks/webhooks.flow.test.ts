import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { FI_ACTIVE, loadRegisterFixtures } from '../../../../test/peers/register-fixtures.js';
import { startRegistersPeer, type RegistersPeer } from '../../../../test/peers/registers.js';
import { assessedNokiaBook } from '../../../../test/monitoring-fixtures.js';
import { monitoringEventListSchema, monitoringSettingSchema } from '../../../shared/contracts/monitoring.js';
import { webhookCreatedSchema, webhookPayloadSchema } from '../../../shared/contracts/webhooks.js';

/**
 * Webhooks end to end, as production runs them: the server listens, monitoring checks a watched
 * portfolio against a register (a local peer) whose answer changes between checks, and the
 * webhook module, started with the server, reads the real event feed and POSTs the events of the
 * chosen type to a local receiver.
 */

const NOKIA_ID = '0112038-9';
let registers: RegistersPeer;
let t: TestApp;
let user: TestUser;
let portfolioId = '';
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(204).end();
  });
});

async function checkAndWait(): Promise<void> {
  const before = monitoringSettingSchema.parse((await t.app.inject({ method: 'GET', url: `/api/portfolios/${portfolioId}/monitoring`, headers: user.headers })).json());
  const res = await t.app.inject({ method: 'POST', url: `/api/portfolios/${portfolioId}/check`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(202);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const m = monitoringSettingSchema.parse((await t.app.inject({ method: 'GET', url: `/api/portfolios/${portfolioId}/monitoring`, headers: user.headers })).json());
    if (!m.running && m.last_checked_at && m.last_checked_at !== before.last_checked_at) return;
    if (Date.now() > deadline) throw new Error('no check ended within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  registers = await startRegistersPeer();
  loadRegisterFixtures(registers);
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  t = await createTestApp({
    COMPANY_SOURCES: 'registry',
    REGISTRY_FI_URL: registers.base('fi'),
    SIGNUP_CREDITS: '10',
    SANCTIONS_UN_URL: 'off',
    SANCTIONS_UK_URL: 'off',
    MONITORING_RETRY_SECONDS: '1',
    MONITORING_TICK_SECONDS: '1',
    WEBHOOK_ALLOW_PRIVATE: 'true',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  user = await createSignedInUser(t.app);
  portfolioId = await assessedNokiaBook(t.app, user);
}, 90_000);

afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => receiver.close(() => r()));
  await registers?.close();
});

describe('webhooks with monitoring', () => {
  it('a change found by a check reaches the endpoint, signed, for the chosen event type only', async () => {
    const { port } = receiver.address() as AddressInfo;
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: user.headers, payload: { url: `http://127.0.0.1:${port}/in`, event_types: ['name_changed'] } });
    expect(res.statusCode, res.body).toBe(201);
    const { secret } = webhookCreatedSchema.parse(res.json());
    const put = await t.app.inject({ method: 'PUT', url: `/api/portfolios/${portfolioId}/monitoring`, headers: user.headers, payload: { enabled: true, frequency: 'weekly' } });
    expect(put.statusCode, put.body).toBe(200);

    const changed = structuredClone(FI_ACTIVE.record);
    changed.names = [{ name: 'Nokia Solutions Oyj', type: '1', registrationDate: '2026-11-01' }];
    changed.companySituations = [{ type: 'KONK' }] as never;
    registers.fi.set(NOKIA_ID, changed);
    await checkAndWait();

    const events = monitoringEventListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/events', headers: user.headers })).json()).items;
    const nameChanged = events.find((e) => e.type === 'name_changed');
    expect(nameChanged, JSON.stringify(events)).toBeDefined();
    expect(events.some((e) => e.type === 'status_changed')).toBe(true);

    const deadline = Date.now() + 20_000;
    while (received.length === 0) {
      if (Date.now() > deadline) throw new Error('no delivery within 20 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    // A moment more: the status_changed event must not follow.
    await new Promise((r) => setTimeout(r, 1500));
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got!.headers['webhook-id']).toBe(nameChanged!.id);
    const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
      .update(`${got!.headers['webhook-id']}.${got!.headers['webhook-timestamp']}.${got!.body}`)
      .digest('base64');
    expect(got!.headers['webhook-signature']).toBe(`v1,${expected}`);
    expect(webhookPayloadSchema.parse(JSON.parse(got!.body))).toMatchObject({ type: 'name_changed', data: { id: nameChanged!.id, new_value: 'Nokia Solutions Oyj' } });
  }, 90_000);
});
