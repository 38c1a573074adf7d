/**
 * Sanctions screening as other features see it. The lists: `getCurrentLists()` answers the EU, UN
 * and UK lists held now, each with its generation date and whether it is stale (a stale or empty
 * list never grounds a "clear"), and `onListChange` calls back when a list's content changes (a
 * new version downloaded here or by another instance), so monitoring can screen again.
 * `createScreening` builds the module for app.ts.
 */
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../db/job-queue.js';
import { ListsSchedule } from './lists-schedule.js';
import type { CompanyData } from '../../../shared/contracts/assessment.js';
import type { ReportScreening } from '../../../shared/contracts/screening.js';
import { SanctionsListsService, type CurrentList, type ListChange, type ListsLog } from './lists.service.js';
import { Screener, type StoredScreening } from './screener.js';
import { ScreeningsService } from './screenings.service.js';

export { screeningTakeaway, withScreeningTakeaway } from '../../../shared/reports/screening-takeaway.js';
export { screeningErrors } from './screenings.service.js';
export type { StoredScreening };

export type { ListName, SanctionsEntry, SanctionsIdentifier, SanctionsList, SanctionsName } from './entry.js';
export type { CurrentList, ListChange };

export interface SanctionsLists {
  /** Every configured list (a list set to `off` is absent), as held now. */
  getCurrentLists(): CurrentList[];
  /** Calls `listener` with each new list version; answers a function that stops the calls. */
  onListChange(listener: (change: ListChange) => void): () => void;
  /** Takes in list versions another instance stored before `since`, so a screening now uses them. */
  catchUp(since: Date): Promise<void>;
}

/** A report's screening as the assessment and the reports see it. */
export interface Screening {
  /** Screens the company (name, VAT number, national ID), its officers and owners against the lists held now. */
  screenCompany(company: CompanyData): Promise<StoredScreening>;
  /** Stores a report's screening inside the transaction that stores the report. */
  saveInTransaction(tx: Database['db'], row: { reportId: string; userId: string; company: Pick<CompanyData, 'country' | 'fiscal_number'>; screening: StoredScreening }): Promise<void>;
  /** A fresh screening as its report shows it, with the user's decisions already taken on the company. */
  presentNew(userId: string, company: Pick<CompanyData, 'country' | 'fiscal_number'>, stored: StoredScreening): Promise<ReportScreening>;
  /** The screening of one of the user's reports; `not_screened` for reports made before screening. */
  forReport(userId: string, reportId: string): Promise<ReportScreening>;
  /** The screenings of many of the user's reports at once (a portfolio's rows); `not_screened` for those made before screening. */
  forReports(userId: string, reportIds: readonly string[]): Promise<Map<string, ReportScreening>>;
}

export interface ScreeningModule {
  lists: SanctionsLists;
  service: SanctionsListsService;
  screenings: ScreeningsService;
  screener: Screener;
  /** Loads the lists after `delayMs` without holding up start-up, then keeps them fresh. */
  start(delayMs?: number): void;
  stop(): Promise<void>;
}

export function createScreening(deps: {
  database: Pick<Database, 'db'>;
  /** The process's job queue (its owner stops it). */
  jobs: JobQueue;
  config: Config['sanctions'];
  log: ListsLog;
}): ScreeningModule {
  const service = new SanctionsListsService({ db: deps.database.db, config: deps.config, log: deps.log });
  const screener = new Screener({ lists: service, log: deps.log });
  const screenings = new ScreeningsService({ db: deps.database.db, screener });
  // A new list version is indexed at once, so the next report does not wait for it.
  service.onChange(() => screener.warm());
  const schedule = new ListsSchedule({
    jobs: deps.jobs,
    lists: service,
    refreshHours: deps.config.refreshHours,
    downloads: deps.config.lists.some((l) => l.url !== null),
    log: deps.log,
  });
  return {
    lists: {
      getCurrentLists: () => service.getCurrent(),
      onListChange: (listener) => service.onChange(listener),
      catchUp: (since) => service.catchUp(since),
    },
    service,
    screenings,
    screener,
    start: (delayMs) => schedule.start(delayMs),
    stop: () => schedule.stop(),
  };
}
