import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sanctionsListsResponseSchema, sanctionsRefreshResponseSchema } from '../../../shared/contracts/screening.js';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/db.js';
import type { ListName } from './entry.js';
import { JobQueue } from '../../db/job-queue.js';
import { ListsSchedule } from './lists-schedule.js';
import { SanctionsListsService, type ListChange, type ListsConfig } from './lists.service.js';

/**
 * The lists against a local list server (127.0.0.1, a random port) that serves each format from
 * real published samples (lists/fixtures, named in its README), then answers what a publisher
 * may answer on a bad day: 404, an HTML page, a cut-off file, a dropped connection, a hostile
 * file, an endless stream. Nothing here reaches the internet.
 */

const fixtures = join(import.meta.dirname, 'lists', 'fixtures');
const EU = readFileSync(join(fixtures, 'eu-fsf.xml'), 'utf8');
const UN = readFileSync(join(fixtures, 'un-consolidated.xml'), 'utf8');
const UK = readFileSync(join(fixtures, 'uk-sanctions-list.xml'), 'utf8');

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const xml = (body: string, type = 'application/xml'): Handler => (_req, res) => {
  res.writeHead(200, { 'content-type': type });
  res.end(body);
};

/** The list server: each path answers with the handler set for it now. */
let server: Server;
let base = '';
const routes = new Map<string, Handler>();
const served = new Map<string, number>();

function serveFixtures(): void {
  routes.set('/eu.xml', xml(EU));
  routes.set('/un.xml', xml(UN));
  routes.set('/uk.xml', xml(UK, 'text/xml; charset=utf-8'));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    served.set(path, (served.get(path) ?? 0) + 1);
    const handler = routes.get(path);
    if (handler) return handler(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const NOW = new Date('2026-09-12T12:00:00Z');

describe('the lists service', () => {
  let db: TestDatabase;
  const warnings: string[] = [];
  const log = { info: () => {}, warn: (_obj: object, msg: string) => void warnings.push(msg) };
  const config = (overrides: Partial<Record<ListName, string | null>> = {}, maxAgeDays = 7): ListsConfig => ({
    lists: (['EU', 'UN', 'UK'] as const).map((list) => ({
      list,
      url: list in overrides ? (overrides[list] ?? null) : `${base}/${list.toLowerCase()}.xml`,
    })),
    maxAgeDays,
  });
  const service = (cfg = config(), download = {}) =>
    new SanctionsListsService({ db: db.db, config: cfg, log, now: () => NOW, snapshotDir: join(fixtures, 'no-snapshots'), download });

  beforeEach(async () => {
    serveFixtures();
    db = await createTestDatabase();
  });
  afterEach(async () => {
    warnings.length = 0;
    await db?.close();
  });

  it('downloads each list, swaps it in, and answers updated with the file\'s own generation date', async () => {
    const lists = service(config({}, 30));
    const changes: ListChange[] = [];
    lists.onChange((c) => changes.push(c));
    const answer = await lists.refresh();
    expect(answer).toEqual([
      { list: 'EU', status: 'updated', generated_at: '2026-08-05T14:47:04.449Z', entries: 4 },
      { list: 'UN', status: 'updated', generated_at: '2025-04-19T23:00:04.625Z', entries: 32 },
      { list: 'UK', status: 'updated', generated_at: '2026-09-10T00:00:00.000Z', entries: 5 },
    ]);
    expect(changes.map((c) => [c.list, c.entries, c.previousHash])).toEqual([
      ['EU', 4, null],
      ['UN', 32, null],
      ['UK', 5, null],
    ]);
    // Age is the generation date: 38 days for the EU file, 511 for the UN one, 2 for the UK one (max 30).
    const current = lists.getCurrent();
    expect(current.map((l) => [l.list, l.stale, l.entries.length, l.fetchedAt])).toEqual([
      ['EU', true, 4, NOW.toISOString()],
      ['UN', true, 32, NOW.toISOString()],
      ['UK', false, 5, NOW.toISOString()],
    ]);
    expect(current[0]!.entries.find((e) => e.entryId === 'EU.3953.70')?.subject).toBe('enterprise');

    // The same files again: unchanged, no event.
    const again = await lists.refresh();
    expect(again.map((i) => i.status)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(changes).toHaveLength(3);

    // A new EU file (an alias changed, generated later): updated, one event naming the version it replaced.
    routes.set('/eu.xml', xml(EU.replace('wholeName="Haji Ahmad Jan"', 'wholeName="Haji Ahmad Jaan"').replace('2026-08-05T16:47:04.449+02:00', '2026-09-11T09:00:00.000+02:00')));
    const updated = await lists.refresh();
    expect(updated[0]).toEqual({ list: 'EU', status: 'updated', generated_at: '2026-09-11T07:00:00.000Z', entries: 4 });
    expect(changes).toHaveLength(4);
    expect(changes[3]).toMatchObject({ list: 'EU', generatedAt: '2026-09-11T07:00:00.000Z', previousHash: changes[0]!.contentHash });
    expect(lists.getCurrent()[0]!.stale).toBe(false);

    // The same content republished with a newer date: unchanged, but the list's age moves on.
    routes.set('/un.xml', xml(UN.replace("dateGenerated='2025-04-19T23:00:04.625Z'", "dateGenerated='2026-09-12T00:00:00.000Z'")));
    const republished = await lists.refresh();
    expect(republished[1]).toEqual({ list: 'UN', status: 'unchanged', generated_at: '2026-09-12T00:00:00.000Z', entries: 32 });
    expect(lists.getCurrent()[1]!.stale).toBe(false);
    expect(changes).toHaveLength(4);
  });

  it('keeps the last good list when a download fails, and says why', async () => {
    const lists = service(config(), { maxBytes: 200_000 });
    await lists.refresh();
    const before = lists.getCurrent();
    const cases: [string, Handler, RegExp][] = [
      ['404', (_q, r) => void r.writeHead(404).end('gone'), /answered HTTP 404/],
      ['HTML by its type', xml('<html><body>Maintenance</body></html>', 'text/html; charset=utf-8'), /HTML page/],
      ['HTML sent as XML', xml('<!DOCTYPE html><html><body>Maintenance</body></html>'), /refused: the file declares a DOCTYPE/],
      ['truncated', xml(EU.slice(0, EU.length - 40)), /refused: .*truncated/],
      [
        'connection dropped mid-file',
        (_q, r) => {
          r.writeHead(200, { 'content-type': 'application/xml', 'content-length': String(Buffer.byteLength(EU)) });
          r.write(EU.slice(0, 3000));
          setTimeout(() => r.destroy(), 20);
        },
        /broke off before the end of the file/,
      ],
      [
        'billion laughs',
        xml('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><export generationDate="2026-09-12T00:00:00Z"><sanctionEntity euReferenceNumber="EU.1"><nameAlias wholeName="&lol2;"/></sanctionEntity></export>'),
        /refused: the file declares a DOCTYPE/,
      ],
      ['another list', xml(UK), /refused: the root element is <Designations>, not <export>/],
      [
        'an endless stream',
        (_q, r) => {
          r.writeHead(200, { 'content-type': 'application/xml' });
          r.write('<export generationDate="2026-09-12T00:00:00Z">');
          const chunk = `<sanctionEntity euReferenceNumber="EU.X"><nameAlias wholeName="${'A'.repeat(8000)}"/></sanctionEntity>`;
          const pump = () => {
            if (r.destroyed || r.writableEnded) return;
            if (r.write(chunk)) setImmediate(pump);
            else r.once('drain', pump);
          };
          r.on('close', () => r.destroy());
          pump();
        },
        /refused: the file is larger than 200000 bytes/,
      ],
    ];
    for (const [name, handler, reason] of cases) {
      routes.set('/eu.xml', handler);
      const [eu] = await lists.refresh();
      expect({ name, status: eu!.status, detail: eu!.detail }).toEqual({ name, status: 'failed', detail: expect.stringMatching(reason) });
      expect(eu!.detail).toMatch(/the last good list is kept$/);
      expect(eu!.generated_at).toBe('2026-08-05T14:47:04.449Z');
      expect(eu!.entries).toBe(4);
      expect(lists.getCurrent()[0]!.entries).toEqual(before[0]!.entries);
    }
    expect(warnings.filter((w) => /refresh failed/.test(w))).toHaveLength(cases.length);

    // An unreachable server, and an oversized file announced by its length, fail the same way.
    const gone = service(config({ EU: 'http://127.0.0.1:1/eu.xml' }), { maxBytes: 1000 });
    await gone.load();
    const [unreachable, , tooLarge] = await gone.refresh();
    expect(unreachable).toMatchObject({ status: 'failed', detail: expect.stringMatching(/cannot reach http:\/\/127.0.0.1:1\/eu.xml/), entries: 4 });
    expect(tooLarge).toMatchObject({ status: 'failed', detail: expect.stringMatching(/larger than 1000 bytes/), entries: 5 });
  });

  it('keeps the lists across restarts, and a new instance takes in what another stored', async () => {
    const first = service();
    await first.refresh();
    // A new process: the database holds the lists, nothing is downloaded to load them.
    const count = served.get('/eu.xml') ?? 0;
    const second = service(config({ EU: null, UN: null, UK: null }));
    await second.load();
    expect(served.get('/eu.xml')).toBe(count);
    expect(second.getCurrent().map((l) => [l.list, l.entries.length, l.generatedAt])).toEqual(
      first.getCurrent().map((l) => [l.list, l.entries.length, l.generatedAt]),
    );
    expect(second.getCurrent()[0]!.entries).toEqual(first.getCurrent()[0]!.entries);

    routes.set('/uk.xml', xml(UK.replace('<Name6>Petrel 8</Name6>', '<Name6>Petrel Eight</Name6>')));
    await first.refresh();
    const seen: ListChange[] = [];
    second.onChange((c) => seen.push(c));
    await second.syncFromDb();
    expect(seen.map((c) => c.list)).toEqual(['UK']);
    expect(second.getCurrent()[2]!.entries.find((e) => e.entryId === 'DPR0075')?.names[0]?.name).toBe('Petrel Eight');
  });

  it('without a URL downloads nothing: the bundled snapshot is loaded and stored, a list without one is empty and stale', async () => {
    const lists = new SanctionsListsService({ db: db.db, config: config({ EU: null, UN: null, UK: null }), log, now: () => NOW });
    const before = [...served.values()].reduce((a, b) => a + b, 0);
    const answer = await lists.refresh();
    expect([...served.values()].reduce((a, b) => a + b, 0)).toBe(before);
    expect(answer).toEqual([
      { list: 'EU', status: 'unchanged', generated_at: null, entries: 0, detail: expect.stringMatching(/no download configured \(SANCTIONS_EU_URL\)/) },
      { list: 'UN', status: 'unchanged', generated_at: '2025-04-19T23:00:04.625Z', entries: 877, detail: expect.any(String) },
      { list: 'UK', status: 'unchanged', generated_at: null, entries: 0, detail: expect.any(String) },
    ]);
    expect(lists.getCurrent().map((l) => [l.list, l.stale])).toEqual([
      ['EU', true],
      ['UN', true],
      ['UK', true],
    ]);
    // Stored: the next start reads it from the database, not the snapshot.
    const next = service(config({ EU: null, UN: null, UK: null }));
    await next.load();
    expect(next.getCurrent()[1]!.entries).toHaveLength(877);
  });
});

describe('the scheduled refresh on the job queue', () => {
  /** Two instances' list services over one fresh database, with the UK list served. */
  async function twoInstances() {
    serveFixtures();
    const db = await createTestDatabase();
    const log = { info: () => {}, warn: () => {} };
    const cfg: ListsConfig = { lists: [{ list: 'UK', url: `${base}/uk.xml` }], maxAgeDays: 7 };
    const one = new SanctionsListsService({ db: db.db, config: cfg, log, now: () => NOW });
    const two = new SanctionsListsService({ db: db.db, config: cfg, log, now: () => NOW });
    return { db, log, one, two };
  }

  it('catchUp takes in a version another instance stored, with one sync for every caller after the same time', async () => {
    const { db, one, two } = await twoInstances();
    try {
      await two.load();
      expect(two.getCurrent()[0]!.entries).toHaveLength(0);
      await one.load();
      await one.refresh();
      const stored = new Date();
      const changes: string[] = [];
      two.onChange((c) => changes.push(c.list));
      await Promise.all([two.catchUp(stored), two.catchUp(stored), two.catchUp(new Date(stored.getTime() - 60_000))]);
      expect(two.getCurrent()[0]!.entries).toEqual(one.getCurrent()[0]!.entries);
      expect(two.getCurrent()[0]!.entries.length).toBeGreaterThan(0);
      expect(changes).toEqual(['UK']);
    } finally {
      await db.close();
    }
  });

  it('downloads once per SANCTIONS_REFRESH_HOURS window across instances; the other instance takes the new version from the database', async () => {
    const { db, log, one, two } = await twoInstances();
    // Two instances, each with its own job queue over the one database.
    const queues = [new JobQueue(db.jobQueueDb, log), new JobQueue(db.jobQueueDb, log)] as const;
    const schedule = (lists: SanctionsListsService, jobs: JobQueue) => new ListsSchedule({ jobs, lists, refreshHours: 6, downloads: true, log });
    const a = schedule(one, queues[0]);
    const b = schedule(two, queues[1]);
    try {
      const before = served.get('/uk.xml') ?? 0;
      await one.load();
      await two.load();
      await a.tick();
      expect(served.get('/uk.xml')).toBe(before + 1);
      expect(one.getCurrent()[0]!.entries).toHaveLength(5);
      // The second instance's tick finds this window's job done: no download, the stored list taken in.
      await b.tick();
      expect(served.get('/uk.xml')).toBe(before + 1);
      expect(two.getCurrent()[0]!.entries).toEqual(one.getCurrent()[0]!.entries);
      await a.tick();
      expect(served.get('/uk.xml')).toBe(before + 1);
    } finally {
      await a.stop();
      await b.stop();
      await Promise.all(queues.map((q) => q.stop()));
      await db.close();
    }
  });
});

describe('the endpoints', () => {
  const ADMIN = 'admin-sanctions@example.com';
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    serveFixtures();
    t = await createTestApp({
      ADMIN_EMAILS: ADMIN,
      SANCTIONS_EU_URL: `${base}/eu.xml`,
      SANCTIONS_UN_URL: `${base}/un.xml`,
      SANCTIONS_UK_URL: 'off',
      SANCTIONS_MAX_AGE_DAYS: '365',
    });
    admin = await createSignedInUser(t.app, { email: ADMIN });
    user = await createSignedInUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('POST /api/admin/sanctions/refresh: 401 signed out, 403 for a user, 200 per list for an admin', async () => {
    const url = '/api/admin/sanctions/refresh';
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const forbidden = await t.app.inject({ method: 'POST', url, headers: user.headers });
    expect(forbidden.statusCode).toBe(403);

    routes.set('/un.xml', (_q, r) => void r.writeHead(503, { 'content-type': 'text/html' }).end('<html>down</html>'));
    const res = await t.app.inject({ method: 'POST', url, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = sanctionsRefreshResponseSchema.parse(res.json());
    // UK is off: not in the answer. UN failed and keeps its bundled snapshot.
    expect(body.lists).toEqual([
      { list: 'EU', status: 'updated', generated_at: '2026-08-05T14:47:04.449Z', entries: 4 },
      { list: 'UN', status: 'failed', generated_at: '2025-04-19T23:00:04.625Z', entries: 877, detail: expect.stringMatching(/answered HTTP 503; the last good list is kept/) },
    ]);
    serveFixtures();
  });

  it('GET /api/sanctions/lists: 401 signed out; each list with its dates, entries and staleness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sanctions/lists' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/sanctions/lists', headers: user.headers });
    expect(res.statusCode).toBe(200);
    const body = sanctionsListsResponseSchema.parse(res.json());
    expect(body.lists.map((l) => l.list)).toEqual(['EU', 'UN']);
    const [eu, un] = body.lists;
    const daysOld = (iso: string) => (Date.now() - Date.parse(iso)) / 86_400_000;
    expect(eu).toMatchObject({ list: 'EU', generated_at: '2026-08-05T14:47:04.449Z', entries: 4, stale: daysOld('2026-08-05T14:47:04.449Z') > 365 });
    expect(Date.parse(eu!.fetched_at!)).toBeGreaterThan(Date.now() - 60_000);
    // The bundled UN snapshot, kept when its download failed.
    expect(un).toMatchObject({ list: 'UN', generated_at: '2025-04-19T23:00:04.625Z', entries: 877, stale: daysOld('2025-04-19T23:00:04.625Z') > 365 });
  });
});
