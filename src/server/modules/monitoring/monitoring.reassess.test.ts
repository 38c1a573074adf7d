import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/db.js';
import type { ReportResponse } from '../../../shared/contracts/assessment-api.js';
import type { PortfolioDetail } from '../../../shared/contracts/portfolio.js';
import { notScreened } from '../../../shared/contracts/screening.js';
import { monitoringEvents } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { SiteAssessment, SiteRequest } from '../assessment/index.js';
import type { CheckJobData } from './monitoring-queue.js';
import { MonitoringService, reassessmentDue } from './monitoring.service.js';
import { insertOneRowBook, nokiaCompany } from '../../../../test/monitoring-fixtures.js';

/**
 * Re-assessment inside a row's check, on a real database with the other modules stood in for:
 * due only when the row's report is a month (or quarter) old, one paid assessment per row and
 * run (a job delivered again pays nothing more), the row pointed at the new report, a grade
 * change or a score move of 5 or more as an event carrying the new report, and with no credit
 * left one `reassessment_skipped` event that the next checks do not repeat.
 */

const company = nokiaCompany;

const DAY = 86_400_000;
let clock = new Date('2026-06-15T12:00:00Z');
let database: TestDatabase;
let userId = '';
let portfolioId = '';
let rowId = '';
/** The stood-in reports module: id → when made, grade, score. */
const reports = new Map<string, { at: Date; grade: 'A' | 'B' | 'C' | 'D' | 'F'; score: number }>();
/** The stood-in assessment module: credits, and what the next paid assessment rates. */
let credits = 0;
let nextRating: { grade: 'A' | 'B' | 'C' | 'D' | 'F'; score: number } = { grade: 'B', score: 70 };
const byKey = new Map<string, string>();
const asked: { key: string; req: SiteRequest }[] = [];
/** The row's report as the stood-in portfolio module holds it. */
let rowReport = '';
let registerDown = false;
const jobs: CheckJobData[] = [];

let service: MonitoringService;

async function assessSite(_user: string, req: SiteRequest, opts: { requestKey: string }): Promise<SiteAssessment> {
  asked.push({ key: opts.requestKey, req });
  const replay = byKey.get(opts.requestKey);
  if (replay) return { reportId: replay, replayed: true } as SiteAssessment;
  if (credits < 1) throw new AppError(403, 'insufficient_credits', 'You have no credits left.');
  credits--;
  const id = crypto.randomUUID();
  reports.set(id, { at: clock, ...nextRating });
  byKey.set(opts.requestKey, id);
  return { reportId: id, replayed: false } as SiteAssessment;
}

function getReport(_user: string, id: string): Promise<ReportResponse> {
  const r = reports.get(id);
  if (!r) return Promise.reject(notFound('Report not found', 'report_not_found'));
  const result = { id, created_at: r.at.toISOString(), overallScore: r.score, overallScoreGrade: r.grade };
  return Promise.resolve({ company_data: company, result, screening: notScreened } as unknown as ReportResponse);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  rowReport = crypto.randomUUID();
  reports.set(rowReport, { at: new Date(clock.getTime() - 10 * DAY), grade: 'B', score: 70 });
  ({ userId, portfolioId, rowId } = await insertOneRowBook(db, 'reassess@example.com', rowReport));
  service = new MonitoringService({
    db,
    portfolios: {
      getPortfolio: async () =>
        ({
          rows: [{ id: rowId, row: 1, fiscal_number: 'FI01120389', country: 'FI', reference: 'HQ', site_address: 'Karakaari 7, Espoo', status: 'done', report_id: rowReport }],
        }) as unknown as PortfolioDetail,
      replaceRowReport: async (_user, id, reportId) => {
        expect(id).toBe(rowId);
        rowReport = reportId;
      },
    },
    assessments: { assessSite },
    companies: {
      checkVat: () => '01120389',
      recheckCompany: async () => {
        if (registerDown) throw new AppError(503, 'registry_unavailable', 'The register is down.');
        return { company, vat_valid: null };
      },
    },
    reports: { getReport },
    lists: { catchUp: async () => {} },
    screening: { screenCompany: async () => ({ status: 'clear', screened_at: clock.toISOString(), lists: [], hits: [] }) },
    queue: { ready: async () => ({}) as never, enqueue: async (_tx, queued) => void jobs.push(...queued) },
    runGiveUpMs: 3_600_000,
    log: { info: () => {}, warn: () => {} },
    now: () => clock,
  });
  await service.putSetting(userId, portfolioId, { enabled: true, frequency: 'daily', reassess: 'monthly' });
});
afterAll(() => database?.close());

const eventsOfRow = async () =>
  (await database.db.select().from(monitoringEvents).where(eq(monitoringEvents.rowId, rowId))).sort((a, b) => a.seq - b.seq);

/** One run of the portfolio, its single job checked; answers the events it added. */
async function runOnce(deliveries = 1) {
  const before = (await eventsOfRow()).length;
  await service.checkNow(userId, portfolioId);
  const job = jobs.at(-1)!;
  for (let i = 0; i < deliveries; i++) await service.checkRow(job);
  return (await eventsOfRow()).slice(before);
}

describe('re-assessment in a row check', () => {
  it('is due a calendar month (or quarter) after the report', () => {
    const made = new Date('2026-01-31T00:00:00Z');
    expect(reassessmentDue(made, 'monthly', new Date('2026-02-27T00:00:00Z'))).toBe(false);
    expect(reassessmentDue(made, 'monthly', new Date('2026-03-03T00:00:00Z'))).toBe(true);
    expect(reassessmentDue(made, 'quarterly', new Date('2026-04-30T00:00:00Z'))).toBe(false);
    expect(reassessmentDue(made, 'quarterly', new Date('2026-05-01T00:00:00Z'))).toBe(true);
    expect(reassessmentDue(made, 'never', new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it('a report younger than a month: the check runs free, nothing assessed', async () => {
    credits = 5;
    expect(await runOnce()).toEqual([]);
    expect(asked).toHaveLength(0);
    expect(credits).toBe(5);
  });

  it('a month old: one credit spent though the first try failed after paying, the row on the new report, grade_changed carrying it', async () => {
    clock = new Date(clock.getTime() + 25 * DAY);
    const old = rowReport;
    nextRating = { grade: 'C', score: 55 };
    // The first try pays, then the register is down: the queue retries the job.
    registerDown = true;
    await service.checkNow(userId, portfolioId);
    await expect(service.checkRow(jobs.at(-1)!)).rejects.toThrow(/down/);
    registerDown = false;
    const before = (await eventsOfRow()).length;
    await service.checkRow(jobs.at(-1)!);
    await service.checkRow(jobs.at(-1)!);
    const events = (await eventsOfRow()).slice(before);
    expect(credits).toBe(4);
    expect(asked).toHaveLength(2);
    expect(new Set(asked.map((a) => a.key)).size).toBe(1);
    expect(asked[0]!.key).toMatch(/^monitoring-reassess:[0-9a-f-]{36}:[0-9a-f-]{36}$/);
    expect(asked[0]!.req).toMatchObject({ fiscalNumber: 'FI01120389', country: 'FI', siteAddress: 'Karakaari 7, Espoo', reference: 'HQ' });
    expect(rowReport).not.toBe(old);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'grade_changed', oldValue: 'B', newValue: 'C', reportId: rowReport });
  });

  it('the next check reads the new report: not due again, nothing assessed nor reported', async () => {
    clock = new Date(clock.getTime() + DAY);
    asked.length = 0;
    expect(await runOnce()).toEqual([]);
    expect(asked).toHaveLength(0);
  });

  it('same grade: a score move of 4 is no event, of 5 is score_changed', async () => {
    clock = new Date(clock.getTime() + 32 * DAY);
    nextRating = { grade: 'C', score: 59 };
    expect(await runOnce()).toEqual([]);
    expect(credits).toBe(3);
    clock = new Date(clock.getTime() + 32 * DAY);
    nextRating = { grade: 'C', score: 54 };
    const events = await runOnce();
    expect(credits).toBe(2);
    expect(events.map((e) => [e.type, e.oldValue, e.newValue, e.reportId])).toEqual([['score_changed', '59', '54', rowReport]]);
  });

  it('no credit left: skipped with one reassessment_skipped event, not repeated by the next checks; a credit lets it run again', async () => {
    credits = 0;
    clock = new Date(clock.getTime() + 32 * DAY);
    const stuck = rowReport;
    const first = await runOnce();
    expect(first.map((e) => e.type)).toEqual(['reassessment_skipped']);
    expect(first[0]!.reportId).toBe(stuck);
    expect(rowReport).toBe(stuck);
    clock = new Date(clock.getTime() + DAY);
    expect(await runOnce()).toEqual([]);
    clock = new Date(clock.getTime() + DAY);
    expect(await runOnce()).toEqual([]);

    credits = 1;
    nextRating = { grade: 'A', score: 90 };
    clock = new Date(clock.getTime() + DAY);
    expect((await runOnce()).map((e) => [e.type, e.oldValue, e.newValue])).toEqual([['grade_changed', 'C', 'A']]);
    expect(credits).toBe(0);
    expect(rowReport).not.toBe(stuck);
  });
});
