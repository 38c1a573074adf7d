import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { apiKeyOf, createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { monitoringEventListSchema, type MonitoringEventType } from '../../../shared/contracts/monitoring.js';
import { portfolios } from '../../db/schema.js';
import { insertEvents } from './monitoring.repo.js';

/**
 * The inbox's reads and writes over HTTP: newest first with a cursor, the unread count, and
 * acknowledging every event at once (within the filters, never another user's). The events are
 * stored as a check stores them (the repo's insert); how checks find them is monitoring.test.ts.
 */

let t: TestApp;
let user: TestUser;
let other: TestUser;
let bookA = '';
let bookB = '';
let othersBook = '';

async function portfolioOf(u: TestUser, name: string): Promise<string> {
  const rows = await t.database.db.insert(portfolios).values({ userId: u.user_id, name, total: 1, status: 'done' }).returning({ id: portfolios.id });
  return rows[0]!.id;
}

async function addEvent(u: TestUser, portfolioId: string, type: MonitoringEventType, name: string): Promise<void> {
  const db = t.database.db;
  await db.transaction((tx) =>
    insertEvents(
      tx,
      [
        {
          userId: u.user_id,
          portfolioId,
          rowId: crypto.randomUUID(),
          fiscalNumber: 'FI01120389',
          country: 'FI',
          companyName: name,
          type,
          oldValue: 'active',
          newValue: 'dissolved',
          reportId: crypto.randomUUID(),
        },
      ],
      new Date(),
    ),
  );
}

const get = async (u: TestUser | { authorization: string }, url: string) => {
  const headers = 'headers' in u ? u.headers : u;
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<unknown>();
};
const unread = async (u: TestUser, query = '') => ((await get(u, `/api/events/unread-count${query}`)) as { count: number }).count;
const ackAll = (headers: { authorization: string }, payload: object, prefix = '/api') =>
  t.app.inject({ method: 'POST', url: `${prefix}/events/acknowledge`, headers, payload });

beforeAll(async () => {
  t = await createTestApp();
  user = await createSignedInUser(t.app);
  other = await createSignedInUser(t.app);
  bookA = await portfolioOf(user, 'Book A');
  bookB = await portfolioOf(user, 'Book B');
  othersBook = await portfolioOf(other, 'Theirs');
  await addEvent(user, bookA, 'status_changed', 'First Oy');
  await addEvent(user, bookA, 'name_changed', 'Second Oy');
  await addEvent(user, bookB, 'status_changed', 'Third SA');
  await addEvent(other, othersBook, 'status_changed', 'Not Yours Ltd');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the inbox', () => {
  it('lists newest first with order=desc, a page at a time, and oldest first by default', async () => {
    const first = monitoringEventListSchema.parse(await get(user, '/api/events?order=desc&limit=2'));
    expect(first.items.map((e) => e.company_name)).toEqual(['Third SA', 'Second Oy']);
    expect(first.next).not.toBeNull();
    const second = monitoringEventListSchema.parse(await get(user, `/api/events?order=desc&limit=2&cursor=${first.next!}`));
    expect(second.items.map((e) => e.company_name)).toEqual(['First Oy']);
    expect(second.next).toBeNull();

    const filtered = monitoringEventListSchema.parse(await get(user, `/api/events?order=desc&portfolio_id=${bookA}&type=status_changed`));
    expect(filtered.items.map((e) => e.company_name)).toEqual(['First Oy']);

    const oldestFirst = monitoringEventListSchema.parse(await get(user, '/api/events'));
    expect(oldestFirst.items.map((e) => e.company_name)).toEqual(['First Oy', 'Second Oy', 'Third SA']);
  });

  it('counts the unacknowledged events, of the user only, within the filters', async () => {
    expect(await unread(user)).toBe(3);
    expect(await unread(user, `?portfolio_id=${bookA}`)).toBe(2);
    expect(await unread(user, '?type=name_changed')).toBe(1);
    expect(await unread(other)).toBe(1);
    const bad = await t.app.inject({ method: 'GET', url: '/api/events/unread-count?type=nonsense', headers: user.headers });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/events/unread-count' })).statusCode).toBe(401);
  });

  it('acknowledges all within the filters, and never another user’s events', async () => {
    // Another user's portfolio id matches none of this user's events, and theirs stay unread.
    expect((await ackAll(user.headers, { portfolio_id: othersBook })).json()).toEqual({ acknowledged: 0 });
    expect(await unread(other)).toBe(1);

    const some = await ackAll(user.headers, { portfolio_id: bookA, type: 'status_changed' });
    expect(some.statusCode, some.body).toBe(200);
    expect(some.json()).toEqual({ acknowledged: 1 });
    expect(await unread(user)).toBe(2);
    const list = monitoringEventListSchema.parse(await get(user, '/api/events'));
    expect(list.items.find((e) => e.company_name === 'First Oy')?.acknowledged_at).not.toBeNull();
    expect(list.items.find((e) => e.company_name === 'Second Oy')?.acknowledged_at).toBeNull();

    expect((await ackAll(user.headers, {})).json()).toEqual({ acknowledged: 2 });
    expect(await unread(user)).toBe(0);
    // Again: nothing left to acknowledge, the first times are kept.
    expect((await ackAll(user.headers, {})).json()).toEqual({ acknowledged: 0 });
    expect(await unread(other)).toBe(1);

    expect((await ackAll(user.headers, { portfolio_id: 'not-a-uuid' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/events/acknowledge', payload: {} })).statusCode).toBe(401);
  });

  it('the public API counts and acknowledges with an API key, for the key owner only', async () => {
    const key = await apiKeyOf(t.app, other, 'inbox');
    expect(await get(key, '/api/v1/events/unread-count')).toEqual({ count: 1 });
    const acked = await ackAll(key, {}, '/api/v1');
    expect(acked.json()).toEqual({ acknowledged: 1 });
    expect(await get(key, '/api/v1/events/unread-count')).toEqual({ count: 0 });
  });
});
