import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine, type TestDatabase } from '../../../test/db.js';
import { changeFeedApplicationName, postgresChangeFeed } from './change-feed.js';
import { sessions, subscriptions, users } from './schema.js';

let database: TestDatabase;
const heard: (string | null)[] = [];
let unsubscribe: () => void;

beforeAll(async () => {
  database = await createTestDatabase();
  unsubscribe = database.changes.subscribe((userId) => heard.push(userId));
});

afterAll(async () => {
  unsubscribe?.();
  await database?.close();
});

async function insertUser(): Promise<string> {
  const [row] = await database.db
    .insert(users)
    .values({ email: `feed-${randomUUID()}@example.com`, passwordHash: 'x', firstName: 'Ana', lastName: 'Silva', companyName: 'Silva Lda', fiscalNumber: 'PT1' })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

/** What the feed announced from the moment `act` begins until every change it made has arrived. */
async function announcedBy(act: () => Promise<unknown>): Promise<(string | null)[]> {
  await database.changes.sync();
  heard.length = 0;
  await act();
  await database.changes.sync();
  return [...heard];
}

describe(`the change feed (${testEngine})`, () => {
  it('is live once the database is open', () => {
    expect(database.changes.live()).toBe(true);
  });

  it('announces committed changes to users, sessions and subscriptions with the user id', async () => {
    let userId = '';
    expect(await announcedBy(async () => (userId = await insertUser()))).toEqual([userId]);
    expect(await announcedBy(() => database.db.update(users).set({ credits: 5 }).where(eq(users.id, userId)))).toEqual([userId]);
    let sessionId = '';
    expect(
      await announcedBy(async () => {
        const [s] = await database.db.insert(sessions).values({ userId }).returning({ id: sessions.id });
        sessionId = s?.id ?? '';
      }),
    ).toEqual([userId]);
    expect(await announcedBy(() => database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId)))).toEqual([userId]);
    expect(
      await announcedBy(() =>
        database.db.insert(subscriptions).values({ userId, tier: 'basic', period: 'year', status: 'active', limitDate: new Date('2099-01-01') }),
      ),
    ).toEqual([userId]);
    expect(await announcedBy(() => database.db.delete(users).where(eq(users.id, userId)))).toEqual([userId]);
  });

  it('announces a user once per transaction, and nothing for a rolled-back one', async () => {
    const userId = await insertUser();
    const both = await announcedBy(() =>
      database.db.transaction(async (tx) => {
        await tx.update(users).set({ credits: 1 }).where(eq(users.id, userId));
        await tx.insert(sessions).values({ userId });
      }),
    );
    expect(both).toEqual([userId]);
    const rolledBack = await announcedBy(() =>
      database.db
        .transaction(async (tx) => {
          await tx.update(users).set({ credits: 2 }).where(eq(users.id, userId));
          throw new Error('rolled back');
        })
        .catch(() => {}),
    );
    expect(rolledBack).toEqual([]);
  });

  it('does not announce changes to other tables', async () => {
    const userId = await insertUser();
    expect(await announcedBy(() => database.db.execute(sql`update credit_ledger set note = note where user_id = ${userId}`))).toEqual([]);
  });
});

describe.skipIf(testEngine !== 'postgres')('the change feed when its connection is lost (postgres)', () => {
  it('stops being live, announces null, listens again and is live again', async () => {
    const url = database.url ?? '';
    const feed = postgresChangeFeed(url, { heartbeatMs: 100, reconnectMs: 100 });
    const events: (string | null)[] = [];
    feed.subscribe((u) => events.push(u));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const until = async (cond: () => boolean, what: string) => {
      const deadline = Date.now() + 5000;
      while (!cond()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    try {
      await until(() => feed.live(), 'live');
      events.length = 0;
      // The listening backend ends (a restart, a network cut, an administrator).
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database() and pid <> pg_backend_pid()`, [
        changeFeedApplicationName,
      ]);
      await until(() => !feed.live(), 'not live');
      expect(events).toContain(null);
      await until(() => feed.live(), 'live again');
      // Announcements arrive again.
      const userId = await insertUser();
      await feed.sync();
      events.length = 0;
      await database.db.update(users).set({ credits: 9 }).where(eq(users.id, userId));
      await feed.sync();
      expect(events).toEqual([userId]);
      // A suspected database: not live until the next heartbeat answers.
      feed.suspect();
      expect(feed.live()).toBe(false);
      await until(() => feed.live(), 'live after the heartbeat');
    } finally {
      await admin.end();
      await feed.close();
    }
  });
});
