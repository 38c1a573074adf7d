/**
 * Sanctions screening as other features see it. The lists: `getCurrentLists()` answers the EU, UN
 * and UK lists held now, each with its generation date and whether it is stale (a stale or empty
 * list never grounds a "clear"), and `onListChange` calls back when a list's content changes (a
 * new version downloaded here or by another instance), so monitoring can screen again.
 * `createScreening` builds the module for app.ts.
 */
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { ListsSchedule } from './lists-schedule.js';
import { SanctionsListsService, type CurrentList, type ListChange, type ListsLog } from './lists.service.js';

export type { ListName, SanctionsEntry, SanctionsIdentifier, SanctionsList, SanctionsName } from './entry.js';
export type { CurrentList, ListChange };

export interface SanctionsLists {
  /** Every configured list (a list set to `off` is absent), as held now. */
  getCurrentLists(): CurrentList[];
  /** Calls `listener` with each new list version; answers a function that stops the calls. */
  onListChange(listener: (change: ListChange) => void): () => void;
}

export interface ScreeningModule {
  lists: SanctionsLists;
  service: SanctionsListsService;
  /** Loads the lists after `delayMs` without holding up start-up, then keeps them fresh. */
  start(delayMs?: number): void;
  stop(): Promise<void>;
}

export function createScreening(deps: {
  database: Pick<Database, 'db' | 'jobQueueDb'>;
  config: Config['sanctions'];
  log: ListsLog;
}): ScreeningModule {
  const service = new SanctionsListsService({ db: deps.database.db, config: deps.config, log: deps.log });
  const schedule = new ListsSchedule({
    jobQueueDb: deps.database.jobQueueDb,
    lists: service,
    refreshHours: deps.config.refreshHours,
    downloads: deps.config.lists.some((l) => l.url !== null),
    log: deps.log,
  });
  return {
    lists: {
      getCurrentLists: () => service.getCurrent(),
      onListChange: (listener) => service.onChange(listener),
    },
    service,
    start: (delayMs) => schedule.start(delayMs),
    stop: () => schedule.stop(),
  };
}
