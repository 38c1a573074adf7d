import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import type { SanctionsRefreshItem } from '../../../shared/contracts/screening.js';
import type { Db } from '../../db/client.js';
import { projectRoot } from '../../lib/paths.js';
import type { ListName, SanctionsList } from './entry.js';
import { downloadList, ListDownloadError, type DownloadOptions } from './lists/download.js';
import { defaultParseLimits, parseList } from './lists/parse.js';
import { listVersions, loadList, saveList, touchList, type StoredList } from './lists.repo.js';

/** The bundled snapshots (`<LIST>.xml.gz`) and their README. */
export const SNAPSHOT_DIR = join(projectRoot, 'src/server/modules/screening/lists/data');

export interface ListsConfig {
  /** The lists screened; `url` null: the bundled snapshot only, never downloaded. */
  lists: { list: ListName; url: string | null }[];
  maxAgeDays: number;
}

/**
 * One list as held now, with its staleness. While no version is held it has no entries,
 * `generatedAt` is '' and `fetchedAt` null.
 */
export interface CurrentList extends SanctionsList {
  fetchedAt: string | null;
  /** Older than SANCTIONS_MAX_AGE_DAYS, empty, or not held at all: never grounds for "clear". */
  stale: boolean;
}

/** A list's content changed (a new version was swapped in, here or by another instance). */
export interface ListChange {
  list: ListName;
  generatedAt: string;
  entries: number;
  contentHash: string;
  /** The content hash of the version it replaced; null when none was held. */
  previousHash: string | null;
}

export interface ListsLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ListsServiceDeps {
  db: Db;
  config: ListsConfig;
  log: ListsLog;
  now?: () => Date;
  snapshotDir?: string;
  /** Download time-out and size/entry caps (tests lower them). */
  download?: Partial<DownloadOptions>;
}

/** A hash over the list's entries (ids and content hashes): the same content published again is "unchanged". */
export function listHash(list: SanctionsList): string {
  const h = createHash('sha256');
  for (const e of list.entries) h.update(`${e.entryId}\u0000${e.contentHash}\n`);
  return h.digest('hex').slice(0, 32);
}

const DAY_MS = 86_400_000;

/** A bundled snapshot never changes while the process runs: parsed once, shared by every instance (and test app). */
const snapshots = new Map<string, Promise<SanctionsList>>();
function parseSnapshot(list: ListName, file: string, limits: DownloadOptions): Promise<SanctionsList> {
  let parsed = snapshots.get(file);
  if (!parsed) {
    parsed = parseList(list, createReadStream(file).pipe(createGunzip()), limits);
    parsed.catch(() => snapshots.delete(file));
    snapshots.set(file, parsed);
  }
  return parsed;
}

export class SanctionsListsService {
  private readonly held = new Map<ListName, StoredList>();
  private readonly listeners = new Set<(change: ListChange) => void>();
  private loading: Promise<void> | undefined;
  private running: Promise<SanctionsRefreshItem[]> | undefined;
  private readonly now: () => Date;
  private readonly download: DownloadOptions;

  private lastSync: { startedAt: number; done: Promise<void> } | undefined;

  constructor(private readonly deps: ListsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.download = { timeoutMs: 5 * 60_000, ...defaultParseLimits, ...deps.download };
  }

  /**
   * Loads the lists the database holds, and for a list it does not hold yet the bundled snapshot
   * (stored, so the next start reads it from the database). Runs once; later calls share it.
   */
  load(): Promise<void> {
    this.loading ??= this.loadAll().catch((err: unknown) => {
      this.loading = undefined;
      throw err;
    });
    return this.loading;
  }

  private async loadAll(): Promise<void> {
    for (const { list } of this.deps.config.lists) {
      try {
        const stored = (await loadList(this.deps.db, list)) ?? (await this.fromSnapshot(list));
        if (stored) this.swapIn(stored);
      } catch (err) {
        this.deps.log.warn({ list, err: err instanceof Error ? err.message : String(err) }, 'sanctions list could not be loaded');
      }
    }
  }

  private async fromSnapshot(list: ListName): Promise<StoredList | null> {
    const file = join(this.deps.snapshotDir ?? SNAPSHOT_DIR, `${list}.xml.gz`);
    if (!existsSync(file)) return null;
    const parsed = await parseSnapshot(list, file, this.download);
    const stored = { list: parsed, fetchedAt: this.now().toISOString(), contentHash: listHash(parsed) };
    await saveList(this.deps.db, stored);
    this.deps.log.info({ list, generatedAt: parsed.generatedAt, entries: parsed.entries.length }, 'sanctions list loaded from the bundled snapshot');
    return stored;
  }

  private swapIn(stored: StoredList): void {
    const previous = this.held.get(stored.list.list);
    this.held.set(stored.list.list, stored);
    if (previous?.contentHash === stored.contentHash) return;
    const change: ListChange = {
      list: stored.list.list,
      generatedAt: stored.list.generatedAt,
      entries: stored.list.entries.length,
      contentHash: stored.contentHash,
      previousHash: previous?.contentHash ?? null,
    };
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (err) {
        this.deps.log.warn({ list: change.list, err: err instanceof Error ? err.message : String(err) }, 'sanctions list listener failed');
      }
    }
  }

  /** Called with each new list version; answers a function that stops the calls. */
  onChange(listener: (change: ListChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Older than SANCTIONS_MAX_AGE_DAYS by its own generation date, or empty: never grounds for "clear". */
  isStale(generatedAt: string, entries: number): boolean {
    return entries === 0 || !generatedAt || this.now().getTime() - Date.parse(generatedAt) > this.deps.config.maxAgeDays * DAY_MS;
  }

  /** The configured lists as held now (an empty, stale list where none is held yet). */
  getCurrent(): CurrentList[] {
    return this.deps.config.lists.map(({ list }) => {
      const stored = this.held.get(list);
      if (!stored) return { list, generatedAt: '', entries: [], fetchedAt: null, stale: true };
      const { generatedAt, entries } = stored.list;
      return { list, generatedAt, entries, fetchedAt: stored.fetchedAt, stale: this.isStale(generatedAt, entries.length) };
    });
  }

  /** Downloads every list that has a URL; one refresh at a time (a second caller gets the same answer). */
  refresh(): Promise<SanctionsRefreshItem[]> {
    this.running ??= this.refreshAll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async refreshAll(): Promise<SanctionsRefreshItem[]> {
    await this.load();
    const items: SanctionsRefreshItem[] = [];
    for (const source of this.deps.config.lists) items.push(await this.refreshOne(source.list, source.url));
    return items;
  }

  private heldItem(list: ListName, status: SanctionsRefreshItem['status'], detail?: string): SanctionsRefreshItem {
    const stored = this.held.get(list);
    return {
      list,
      status,
      generated_at: stored?.list.generatedAt ?? null,
      entries: stored?.list.entries.length ?? 0,
      ...(detail ? { detail } : {}),
    };
  }

  private async refreshOne(list: ListName, url: string | null): Promise<SanctionsRefreshItem> {
    if (!url) return this.heldItem(list, 'unchanged', `no download configured (SANCTIONS_${list}_URL): the bundled snapshot is kept`);
    let parsed: SanctionsList;
    try {
      parsed = await downloadList(list, url, this.download);
    } catch (err) {
      const detail = err instanceof ListDownloadError ? err.message : 'the download failed';
      this.deps.log.warn({ list, detail, err: err instanceof ListDownloadError ? undefined : String(err) }, 'sanctions list refresh failed; the last good list is kept');
      return this.heldItem(list, 'failed', `${detail}; the last good list is kept`);
    }
    const fetchedAt = this.now().toISOString();
    const held = this.held.get(list);
    const contentHash = listHash(parsed);
    if (held && Date.parse(parsed.generatedAt) < Date.parse(held.list.generatedAt)) {
      return this.heldItem(list, 'unchanged', `the file (generated ${parsed.generatedAt}) is older than the list held; kept`);
    }
    try {
      if (held?.contentHash === contentHash) {
        // Same content: only its generation date (the list's age) and the fetch time move on.
        await touchList(this.deps.db, list, fetchedAt, parsed.generatedAt);
        this.held.set(list, { ...held, list: { ...held.list, generatedAt: parsed.generatedAt }, fetchedAt });
        return this.heldItem(list, 'unchanged');
      }
      const stored = { list: parsed, fetchedAt, contentHash };
      await saveList(this.deps.db, stored);
      this.swapIn(stored);
    } catch (err) {
      this.deps.log.warn({ list, err: err instanceof Error ? err.message : String(err) }, 'sanctions list could not be stored');
      return this.heldItem(list, 'failed', 'the list could not be stored; the last good list is kept');
    }
    this.deps.log.info({ list, generatedAt: parsed.generatedAt, entries: parsed.entries.length }, 'sanctions list updated');
    return this.heldItem(list, 'updated');
  }

  /** Takes in versions another instance stored since (the refresh job runs on one instance only). */
  /**
   * Takes in the versions any instance stored before `since` (a time from the database; instances
   * and database share a clock). Callers share a sync that started after their `since`: the checks
   * of one monitoring run cost this instance one small query, not one each.
   */
  catchUp(since: Date): Promise<void> {
    const last = this.lastSync;
    if (last && last.startedAt >= since.getTime()) return last.done;
    const previous = last?.done.catch(() => {}) ?? Promise.resolve();
    const next = { startedAt: Date.now(), done: previous.then(() => this.syncFromDb()) };
    this.lastSync = next;
    return next.done;
  }

  async syncFromDb(): Promise<void> {
    const configured = new Set(this.deps.config.lists.map((l) => l.list));
    for (const v of await listVersions(this.deps.db)) {
      const list = v.list as ListName;
      if (!configured.has(list)) continue;
      const held = this.held.get(list);
      if (held?.contentHash === v.contentHash) {
        this.held.set(list, { ...held, list: { ...held.list, generatedAt: v.generatedAt.toISOString() }, fetchedAt: v.fetchedAt.toISOString() });
        continue;
      }
      const stored = await loadList(this.deps.db, list);
      if (stored) this.swapIn(stored);
    }
  }
}
