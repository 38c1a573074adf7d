import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/db.js';
import type { PortfolioDetail } from '../../../shared/contracts/portfolio.js';
import { notScreened } from '../../../shared/contracts/screening.js';
import { monitoringEvents, monitoringRuns } from '../../db/schema.js';
import { unavailable } from '../../lib/errors.js';
import type { CheckJobData } from './monitoring-queue.js';
import { MonitoringService } from './monitoring.service.js';
import { insertOneRowBook, nokiaCompany } from '../../../../test/monitoring-fixtures.js';

/**
 * A row's check as the queue delivers it, on a real database with the other modules stood in
 * for: a job delivered twice (or to two workers at once) stores its events and counts its row
 * once, and a source that is down stores nothing and leaves the row to its retry.
 */

const company = nokiaCompany;

let database: TestDatabase;
let userId = '';
let portfolioId = '';
let rowId = '';
const reportId = crypto.randomUUID();
let now = company; // what the sources say now
let down = false;
const jobs: CheckJobData[] = [];

const silent = { info: () => {}, warn: () => {} };
let service: MonitoringService;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  ({ userId, portfolioId, rowId } = await insertOneRowBook(db, 'svc@example.com', reportId));
  const detail = { rows: [{ id: rowId, row: 1, fiscal_number: 'FI01120389', country: 'FI', reference: '', site_address: '', status: 'done', report_id: reportId }] };
  service = new MonitoringService({
    db,
    portfolios: { getPortfolio: async () => detail as unknown as PortfolioDetail, replaceRowReport: async () => {} },
    assessments: { assessSite: async () => Promise.reject(new Error('no re-assessment here')) },
    companies: {
      checkVat: () => '01120389',
      recheckCompany: async () => {
        if (down) throw unavailable('The VAT registry of Finland is unavailable right now.', 'registry_unavailable');
        return { company: now, vat_valid: null };
      },
    },
    reports: { getReport: async () => ({ company_data: company, result: {} as never, screening: notScreened }) },
    screening: { screenCompany: async () => ({ status: 'clear', screened_at: new Date().toISOString(), lists: [], hits: [] }) },
    lists: { catchUp: async () => {} },
    queue: {
      ready: async () => ({}) as never,
      enqueue: async (_tx, queued) => void jobs.push(...queued),
    },
    runGiveUpMs: 3_600_000,
    log: silent,
  });
});
afterAll(() => database?.close());

const eventCount = async () => (await database.db.select().from(monitoringEvents).where(eq(monitoringEvents.rowId, rowId))).length;
const runOf = async (id: string) => (await database.db.select().from(monitoringRuns).where(eq(monitoringRuns.id, id)))[0]!;

describe('a row check delivered by the queue', () => {
  it('delivered twice at once and once more later: one event, the row counted once, the run ended', async () => {
    now = { ...company, name: 'Nokia Solutions Oyj' };
    const { run_id } = await service.checkNow(userId, portfolioId);
    const job = jobs.at(-1)!;
    expect(job).toMatchObject({ runId: run_id, rowId, reportId });
    await Promise.all([service.checkRow(job), service.checkRow(job)]);
    await service.checkRow(job);
    expect(await eventCount()).toBe(1);
    expect(await runOf(run_id)).toMatchObject({ status: 'done', pending: 0, skipped: 0 });
    // A give-up arriving after the check counted nothing more.
    await service.giveUp(job);
    expect(await runOf(run_id)).toMatchObject({ pending: 0, skipped: 0 });
  });

  it('a source down: the check throws for the queue to retry, nothing is stored; given up, the row is counted skipped', async () => {
    now = { ...company, name: 'Nokia Networks Oyj' };
    down = true;
    const { run_id } = await service.checkNow(userId, portfolioId);
    const job = jobs.at(-1)!;
    await expect(service.checkRow(job)).rejects.toThrow(/unavailable/);
    expect(await eventCount()).toBe(1);
    expect(await runOf(run_id)).toMatchObject({ status: 'running', pending: 1 });
    await expect(service.checkNow(userId, portfolioId)).rejects.toMatchObject({ status: 409 });
    await service.giveUp(job);
    expect(await runOf(run_id)).toMatchObject({ status: 'done', pending: 0, skipped: 1 });

    // The next run sees the change the skipped one missed.
    down = false;
    await service.checkNow(userId, portfolioId);
    await service.checkRow(jobs.at(-1)!);
    expect(await eventCount()).toBe(2);
  });
});
