/**
 * Portfolios as other features see them (the public API creates and reads them with an API key):
 * create one, read its progress and results, read a CSV body into rows. Other modules import this
 * file only. `createPortfolios` builds the module for app.ts: the service behind the routes, the
 * job queue and this instance's workers.
 */
import type { PortfolioCreateBody, PortfolioDetail, PortfolioRowInput, PortfolioSummary } from '../../../shared/contracts/portfolio.js';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../db/job-queue.js';
import type { PageKey } from '../../lib/keyset.js';
import type { Assessments } from '../assessment/index.js';
import type { Credits } from '../billing/index.js';
import type { Screening } from '../screening/index.js';
import { readPortfolioText } from './portfolio-file.js';
import { PortfolioQueue } from './portfolio-queue.js';
import { PortfolioWorkers, type WorkerLog } from './portfolio-worker.js';
import { PortfolioService, type PortfolioFile } from './portfolio.service.js';
import { createRowLeases } from './row-leases.js';

export interface Portfolios {
  /**
   * Stores a portfolio: valid rows queued for assessment (1 credit each when assessed), invalid
   * ones (bad check digits, unknown country, duplicate fiscal number and site address) stored
   * failed with the problem in words, never queued nor charged. 403 when the user may not spend.
   */
  createPortfolio(userId: string, body: PortfolioCreateBody, opts: { origin: 'web' | 'api'; apiKeyId?: string }): Promise<{ id: string }>;
  /** Progress and results; 404 for another user's or an unknown id. */
  getPortfolio(userId: string, id: string): Promise<PortfolioDetail>;
  /** Up to `limit` of the user's portfolios, newest first, after the one `after` names; each with its page key. */
  pagePortfolios(userId: string, limit: number, after?: PageKey): Promise<{ item: PortfolioSummary; key: PageKey }[]>;
  /** The results as the web's export (CSV or XLSX, with its file name and type); 404 for another user's or an unknown id. */
  exportPortfolio(userId: string, id: string, format: 'csv' | 'xlsx'): Promise<PortfolioFile>;
  /**
   * Points one of the user's done rows at a newer report of the same site (monitoring's
   * re-assessment), so the results, exports and later checks use it. 404 for another user's row or report.
   */
  replaceRowReport(userId: string, rowId: string, reportId: string): Promise<void>;
  /** Rows of CSV text (header or not; comma, semicolon or tab); throws AppError 400 with the problem in words. */
  parsePortfolioCsv(text: string): PortfolioRowInput[];
}

/** Rows of CSV text as the create body takes them. */
export function parsePortfolioCsv(text: string): PortfolioRowInput[] {
  return readPortfolioText(text).map(({ fiscal_number, country, reference, site_address, site_type }) => ({
    fiscal_number,
    country,
    reference,
    site_address,
    ...(site_type ? { site_type } : {}),
  }));
}

export type { PortfolioFile };

export interface PortfoliosDeps {
  database: Pick<Database, 'db' | 'engine' | 'url' | 'jobQueueDb'>;
  /** The process's job queue (its owner stops it). */
  jobs: JobQueue;
  assessments: Pick<Assessments, 'checkSite' | 'assessSite'>;
  credits: Pick<Credits, 'canSpend'>;
  balance: (userId: string) => Promise<number>;
  /** The sanctions screenings of the rows' reports (their status and open hits on the rows and in the exports). */
  screening: Pick<Screening, 'forReports'>;
  /** Rows assessed at once by this instance (PORTFOLIO_CONCURRENCY); 0: this instance runs none. */
  concurrency: number;
  log: WorkerLog;
}

export interface PortfolioModule {
  portfolios: Portfolios;
  service: PortfolioService;
  workers: PortfolioWorkers;
  /** Starts this instance's workers after `delayMs` (the server calls it once it listens). */
  start(delayMs?: number): void;
  /** Stops the workers (rows in flight finish or go back to the queue), then the queue. */
  stop(): Promise<void>;
}

export function createPortfolios(deps: PortfoliosDeps): PortfolioModule {
  const { database, log } = deps;
  const queue = new PortfolioQueue(deps.jobs, database.jobQueueDb);
  const leases = createRowLeases(database, log);
  const workers = new PortfolioWorkers({ db: database.db, queue, leases, assessments: deps.assessments, concurrency: deps.concurrency, log });
  const service = new PortfolioService({
    db: database.db,
    assessments: deps.assessments,
    credits: deps.credits,
    balance: deps.balance,
    screenings: deps.screening,
    queue,
    onQueued: () => workers.wake(),
  });
  let startTimer: NodeJS.Timeout | undefined;
  return {
    portfolios: {
      createPortfolio: (userId, body, opts) => service.create(userId, body, opts),
      getPortfolio: (userId, id) => service.get(userId, id),
      pagePortfolios: (userId, limit, after) => service.page(userId, limit, after),
      exportPortfolio: (userId, id, format) => service.exportFile(userId, id, format),
      parsePortfolioCsv,
      replaceRowReport: (userId, rowId, reportId) => service.replaceRowReport(userId, rowId, reportId),
    },
    service,
    workers,
    start: (delayMs = 0) => {
      clearTimeout(startTimer);
      startTimer = setTimeout(() => workers.start(), delayMs);
      startTimer.unref();
    },
    stop: async () => {
      clearTimeout(startTimer);
      await workers.stop();
      queue.stop();
      await leases.close();
    },
  };
}
