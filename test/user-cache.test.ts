import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { userChangedChannel } from '../src/server/db/change-feed.js';
import { sessions, users } from '../src/server/db/schema.js';
import { createSignedInUser, signIn, type TestUser } from './auth.js';
import { testEngine } from './db.js';
import { useTestApp } from './app.js';

/**
 * The per-user read cache in the running app (ADR 009): authenticated requests are answered from
 * memory, and every committed change to the user's rows, whoever made it, reaches the next request.
 * Writes "behind the app's back" go straight to the database, as another server process would.
 */

const t = useTestApp();

const get = (url: string, user: TestUser | { headers: { authorization: string } }) => t.app.inject({ method: 'GET', url, headers: user.headers });
const credits = async (user: TestUser) => (await get('/api/stripe/plan-status', user)).json<{ credits: number }>().credits;
const sessionIdOf = (token: string) => String(decodeJwt(token).sid);

describe(`the per-user read cache (${testEngine})`, () => {
  it('answers from memory: a change the database does not announce is not seen until it is announced', async () => {
    const user = await createSignedInUser(t.app);
    expect(await credits(user)).toBe(3);
    const db = t.database.db;
    await db.execute(sql`alter table users disable trigger users_notify_changed`);
    try {
      await db.update(users).set({ credits: 1 }).where(eq(users.id, user.user_id));
      await t.database.changes.sync();
      expect(await credits(user)).toBe(3);
    } finally {
      await db.execute(sql`alter table users enable trigger users_notify_changed`);
    }
    await db.execute(sql`select pg_notify(${userChangedChannel}, ${user.user_id})`);
    await t.database.changes.sync();
    expect(await credits(user)).toBe(1);
  });

  it("keeps the user's cached rows across a POST that changes none of them (the access check), and forgets them after one that may", async () => {
    const user = await createSignedInUser(t.app);
    expect(await credits(user)).toBe(3);
    const db = t.database.db;
    const post = (url: string) => t.app.inject({ method: 'POST', url, headers: user.headers });
    await db.execute(sql`alter table users disable trigger users_notify_changed`);
    try {
      await db.update(users).set({ credits: 1 }).where(eq(users.id, user.user_id));
      await t.database.changes.sync();
      // Unannounced, as in the first case: the access check is answered from memory and keeps it.
      expect((await post('/api/stripe/validate-service-access')).statusCode).toBe(200);
      expect(await credits(user)).toBe(3);
      // Any other POST of the user's may have changed their rows: the next request reads them again.
      expect((await post('/api/openai/company')).statusCode).toBeGreaterThanOrEqual(400);
      expect(await credits(user)).toBe(1);
    } finally {
      await db.execute(sql`alter table users enable trigger users_notify_changed`);
    }
  });

  it('sees credits another process changed once the change is announced', async () => {
    const user = await createSignedInUser(t.app);
    expect(await credits(user)).toBe(3);
    await t.database.db.update(users).set({ credits: 2 }).where(eq(users.id, user.user_id));
    await t.database.changes.sync();
    expect(await credits(user)).toBe(2);
  });

  it('refuses an access token once another process revoked its session', async () => {
    const user = await createSignedInUser(t.app);
    expect((await get('/api/auth/me', user)).statusCode).toBe(200);
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionIdOf(user.access_token)));
    await t.database.changes.sync();
    const res = await get('/api/auth/me', user);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'session_revoked' });
  });

  it("sees the user's own writes in their very next request: a password change ends the other session at once", async () => {
    const user = await createSignedInUser(t.app);
    const other = await signIn(t.app, user.email, user.password);
    const otherHeaders = { headers: { authorization: `Bearer ${other.access_token}` } };
    expect((await get('/api/auth/me', otherHeaders)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-password',
      headers: user.headers,
      payload: { current_password: user.password, new_password: 'Another-Horse-77' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get('/api/auth/me', otherHeaders)).statusCode).toBe(401);
    expect((await get('/api/auth/me', user)).statusCode).toBe(200);
  });

  it('refuses the access token of a session ended by refresh-token reuse at once', async () => {
    const user = await createSignedInUser(t.app);
    expect((await get('/api/auth/me', user)).statusCode).toBe(200);
    const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: token } });
    expect((await refresh(user.refresh_token)).statusCode).toBe(200);
    expect((await refresh(user.refresh_token)).statusCode).toBe(401);
    expect((await get('/api/auth/me', user)).statusCode).toBe(401);
  });
});
