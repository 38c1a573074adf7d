import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/db.js';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../../../test/smtp-capture.js';
import { alertOutbox, monitoringEvents, portfolios, users } from '../../db/schema.js';
import { SmtpMailer } from '../../providers/mailer/smtp.js';
import { createMonitoring, type MonitoringEventFeed } from '../monitoring/index.js';
import { createAlerts, type AlertsModule } from './index.js';

/**
 * Monitoring e-mails on a real database and a real SMTP server: urgent events mailed at once,
 * the rest in the daily or weekly digest at the digest hour, and every mail sent once, however
 * many instances tick and wherever one dies.
 */

const APP_URL = 'https://corisk.test';
const LEASE_SECONDS = 120;
let database: TestDatabase;
let smtp: SmtpCapture;
let mailer: SmtpMailer;
let feed: MonitoringEventFeed;
let clock = new Date('2026-11-25T12:00:00Z'); // a Wednesday
const silent = { info: () => {}, warn: () => {} };
const instances: AlertsModule[] = [];

/** One process's alerts (a new one after a "crash" shares nothing with the old but the database). */
function instance(): AlertsModule {
  const alerts = createAlerts({
    database,
    events: feed,
    mailer,
    brand: { productName: 'Corisk', appUrl: APP_URL },
    config: { digestHour: 7, tickSeconds: 3600, leaseSeconds: LEASE_SECONDS },
    log: silent,
    now: () => clock,
  });
  instances.push(alerts);
  return alerts;
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpCapture();
  mailer = new SmtpMailer({ url: smtp.url, from: 'Corisk <alerts@corisk.test>' });
  // Monitoring's own event feed, through its public surface: nothing else of it runs here.
  feed = createMonitoring({
    database,
    jobs: null as never,
    portfolios: null as never,
    companies: null as never,
    reports: null as never,
    screening: null as never,
    lists: null as never,
    assessments: null as never,
    config: { concurrency: 0, retrySeconds: 60, tickSeconds: 3600 },
    log: silent,
  }).events;
});

afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  await mailer?.close();
  await smtp?.close();
  await database?.close();
});

interface Watcher {
  userId: string;
  email: string;
  portfolioId: string;
}

let n = 0;
async function watcher(digestFrequency: 'daily' | 'weekly' | 'off' = 'daily'): Promise<Watcher> {
  const email = `watcher${++n}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const [user] = await database.db
    .insert(users)
    .values({ email, passwordHash: 'x', firstName: 'Ana', lastName: 'B', companyName: 'C', fiscalNumber: 'D', digestFrequency })
    .returning({ id: users.id });
  const [portfolio] = await database.db.insert(portfolios).values({ userId: user!.id, name: 'Book', total: 1, status: 'done' }).returning({ id: portfolios.id });
  return { userId: user!.id, email, portfolioId: portfolio!.id };
}

const reportId = crypto.randomUUID();
async function event(w: Watcher, type: string, oldValue: string | null, newValue: string | null, detectedAt: string, company = 'Nokia Oyj') {
  const [row] = await database.db
    .insert(monitoringEvents)
    .values({
      userId: w.userId,
      portfolioId: w.portfolioId,
      rowId: crypto.randomUUID(),
      fiscalNumber: 'FI01120389',
      country: 'FI',
      companyName: company,
      type,
      oldValue,
      newValue,
      reportId,
      detectedAt: new Date(detectedAt),
    })
    .returning({ id: monitoringEvents.id });
  return row!.id;
}

const mailsTo = (w: Watcher): CapturedMail[] => smtp.mails.filter((m) => m.to.includes(w.email));
const at = (iso: string) => {
  clock = new Date(iso);
};

describe('immediate alerts', () => {
  it('mails a status change to insolvent at once, with the company, the change, the time and the links', async () => {
    const w = await watcher();
    at('2026-11-25T12:00:00Z');
    await event(w, 'status_changed', 'active', 'insolvent', '2026-11-25T11:58:00Z');
    await event(w, 'name_changed', 'Nokia Oyj', 'Nokia Group Oyj', '2026-11-25T11:58:00Z');
    await instance().service.tick();

    const mails = mailsTo(w);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Nokia Oyj (FI01120389) is now insolvent');
    expect(mail.text).toContain('Company: Nokia Oyj, VAT number FI01120389');
    expect(mail.text).toContain('Status changed: active → insolvent');
    expect(mail.text).toContain('Detected: 25 Nov 2026, 11:58 UTC');
    expect(mail.links).toContain(`${APP_URL}/products/risk-assessment?report=${reportId}&portfolio=${w.portfolioId}`);
    expect(mail.links).toContain(`${APP_URL}/events`);
    expect(mail.html).toContain('Company status changed');
    expect(mail.html).toContain('active → insolvent');
  });

  it('mails sanctions hits and liquidations at once, and not other status changes', async () => {
    const w = await watcher();
    await event(w, 'sanctions_hit', null, 'EU 123 ACME LTD (company Nokia Oyj, score 0.97)', '2026-11-25T12:00:00Z');
    await event(w, 'status_changed', 'active', 'in_liquidation', '2026-11-25T12:00:00Z', 'Acme Oy');
    await event(w, 'status_changed', 'in_liquidation', 'active', '2026-11-25T12:00:00Z', 'Other Oy');
    await instance().service.tick();
    expect(mailsTo(w).map((m) => m.subject).sort()).toEqual(['Acme Oy (FI01120389) is now in liquidation', 'Sanctions hit: Nokia Oyj (FI01120389)']);
  });
});

describe('digests', () => {
  it('sends the other events in the next daily digest at the digest hour, with counts per type, once', async () => {
    const w = await watcher();
    at('2026-11-25T15:00:00Z');
    await event(w, 'name_changed', 'Nokia Oyj', 'Nokia Group Oyj', '2026-11-25T14:00:00Z');
    await event(w, 'address_changed', 'Karakaari 7', 'Karakaari 9', '2026-11-25T14:00:00Z');
    await event(w, 'address_changed', 'Main St 1', 'Main St 2', '2026-11-25T14:30:00Z', 'Acme Oy');
    await event(w, 'status_changed', 'active', 'dissolved', '2026-11-25T14:30:00Z', 'Gone Oy');
    const alerts = instance();
    await alerts.service.tick();
    expect(mailsTo(w).map((m) => m.subject)).toEqual(['Gone Oy (FI01120389) is now dissolved']);

    at('2026-11-26T06:59:00Z'); // before the digest hour
    await alerts.service.tick();
    expect(mailsTo(w)).toHaveLength(1);

    at('2026-11-26T07:00:00Z');
    // Detected after the period's end: in the next digest.
    await event(w, 'legal_form_changed', 'Oy', 'Oyj', '2026-11-26T01:00:00Z');
    await alerts.service.tick();
    await alerts.service.tick();
    const digests = mailsTo(w).filter((m) => m.subject.includes('digest'));
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.subject).toBe('Your daily monitoring digest: 3 changes');
    expect(digest.text).toContain('for 25 November 2026');
    expect(digest.text).toContain('Name changed: 1');
    expect(digest.text).toContain('Address changed: 2');
    expect(digest.text).toContain('Nokia Oyj (FI01120389), name changed: Nokia Oyj → Nokia Group Oyj');
    expect(digest.text).not.toContain('Gone Oy'); // mailed at once: neither listed nor counted
    expect(digest.text).not.toContain('Status changed');
    expect(digest.text).not.toContain('Legal form');
    expect(digest.links).toContain(`${APP_URL}/events`);
    expect(digest.links).toContain(`${APP_URL}/products/risk-assessment?report=${reportId}&portfolio=${w.portfolioId}`);

    at('2026-11-27T07:00:00Z');
    await alerts.service.tick();
    const next = mailsTo(w).filter((m) => m.subject.includes('digest'));
    expect(next.map((m) => m.subject)).toEqual(['Your daily monitoring digest: 3 changes', 'Your daily monitoring digest: 1 change']);
    expect(next[1]!.text).toContain('Legal form changed: 1');

    at('2026-11-28T07:00:00Z'); // a day without events: no digest
    await alerts.service.tick();
    expect(mailsTo(w).filter((m) => m.subject.includes('digest'))).toHaveLength(2);
  });

  it('lists at most 20 events and counts them all', async () => {
    const w = await watcher();
    at('2026-11-25T15:00:00Z');
    for (let i = 0; i < 23; i++) await event(w, 'address_changed', `Street ${i}`, `Street ${i + 1}`, '2026-11-25T14:00:00Z', `Firm ${i} Oy`);
    const alerts = instance();
    await alerts.service.tick();
    at('2026-11-26T07:30:00Z');
    await alerts.service.tick();
    const [digest] = mailsTo(w);
    expect(digest?.subject).toBe('Your daily monitoring digest: 23 changes');
    expect(digest!.text).toContain('Address changed: 23');
    expect(digest!.text).toContain('Firm 19 Oy');
    expect(digest!.text).not.toContain('Firm 20 Oy');
    expect(digest!.text).toContain('And 3 more');
  });

  it('honours the weekly setting: one digest on Monday for the week before', async () => {
    const w = await watcher('weekly');
    at('2026-11-25T15:00:00Z');
    await event(w, 'name_changed', 'Nokia Oyj', 'Nokia Group Oyj', '2026-11-25T14:00:00Z');
    const alerts = instance();
    await alerts.service.tick();
    at('2026-11-26T07:00:00Z');
    await event(w, 'address_changed', 'Karakaari 7', 'Karakaari 9', '2026-11-26T08:00:00Z');
    await alerts.service.tick();
    at('2026-11-29T23:00:00Z');
    await alerts.service.tick();
    expect(mailsTo(w)).toHaveLength(0);

    at('2026-11-30T07:00:00Z'); // Monday
    await alerts.service.tick();
    await alerts.service.tick();
    const mails = mailsTo(w);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your weekly monitoring digest: 2 changes');
    expect(mails[0]!.text).toContain('for the week of 23 November 2026 to 29 November 2026');
    expect(mails[0]!.text).toContain('Name changed: 1');
    expect(mails[0]!.text).toContain('Address changed: 1');
  });

  it("'off' sends no digest, but still the immediate alerts", async () => {
    const w = await watcher('off');
    at('2026-11-25T15:00:00Z');
    await event(w, 'name_changed', 'Nokia Oyj', 'Nokia Group Oyj', '2026-11-25T14:00:00Z');
    await event(w, 'sanctions_hit', null, 'EU 9 NOKIA (company Nokia Oyj, score 0.91)', '2026-11-25T14:00:00Z');
    const alerts = instance();
    await alerts.service.tick();
    for (const t of ['2026-11-26T07:00:00Z', '2026-11-30T07:00:00Z']) {
      at(t);
      await alerts.service.tick();
    }
    expect(mailsTo(w).map((m) => m.subject)).toEqual(['Sanctions hit: Nokia Oyj (FI01120389)']);
  });
});

describe('sent once', () => {
  it('ticking twice, or from two instances at once, sends each e-mail once', async () => {
    const w = await watcher();
    at('2026-11-25T16:00:00Z');
    for (let i = 0; i < 5; i++) await event(w, 'status_changed', 'active', 'insolvent', '2026-11-25T15:00:00Z', `Broke ${i} Oy`);
    await event(w, 'name_changed', 'A Oy', 'B Oy', '2026-11-25T15:00:00Z');
    const a = instance();
    const b = instance();
    await Promise.all([a.service.tick(), b.service.tick(), a.service.tick()]);
    await Promise.all([a.service.tick(), b.service.tick()]);
    at('2026-11-26T08:00:00Z');
    await Promise.all([a.service.tick(), b.service.tick(), b.service.tick()]);
    const subjects = mailsTo(w).map((m) => m.subject);
    expect(subjects).toHaveLength(6);
    expect(new Set(subjects).size).toBe(6);
    expect(subjects.filter((s) => s.includes('digest'))).toEqual(['Your daily monitoring digest: 1 change']);
  });

  it('a mail claimed by an instance that died is sent once, by another, after the lease', async () => {
    const w = await watcher();
    at('2026-11-25T17:00:00Z');
    const id = await event(w, 'status_changed', 'active', 'insolvent', '2026-11-25T16:59:00Z', 'Crash Oy');
    let doomed: AlertsModule | undefined = instance();
    await doomed.service.intake();
    const claimed = await doomed.service.claim();
    expect(claimed.map((m) => m.key)).toEqual([`alert:${id}`]);
    doomed = undefined; // the process dies between the claim and the SMTP answer

    const survivor = instance();
    await survivor.service.tick();
    expect(mailsTo(w)).toHaveLength(0); // still leased to the dead instance

    at(new Date(clock.getTime() + LEASE_SECONDS * 1000).toISOString());
    await survivor.service.tick();
    await survivor.service.tick();
    await instance().service.tick();
    expect(mailsTo(w).map((m) => m.subject)).toEqual(['Crash Oy (FI01120389) is now insolvent']);
    const [row] = await database.db.select().from(alertOutbox).where(eq(alertOutbox.key, `alert:${id}`));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.attempts).toBe(2);
  });

  it('a mail the SMTP server refused is tried again later, and sent once', async () => {
    const w = await watcher();
    at('2026-11-25T18:00:00Z');
    await event(w, 'sanctions_hit', null, 'UN 7 RETRY (company Retry Oy, score 0.95)', '2026-11-25T18:00:00Z', 'Retry Oy');
    const down = createAlerts({
      database,
      events: feed,
      mailer: { send: () => Promise.reject(new Error('421 try again later')) },
      brand: { productName: 'Corisk', appUrl: APP_URL },
      config: { digestHour: 7, tickSeconds: 3600, leaseSeconds: LEASE_SECONDS },
      log: silent,
      now: () => clock,
    });
    await down.service.tick();
    const alerts = instance();
    await alerts.service.tick();
    expect(mailsTo(w)).toHaveLength(0); // waits a minute before the next try
    at('2026-11-25T18:01:00Z');
    await alerts.service.tick();
    await alerts.service.tick();
    expect(mailsTo(w).map((m) => m.subject)).toEqual(['Sanctions hit: Retry Oy (FI01120389)']);
  });

  it('forgets sent mails after 30 days, and sends nothing again', async () => {
    const before = smtp.mails.length;
    expect((await database.db.select().from(alertOutbox)).length).toBeGreaterThan(0);
    at('2027-01-10T12:00:00Z');
    await instance().service.tick();
    expect(await database.db.select().from(alertOutbox)).toEqual([]);
    expect(smtp.mails).toHaveLength(before);
  });
});
