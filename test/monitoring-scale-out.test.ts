import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHeaders, createAccountOverHttp, type HttpAccount } from '../bench/support/accounts.js';
import type { CoriskServer } from '../bench/support/corisk-server.js';
import { instanceEnv, postgresPassSkip, useTwoInstances } from './instances.js';
import { monitoringEnv } from './monitoring-fixtures.js';
import { startHttpPeer, type HttpPeer, type RecordedRequest } from './peers/http-peer.js';
import { FI_ACTIVE, loadRegisterFixtures } from './peers/register-fixtures.js';
import { startRegistersPeer, type RegistersPeer } from './peers/registers.js';
import { pollUntil } from './poll.js';
import { portfolioClient } from './portfolio-helpers.js';
import { euListXml, startListServer, type ListServer } from './sanctions-list-server.js';

/**
 * Two server processes on one PostgreSQL share a watched book's checks; one is SIGKILLed in the
 * middle of a check run. A sanctions list that comes to name the company starts the run; the
 * register answers slowly, so the kill lands with checks in flight. Every row is checked once
 * (one event each), and every event reaches the owner's webhook, signed. PostgreSQL pass only.
 */

const ROWS = 24;
const ADMIN = 'admin-monitoring-scale@example.com';
const reason = await postgresPassSkip('the two-instance monitoring test');

interface Delivery {
  id: string;
  type: string;
  eventId: string;
  signed: boolean;
}

/** Standard Webhooks: v1 = base64 HMAC-SHA256 of "{id}.{timestamp}.{body}" keyed with the secret's decoded bytes. */
function signedWith(secret: string, req: RecordedRequest): boolean {
  const id = String(req.headers['webhook-id']);
  const timestamp = String(req.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${req.body}`).digest('base64');
  return String(req.headers['webhook-signature'])
    .split(' ')
    .some((sig) => sig === `v1,${expected}`);
}

describe.skipIf(reason !== undefined)('a watched book on two instances, one killed mid-run', () => {
  let registers: RegistersPeer;
  let lists: ListServer;
  let receiver: HttpPeer;
  let secret = '';
  const deliveries: Delivery[] = [];

  beforeAll(async () => {
    [registers, lists] = await Promise.all([startRegistersPeer(), startListServer()]);
    loadRegisterFixtures(registers);
    lists.serve(euListXml([], new Date().toISOString()));
    receiver = await startHttpPeer((req) => {
      const body = req.json as { type: string; data: { id: string } };
      deliveries.push({ id: String(req.headers['webhook-id']), type: body.type, eventId: body.data.id, signed: signedWith(secret, req) });
      return { status: 204 };
    });
  });
  afterAll(() => Promise.all([receiver?.close(), registers?.close(), lists?.close()]));

  const instances = useTwoInstances(
    (smtp) => ({
      ...instanceEnv(smtp),
      ...monitoringEnv(registers, lists),
      SIGNUP_CREDITS: String(ROWS + 5),
      ADMIN_EMAILS: ADMIN,
      MONITORING_CONCURRENCY: '2',
      // The receiver listens on loopback: allowed outside production only.
      NODE_ENV: 'development',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'info',
    }),
    'kill',
  );

  it('checks every row once and delivers every event, across a SIGKILL', async () => {
    const { a, smtp, database } = instances;
    const [user, admin] = await Promise.all([createAccountOverHttp(a.url, smtp), createAccountOverHttp(a.url, smtp, { email: ADMIN })]);
    const call = async (server: CoriskServer, account: HttpAccount, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { ...clientHeaders(account.ip, account.token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return text ? (JSON.parse(text) as Record<string, unknown>) : {};
    };

    const book = portfolioClient(a.url, user.token);
    const id = await book.create(Array.from({ length: ROWS }, (_, i) => ({ fiscal_number: FI_ACTIVE.vat, country: 'FI', reference: `Nokia #${i + 1}`, site_address: `Karaportti ${i + 1}, 02610 Espoo` })));
    const assessed = await book.waitUntil(id, (p) => p.status === 'done', 90_000);
    expect(assessed).toMatchObject({ done: ROWS, failed: 0 });

    const hook = await call(a, user, 'POST', '/api/webhooks', { url: `${receiver.url}/corisk` });
    secret = String(hook.secret);
    expect(secret).toMatch(/^whsec_/);
    await call(a, user, 'PUT', `/api/portfolios/${id}/monitoring`, { enabled: true, frequency: 'monthly', reassess: 'never' });

    // The register now answers slowly, and the list comes to name Nokia: the new version starts a run at once.
    registers.slowMs = 400;
    registers.failing.set('fi', 'slow');
    lists.serve(euListXml([{ ref: 'EU.7001.01', subject: 'enterprise', names: ['NOKIA OYJ'], programme: 'RUS', countries: ['FI'] }], new Date().toISOString()));
    const refresh = await call(a, admin, 'POST', '/api/admin/sanctions/refresh');
    expect(refresh).toMatchObject({ lists: [{ list: 'EU', status: 'updated' }] });

    // Kill the first instance once some rows are checked and more are in flight.
    await pollUntil(
      'a run under way with rows checked',
      async () => {
        const [run] = await database.query<{ checked: number }>(`select (total - pending)::int as checked from monitoring_runs where portfolio_id = $1`, [id]);
        return run && run.checked >= 4 && run.checked < ROWS ? run : undefined;
      },
      60_000,
      200,
    );
    await a.kill();
    expect(a.proc.child.signalCode).toBe('SIGKILL');

    // The second instance finishes the run, the checks the first one held among them.
    await pollUntil(
      'the run finished',
      async () => {
        const [run] = await database.query<{ status: string }>(`select status from monitoring_runs where portfolio_id = $1`, [id]);
        return run?.status === 'done' ? run : undefined;
      },
      120_000,
      200,
    );
    const events = await database.query<{ id: string; row_id: string; type: string }>(`select id::text, row_id::text, type from monitoring_events order by seq`);
    // Each row checked once: one sanctions hit per row, none twice.
    expect(events).toHaveLength(ROWS);
    expect(events.every((e) => e.type === 'sanctions_hit')).toBe(true);
    expect(new Set(events.map((e) => e.row_id)).size).toBe(ROWS);

    // Every event delivered, signed, with its id as webhook-id; a repeat only ever carries the same id.
    await pollUntil('every event delivered', async () => (new Set(deliveries.map((d) => d.eventId)).size >= ROWS ? true : undefined), 60_000, 200);
    expect(new Set(deliveries.map((d) => d.eventId))).toEqual(new Set(events.map((e) => e.id)));
    expect(deliveries.every((d) => d.signed && d.id === d.eventId && d.type === 'sanctions_hit')).toBe(true);
  }, 300_000);
});
