import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/db.js';
import type { ReportResponse } from '../../../shared/contracts/assessment-api.js';
import type { PortfolioDetail } from '../../../shared/contracts/portfolio.js';
import { notScreened, type ReportScreening } from '../../../shared/contracts/screening.js';
import { portfolioRows, portfolios, users } from '../../db/schema.js';
import { AppError, notFound, tooManyRequests } from '../../lib/errors.js';
import type { Assessments } from '../assessment/index.js';
import { JobQueue } from '../../db/job-queue.js';
import { PortfolioQueue } from './portfolio-queue.js';
import { PortfolioWorkers } from './portfolio-worker.js';
import { PortfolioService } from './portfolio.service.js';
import { createRowLeases } from './row-leases.js';

/**
 * The workers against the real queue and database, with an assessment that the test controls:
 * duplicate deliveries, rows left running by a dead worker, a provider asking to slow down,
 * shutdown with rows in flight, failures in words. Runs on PGlite and on PostgreSQL.
 */

const quiet = { info() {}, warn() {}, error() {} };

type Assess = (requestKey: string, signal: AbortSignal | undefined) => Promise<string>;

describe('portfolio workers', () => {
  let database: TestDatabase;
  let userId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const [user] = await database.db
      .insert(users)
      .values({ email: `${randomUUID()}@example.com`, passwordHash: 'x', firstName: 'Ana', lastName: 'Silva', companyName: 'S', fiscalNumber: 'PT1' })
      .returning({ id: users.id });
    userId = user!.id;
  });
  afterAll(() => database.close());

  type ForReports = (userId: string, reportIds: readonly string[]) => Promise<Map<string, ReportScreening>>;

  /**
   * One instance: its queue, leases, workers, and the service that creates portfolios; `assess`
   * plays the assessment, `forReports` the screenings of the rows' reports (none by default).
   */
  function instance(assess: Assess, forReports: ForReports = async () => new Map()) {
    const calls: string[] = [];
    const assessments: Pick<Assessments, 'checkSite' | 'assessSite'> = {
      checkSite: (req) => ({ ok: true, vat: `PT${req.fiscalNumber}`, countryName: 'Portugal', countryIso2: 'PT' }),
      assessSite: async (_user, _req, opts) => {
        calls.push(opts.requestKey);
        return { reportId: await assess(opts.requestKey, opts.signal), report: {} as ReportResponse, replayed: false };
      },
    };
    const jobs = new JobQueue(database.jobQueueDb, quiet);
    const queue = new PortfolioQueue(jobs, database.jobQueueDb);
    const leases = createRowLeases(database, quiet);
    const workers = new PortfolioWorkers({ db: database.db, queue, leases, assessments, concurrency: 3, log: quiet, pollMs: 50, sweepMs: 60_000, stopGraceMs: 100 });
    const service = new PortfolioService({
      db: database.db,
      assessments,
      credits: { canSpend: async () => ({ allowed: true, reason: 'ok' }) },
      balance: async () => 100,
      screenings: { forReports },
      queue,
      onQueued: () => workers.wake(),
    });
    return {
      calls,
      jobs,
      queue,
      workers,
      service,
      create: (n: number) => service.create(userId, { rows: Array.from({ length: n }, (_, i) => ({ fiscal_number: String(100 + i), country: 'PT' })) }, { origin: 'web' }),
      stop: async () => {
        await workers.stop();
        queue.stop();
        await jobs.stop();
        await leases.close();
      },
    };
  }

  async function waitFor(service: PortfolioService, id: string, done: (p: PortfolioDetail) => boolean, timeoutMs = 15_000): Promise<PortfolioDetail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const p = await service.get(userId, id);
      if (done(p)) return p;
      if (Date.now() > deadline) throw new Error(`not there in time: ${JSON.stringify(p.rows.map((r) => [r.status, r.error]))}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  const ok: Assess = async () => randomUUID();

  /** A fresh instance's workers finish the portfolio: every row done, each assessed once. */
  async function finishesOnNextInstance(id: string, rows: number): Promise<void> {
    const next = instance(ok);
    next.workers.start();
    const done = await waitFor(next.service, id, (p) => p.status === 'done');
    await next.stop();
    expect(done).toMatchObject({ done: rows, failed: 0 });
    expect(next.calls).toHaveLength(rows);
    expect(new Set(next.calls).size).toBe(rows);
  }

  // A test's leftover jobs (a duplicate delivery waiting for its retry) are not the next test's:
  // the queue shares its turns across owners, so they would be handed out among its jobs.
  beforeEach(async () => {
    await database.jobQueueDb
      .executeSql(`UPDATE pgboss.job SET state = 'completed', completed_on = now() WHERE name = 'portfolio-row' AND state < 'completed'`)
      .catch(() => {});
  });

  it('assesses a row once when its job is delivered twice', async () => {
    const a = instance(ok);
    const { id } = await a.create(3);
    const rowIds = (await database.db.select({ id: portfolioRows.id }).from(portfolioRows).where(eq(portfolioRows.portfolioId, id))).map((r) => r.id);
    await database.db.transaction((tx) => a.queue.enqueue(tx, rowIds));
    a.workers.start();
    const done = await waitFor(a.service, id, (p) => p.status === 'done');
    // The duplicate jobs are taken too, and find their rows done.
    await new Promise((r) => setTimeout(r, 300));
    await a.stop();
    expect(done).toMatchObject({ done: 3, failed: 0 });
    expect(a.calls.sort()).toEqual(rowIds.map((r) => `portfolio-row:${r}`).sort());
  });

  /** A worker takes the jobs of two rows, leaves them as `leave` does, and dies: the next instance assesses each once. */
  async function finishedAfterDeath(leave: (portfolioId: string) => Promise<unknown>): Promise<void> {
    const dead = instance(ok);
    const { id } = await dead.create(2);
    expect(await dead.queue.fetch(5)).toHaveLength(2);
    await leave(id);
    await dead.jobs.stop();
    await finishesOnNextInstance(id, 2);
  }

  it('queues again the rows a dead worker left running, and assesses each once', () =>
    // The worker marked the rows running before its process died.
    finishedAfterDeath((id) =>
      database.db.update(portfolioRows).set({ status: 'running', attempts: 1, startedAt: new Date() }).where(eq(portfolioRows.portfolioId, id)),
    ));

  it('queues again the rows whose jobs a worker took but died before claiming, and assesses each once', () =>
    // The worker took the jobs a minute ago and died before it marked the rows running.
    finishedAfterDeath(() => database.jobQueueDb.executeSql(`UPDATE pgboss.job SET started_on = now() - interval '60 seconds' WHERE state = 'active'`)));

  it('leaves alone a queued row whose job was taken moments ago (its worker is about to claim it)', async () => {
    const busy = instance(ok);
    const { id } = await busy.create(1);
    expect(await busy.queue.fetch(5)).toHaveLength(1);
    const [row] = await database.db.select({ id: portfolioRows.id }).from(portfolioRows).where(eq(portfolioRows.portfolioId, id));
    expect(await busy.queue.strandedRows(30)).not.toContain(row!.id);
    await database.jobQueueDb.executeSql(`UPDATE pgboss.job SET started_on = now() - interval '60 seconds' WHERE state = 'active'`);
    expect(await busy.queue.strandedRows(30)).toContain(row!.id);
    await busy.stop();
    await database.db.update(portfolioRows).set({ status: 'failed', error: 'test' }).where(eq(portfolioRows.portfolioId, id));
    await database.db.update(portfolios).set({ status: 'done' }).where(eq(portfolios.id, id));
  });

  it('tries a row again later when a provider asks to slow down, instead of failing it', async () => {
    let refused = 0;
    const a = instance(async () => {
      if (refused++ === 0) throw tooManyRequests('Slow down', 20);
      return randomUUID();
    });
    const { id } = await a.create(1);
    a.workers.start();
    const done = await waitFor(a.service, id, (p) => p.status === 'done', 20_000);
    await a.stop();
    expect(done).toMatchObject({ done: 1, failed: 0 });
    expect(a.calls).toHaveLength(2);
  });

  it('on shutdown stops the rows in flight and puts them back in the queue; the next start finishes them', async () => {
    const hanging = instance(
      (_key, signal) =>
        new Promise<string>((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const { id } = await hanging.create(2);
    hanging.workers.start();
    await waitFor(hanging.service, id, (p) => p.rows.every((r) => r.status === 'running'));
    await hanging.stop();
    const stopped = await hanging.service.get(userId, id);
    expect(stopped.rows.map((r) => r.status)).toEqual(['queued', 'queued']);

    // Each under a fresh job, ready at once for any instance.
    const fresh = (await database.db.execute(sql`select count(*)::int as n from pgboss.job where state = 'created'`)) as unknown as { rows: { n: number }[] };
    expect(fresh.rows[0]!.n).toBe(2);
    const next = instance(ok);
    next.workers.start();
    const done = await waitFor(next.service, id, (p) => p.status === 'done');
    await next.stop();
    expect(done).toMatchObject({ done: 2, failed: 0 });
  });

  it('tells the seconds left at the pace of the rows done so far', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let n = 0;
    const a = instance(async () => {
      // The first three rows take 50 ms each; the rest wait for the test.
      if (n++ >= 3) await gate;
      else await new Promise((r) => setTimeout(r, 50));
      return randomUUID();
    });
    const { id } = await a.create(9);
    expect((await a.service.get(userId, id)).eta_seconds).toBeNull();
    a.workers.start();
    const midway = await waitFor(a.service, id, (p) => p.done >= 3);
    expect(midway.status).toBe('running');
    expect(midway.eta_seconds).toEqual(expect.any(Number));
    expect(Number.isInteger(midway.eta_seconds)).toBe(true);
    expect(midway.eta_seconds!).toBeGreaterThanOrEqual(1);
    release();
    const done = await waitFor(a.service, id, (p) => p.status === 'done');
    await a.stop();
    expect(done.eta_seconds).toBeNull();
  });

  it('fails a row with the reason in words, and says when no credit was spent', async () => {
    let firstRow = '';
    const a = instance(async (key) => {
      if (key.endsWith(firstRow)) throw notFound('No company with VAT number PT 100 was found in Portugal.', 'company_not_found');
      throw new AppError(403, 'access_denied', 'You have no credits left.');
    });
    const { id } = await a.create(2);
    firstRow = (await a.service.get(userId, id)).rows[0]!.id;
    a.workers.start();
    const done = await waitFor(a.service, id, (p) => p.status === 'done');
    await a.stop();
    expect(done.rows.map((r) => [r.status, r.error])).toEqual([
      ['failed', 'No company with VAT number PT 100 was found in Portugal.'],
      ['failed', 'No credit was spent: You have no credits left.'],
    ]);
  });

  it("reads the rows' screenings in one call for the whole portfolio and puts each on its row", async () => {
    const calls: { userId: string; reportIds: readonly string[] }[] = [];
    const hit = {
      list: 'EU' as const,
      entry_id: 'EU.1.1',
      listed_name: 'Listed Trading',
      matched_name: 'Listed Trading Lda',
      subject: 'company' as const,
      score: 0.95,
      programme: 'RUS',
      designation_date: null,
      reasons: ['name'],
    };
    const falsePositive = { ...hit, entry_id: 'EU.2.2', decision: { decision: 'false_positive' as const, note: 'n', decided_by: 'a@b.eu', decided_at: '2026-01-01T00:00:00Z' } };
    const screened = (hits: ReportScreening['hits'], status: ReportScreening['status']): ReportScreening => ({ status, screened_at: '2026-01-01T00:00:00Z', lists: [], hits });
    let reportIds: string[] = [];
    const a = instance(ok, async (user, ids) => {
      calls.push({ userId: user, reportIds: ids });
      const answers = [screened([hit, falsePositive], 'match'), screened([falsePositive], 'clear'), notScreened];
      return new Map(ids.map((reportId) => [reportId, answers[reportIds.indexOf(reportId)]!]));
    });
    const { id } = await a.create(4);
    // Nothing assessed yet: no report, no read of screenings, no screening on the rows.
    const queued = await a.service.get(userId, id);
    expect(calls).toHaveLength(0);
    expect(queued.rows.every((r) => r.screening_status === undefined && r.screening_hits === undefined)).toBe(true);
    // Three rows get a report; the fourth fails.
    const rowIds = queued.rows.map((r) => r.id);
    await database.db.update(portfolioRows).set({ status: 'failed', error: 'x' }).where(eq(portfolioRows.id, rowIds[3]!));
    a.workers.start();
    const done = await waitFor(a.service, id, (p) => p.status === 'done');
    await a.stop();
    reportIds = done.rows.slice(0, 3).map((r) => r.report_id!);
    calls.length = 0;
    const read = await a.service.get(userId, id);
    expect(calls).toEqual([{ userId, reportIds }]);
    expect(read.rows.map((r) => [r.screening_status, r.screening_hits])).toEqual([
      ['match', 1],
      ['clear', 0],
      ['not_screened', 0],
      [undefined, undefined],
    ]);
  });
});
