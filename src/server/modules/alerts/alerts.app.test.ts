import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, outboxOf, waitForOutboxMail, type TestUser } from '../../../../test/auth.js';
import { monitoringEvents, portfolios } from '../../db/schema.js';
import { useTestApp } from '../../../../test/app.js';

/**
 * The e-mail settings on the profile API, and alerts as the listening app runs them: an event
 * stored by monitoring reaches the user's mailbox without anyone asking.
 */

const t = useTestApp({ APP_URL: 'https://app.corisk.test', ALERT_TICK_SECONDS: '1', MONITORING_CONCURRENCY: '0', PORTFOLIO_CONCURRENCY: '0' });
let user: TestUser;
beforeAll(async () => {
  user = await createSignedInUser(t.app);
});

const settings = (method: 'GET' | 'PUT', payload?: object, headers: Record<string, string> = user.headers) =>
  t.app.inject({ method, url: '/api/auth/me/settings', headers, ...(payload ? { payload } : {}) });

describe('e-mail settings on the profile API', () => {
  it('are daily by default, and take weekly, off and daily back', async () => {
    expect((await settings('GET')).json()).toEqual({ digest_frequency: 'daily', locale: 'en' });
    for (const digest_frequency of ['weekly', 'off', 'daily'] as const) {
      const put = await settings('PUT', { digest_frequency });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ digest_frequency, locale: 'en' });
      expect((await settings('GET')).json()).toEqual({ digest_frequency, locale: 'en' });
    }
  });

  it('refuse other values with 400 naming the field, and anyone signed out with 401', async () => {
    const bad = await settings('PUT', { digest_frequency: 'hourly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('digest_frequency');
    expect((await settings('GET')).json()).toEqual({ digest_frequency: 'daily', locale: 'en' });
    expect((await settings('GET', undefined, {})).statusCode).toBe(401);
    expect((await settings('PUT', { digest_frequency: 'off' }, {})).statusCode).toBe(401);
  });

  it("are each user's own", async () => {
    const other = await createSignedInUser(t.app);
    await settings('PUT', { digest_frequency: 'weekly' }, other.headers);
    expect((await settings('GET')).json()).toEqual({ digest_frequency: 'daily', locale: 'en' });
    expect((await settings('GET', undefined, other.headers)).json()).toEqual({ digest_frequency: 'weekly', locale: 'en' });
  });
});

describe('alerts in the listening app', () => {
  it('mail a stored status change to insolvent to its owner', async () => {
    const [portfolio] = await t.database.db
      .insert(portfolios)
      .values({ userId: user.user_id, name: 'Book', total: 1, status: 'done' })
      .returning({ id: portfolios.id });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await t.database.db.insert(monitoringEvents).values({
      userId: user.user_id,
      portfolioId: portfolio!.id,
      rowId: crypto.randomUUID(),
      fiscalNumber: 'FI01120389',
      country: 'FI',
      companyName: 'Nokia Oyj',
      type: 'status_changed',
      oldValue: 'active',
      newValue: 'insolvent',
    });
    const mail = await waitForOutboxMail(t.app, user.email, /is now insolvent/, 40_000);
    expect(mail.subject).toBe('Nokia Oyj (FI01120389) is now insolvent');
    expect(mail.links).toContain('https://app.corisk.test/events');
    expect(mail.links).toContain(`https://app.corisk.test/portfolio/${portfolio!.id}`);
    await new Promise((r) => setTimeout(r, 1500)); // a tick or two more
    expect(outboxOf(t.app).list(user.email).filter((m) => /is now insolvent/.test(m.subject))).toHaveLength(1);
  }, 60_000);
});
