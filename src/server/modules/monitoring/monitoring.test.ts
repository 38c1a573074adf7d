import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/app.js';
import { apiKeyOf, createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { creditsOf } from '../../../../test/assessment-helpers.js';
import { monitoringEnv } from '../../../../test/monitoring-fixtures.js';
import { FI_ACTIVE, FR_ACTIVE, loadRegisterFixtures } from '../../../../test/peers/register-fixtures.js';
import { startRegistersPeer, type RegistersPeer } from '../../../../test/peers/registers.js';
import { createPortfolio, waitDone } from '../../../../test/portfolio-helpers.js';
import { euListXml, startListServer, type ListServer } from '../../../../test/sanctions-list-server.js';
import {
  monitoringEventListSchema,
  monitoringSettingSchema,
  type MonitoringEvent,
  type MonitoringSetting,
} from '../../../shared/contracts/monitoring.js';
import { monitoringErrors } from './index.js';

/**
 * Monitoring end to end, with the workers, the schedule and the list listener running as in
 * production (the server listens): a watched portfolio of two companies from the national
 * registers (a local peer speaking their formats), the register's answers changed between checks,
 * a sanctions list (a local list server) that comes to name one of them, and a register that is
 * down. Each change is one event, a check with no change adds none, no credit is spent.
 */

const ADMIN = 'admin-monitoring@example.com';
const NOKIA_ID = '0112038-9';

let registers: RegistersPeer;
let lists: ListServer;
let admin: TestUser;
let user: TestUser;
let other: TestUser;
let portfolioId = '';

const monitoringOf = async (u: TestUser, id = portfolioId): Promise<MonitoringSetting> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/portfolios/${id}/monitoring`, headers: u.headers });
  expect(res.statusCode, res.body).toBe(200);
  return monitoringSettingSchema.parse(res.json());
};

const check = (headers: Record<string, string>, prefix = '/api', id = portfolioId) =>
  t.app.inject({ method: 'POST', url: `${prefix}/portfolios/${id}/check`, headers });

const eventsOf = async (headers: Record<string, string>, query = '', prefix = '/api') => {
  const res = await t.app.inject({ method: 'GET', url: `${prefix}/events${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return monitoringEventListSchema.parse(res.json());
};

/** Every event of the user, all pages. */
async function allEvents(u: TestUser): Promise<MonitoringEvent[]> {
  const items: MonitoringEvent[] = [];
  let cursor: string | null = null;
  do {
    const page = await eventsOf(u.headers, `?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...page.items);
    cursor = page.next;
  } while (cursor);
  return items;
}

/** Waits until a run that ended after `after` has set last_checked_at and none is running. */
async function waitChecked(after: string | null, timeoutMs = 30_000): Promise<MonitoringSetting> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = await monitoringOf(user);
    if (!m.running && m.last_checked_at && (!after || m.last_checked_at > after)) return m;
    if (Date.now() > deadline) throw new Error(`no check ended within ${timeoutMs} ms: ${JSON.stringify(m)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A manual check run through to its end; answers the events it added. */
async function checkAndWait(): Promise<MonitoringEvent[]> {
  const before = await allEvents(user);
  const { last_checked_at } = await monitoringOf(user);
  const res = await check(user.headers);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toMatchObject({ rows: 2 });
  await waitChecked(last_checked_at);
  return (await allEvents(user)).slice(before.length);
}

const nokia = () => structuredClone(FI_ACTIVE.record);

beforeAll(async () => {
  registers = await startRegistersPeer();
  loadRegisterFixtures(registers);
  lists = await startListServer();
  lists.serve(euListXml([], new Date().toISOString()));
});
afterAll(async () => {
  await lists?.close();
  await registers?.close();
});
const t = useTestApp(() => ({ ...monitoringEnv(registers, lists), REGISTRY_FR_URL: registers.base('fr'), ADMIN_EMAILS: ADMIN, SIGNUP_CREDITS: '10' }));
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await createSignedInUser(t.app, { email: ADMIN });
  user = await createSignedInUser(t.app);
  other = await createSignedInUser(t.app);
  portfolioId = await createPortfolio(t.app, user, [
    { fiscal_number: FI_ACTIVE.vat, country: 'FI', reference: 'Nokia' },
    { fiscal_number: FR_ACTIVE.vat, country: 'France', reference: 'DINUM' },
  ]);
  const done = await waitDone(t.app, user, portfolioId, 60_000);
  expect(done.rows.map((r) => r.status)).toEqual(['done', 'done']);
}, 90_000);

describe('monitoring a portfolio', () => {
  it('watching it stores the setting and starts no check; another user gets 404', async () => {
    expect(await monitoringOf(user)).toMatchObject({ enabled: false, frequency: 'daily', reassess: 'never', last_checked_at: null, next_check_at: null, running: false });
    const started = Date.now();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/portfolios/${portfolioId}/monitoring`,
      headers: user.headers,
      payload: { enabled: true, frequency: 'weekly', reassess: 'never' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const setting = monitoringSettingSchema.parse(res.json());
    expect(setting).toMatchObject({ enabled: true, frequency: 'weekly', last_checked_at: null, running: false });
    const inAWeek = Date.parse(setting.next_check_at!) - started;
    expect(inAWeek).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(inAWeek).toBeLessThan(7 * 86_400_000 + 60_000);

    // No check starts by itself: a moment later nothing ran.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await monitoringOf(user)).toMatchObject({ last_checked_at: null, running: false });
    expect(await allEvents(user)).toEqual([]);

    const bad = await t.app.inject({ method: 'PUT', url: `/api/portfolios/${portfolioId}/monitoring`, headers: user.headers, payload: { enabled: true, frequency: 'hourly' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('detail');

    for (const req of [
      { method: 'GET' as const, url: `/api/portfolios/${portfolioId}/monitoring` },
      { method: 'PUT' as const, url: `/api/portfolios/${portfolioId}/monitoring`, payload: { enabled: false, frequency: 'daily' } },
      { method: 'POST' as const, url: `/api/portfolios/${portfolioId}/check` },
    ]) {
      const res404 = await t.app.inject({ ...req, headers: other.headers });
      expect(res404.statusCode, `${req.method} ${req.url}`).toBe(404);
      expect(res404.json()).toHaveProperty('detail');
    }
    expect(await monitoringOf(user)).toMatchObject({ enabled: true, frequency: 'weekly' });
  });

  it('a first check against the reports finds nothing; a register that changes gives one event per change, once', async () => {
    const credits = await creditsOf(t.app, user);
    expect(await checkAndWait()).toEqual([]);

    const changed = nokia();
    changed.companySituations = [{ type: 'KONK' }] as never;
    changed.names = [{ name: 'Nokia Solutions Oyj', type: '1', registrationDate: '2026-11-01' }];
    changed.addresses = [{ type: 1, street: 'Keilalahdentie', buildingNumber: '4', postCode: '02150', postOffices: [{ city: 'ESPOO', languageCode: '1' }] }];
    changed.mainBusinessLine = { ...changed.mainBusinessLine, type: '62010', descriptions: [] };
    changed.companyForms = [{ type: '16', descriptions: [{ languageCode: '1', description: 'Osakeyhtiö' }] }];
    registers.fi.set(NOKIA_ID, changed);

    const events = await checkAndWait();
    const byType = Object.fromEntries(events.map((e) => [e.type, e]));
    expect(events.map((e) => e.type).sort()).toEqual(['activity_changed', 'address_changed', 'legal_form_changed', 'name_changed', 'status_changed']);
    expect(byType.legal_form_changed).toMatchObject({ old_value: 'Julkinen osakeyhtiö', new_value: 'Osakeyhtiö' });
    expect(byType.status_changed).toMatchObject({ old_value: 'active', new_value: 'insolvent' });
    expect(byType.name_changed).toMatchObject({ old_value: 'Nokia Oyj', new_value: 'Nokia Solutions Oyj', company_name: 'Nokia Solutions Oyj' });
    expect(byType.address_changed).toMatchObject({ old_value: 'Karakaari 7, 02610 ESPOO', new_value: 'Keilalahdentie 4, 02150 ESPOO' });
    expect(byType.activity_changed!.old_value).toMatch(/^70\.10 /);
    expect(byType.activity_changed!.new_value).toMatch(/^62\.01 /);
    const done = await waitDone(t.app, user, portfolioId);
    const nokiaRow = done.rows.find((r) => r.reference === 'Nokia')!;
    for (const e of events) {
      expect(e).toMatchObject({ portfolio_id: portfolioId, row_id: nokiaRow.id, fiscal_number: 'FI01120389', country: 'FI', acknowledged_at: null, report_id: nokiaRow.report_id });
    }

    // The same answers again: nothing new.
    expect(await checkAndWait()).toEqual([]);
    // Checks spend no credit.
    expect(await creditsOf(t.app, user)).toBe(credits);
  });

  it('a new sanctions list version naming the company re-screens the watched portfolio at once: one sanctions_hit', async () => {
    const { last_checked_at } = await monitoringOf(user);
    lists.serve(
      euListXml([{ ref: 'EU.7001.01', subject: 'enterprise', names: ['NOKIA SOLUTIONS OYJ'], programme: 'RUS', countries: ['FI'] }], new Date().toISOString()),
    );
    const before = (await allEvents(user)).length;
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/admin/sanctions/refresh', headers: admin.headers });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({ lists: [{ list: 'EU', status: 'updated' }] });

    await waitChecked(last_checked_at);
    const events = (await allEvents(user)).slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'sanctions_hit', old_value: null, company_name: 'Nokia Solutions Oyj' });
    expect(events[0]!.new_value).toMatch(/^EU EU\.7001\.01 NOKIA SOLUTIONS OYJ \(company/);

    expect(await checkAndWait()).toEqual([]);
  });

  it('a register that is down: the row is tried again later, no event; 409 while the run is under way', async () => {
    const before = (await allEvents(user)).length;
    const { last_checked_at } = await monitoringOf(user);
    registers.failing.set('fi', 503);
    const res = await check(user.headers);
    expect(res.statusCode, res.body).toBe(202);

    const asked = registers.requestsTo('fi').length;
    // The Nokia row fails and waits for its retry: the run stays under way.
    const deadline = Date.now() + 10_000;
    while (registers.requestsTo('fi').length === asked && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await monitoringOf(user)).toMatchObject({ running: true, last_checked_at });
    const again = await check(user.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: monitoringErrors.running });

    // Retried until the register answers again, then the run ends with nothing new.
    while (registers.requestsTo('fi').length < asked + 2 && Date.now() < deadline + 10_000) await new Promise((r) => setTimeout(r, 50));
    expect(registers.requestsTo('fi').length).toBeGreaterThanOrEqual(asked + 2);
    expect((await allEvents(user)).length).toBe(before);
    registers.failing.clear();
    await waitChecked(last_checked_at);
    expect((await allEvents(user)).length).toBe(before);
  });

  it('a company no source knows any more is vat_invalid, once', async () => {
    registers.fi.delete(NOKIA_ID);
    const events = await checkAndWait();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'vat_invalid', old_value: 'FI01120389', company_name: 'Nokia Solutions Oyj' });
    expect(await checkAndWait()).toEqual([]);
  });

  it('the schedule starts a run of a watched portfolio whose next check has come, and sets the next', async () => {
    const { last_checked_at } = await monitoringOf(user);
    await t.database.db.execute(sql`UPDATE portfolio_monitoring SET next_check_at = now() - interval '1 minute'`);
    const m = await waitChecked(last_checked_at, 15_000);
    const inAWeek = Date.parse(m.next_check_at!) - Date.parse(m.last_checked_at!);
    expect(inAWeek).toBe(7 * 86_400_000);
  });

  it('a run that lost its jobs (its process killed) is ended by the schedule, so it holds off no later run', async () => {
    const { last_checked_at } = await monitoringOf(user);
    await t.database.db.execute(
      sql`INSERT INTO monitoring_runs (portfolio_id, user_id, reason, total, pending, created_at)
          SELECT id, user_id, 'manual', 2, 2, now() - interval '1 day' FROM portfolios WHERE id = ${portfolioId}`,
    );
    const before = await monitoringOf(user);
    // Either still under way or already ended by a tick that came between.
    if (before.running) expect((await check(user.headers)).statusCode).toBe(409);
    const m = await waitChecked(last_checked_at, 15_000);
    expect(m.running).toBe(false);
    expect(await checkAndWait()).toEqual([]);
  });
});

describe('the events API', () => {
  it('pages oldest first with an opaque cursor, null on the last page; filters by type, portfolio and time', async () => {
    const all = await allEvents(user);
    expect(all.map((e) => e.type)).toEqual([...all.map((e) => e.type)]);
    expect(all).toHaveLength(7);
    const times = all.map((e) => e.detected_at);
    expect([...times].sort()).toEqual(times);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await eventsOf(user.headers, `?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.items.map((e) => e.id));
      cursor = page.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(all.map((e) => e.id));

    expect((await eventsOf(user.headers, '?type=sanctions_hit')).items.map((e) => e.type)).toEqual(['sanctions_hit']);
    expect((await eventsOf(user.headers, `?portfolio_id=${portfolioId}&limit=100`)).items).toHaveLength(7);
    expect((await eventsOf(user.headers, `?portfolio_id=${crypto.randomUUID()}`)).items).toEqual([]);
    const last = all.at(-1)!;
    expect((await eventsOf(user.headers, `?since=${encodeURIComponent(last.detected_at)}`)).items.map((e) => e.id)).toEqual([last.id]);

    const badCursor = await t.app.inject({ method: 'GET', url: '/api/events?cursor=not-ours', headers: user.headers });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({ detail: monitoringErrors.badCursor });
    const badType = await t.app.inject({ method: 'GET', url: '/api/events?type=grade_dropped', headers: user.headers });
    expect(badType.statusCode).toBe(400);
  });

  it("acknowledges one of the user's events; another user's event is 404 and theirs stays unread", async () => {
    const [first] = await allEvents(user);
    const theirs = await t.app.inject({ method: 'POST', url: `/api/events/${first!.id}/acknowledge`, headers: other.headers });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toHaveProperty('detail');
    expect((await eventsOf(other.headers)).items).toEqual([]);

    const res = await t.app.inject({ method: 'POST', url: `/api/events/${first!.id}/acknowledge`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    const acked = res.json<MonitoringEvent>();
    expect(acked.acknowledged_at).not.toBeNull();
    expect((await allEvents(user))[0]!.acknowledged_at).toBe(acked.acknowledged_at);
    expect((await allEvents(user)).slice(1).every((e) => e.acknowledged_at === null)).toBe(true);

    const unknown = await t.app.inject({ method: 'POST', url: '/api/events/not-an-id/acknowledge', headers: user.headers });
    expect(unknown.statusCode).toBe(404);
  });

  it('the public API answers the same with an API key, for the key owner only', async () => {
    const key = await apiKeyOf(t.app, user, 'monitoring feed');
    const otherKey = await apiKeyOf(t.app, other, 'monitoring feed');

    const setting = await t.app.inject({ method: 'GET', url: `/api/v1/portfolios/${portfolioId}/monitoring`, headers: key });
    expect(setting.statusCode, setting.body).toBe(200);
    expect(monitoringSettingSchema.parse(setting.json())).toMatchObject({ enabled: true, frequency: 'weekly' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/portfolios/${portfolioId}/monitoring`,
      headers: key,
      payload: { enabled: true, frequency: 'monthly', reassess: 'quarterly' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ enabled: true, frequency: 'monthly', reassess: 'quarterly' });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/portfolios/${portfolioId}/monitoring`, headers: otherKey })).statusCode).toBe(404);
    expect((await check(otherKey, '/api/v1')).statusCode).toBe(404);
    // A session token is no API key.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/events', headers: user.headers })).statusCode).toBe(401);

    const page = await eventsOf(key, '?limit=100', '/api/v1');
    expect(page.items.map((e) => e.id)).toEqual((await allEvents(user)).map((e) => e.id));
    expect((await eventsOf(otherKey, '', '/api/v1')).items).toEqual([]);
    const target = page.items[1]!;
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/events/${target.id}/acknowledge`, headers: otherKey })).statusCode).toBe(404);
    const acked = await t.app.inject({ method: 'POST', url: `/api/v1/events/${target.id}/acknowledge`, headers: key });
    expect(acked.statusCode, acked.body).toBe(200);
    expect(acked.json<MonitoringEvent>().acknowledged_at).not.toBeNull();

    const { last_checked_at } = await monitoringOf(user);
    const started = await check(key, '/api/v1');
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ rows: 2 });
    await waitChecked(last_checked_at);
  });
});
