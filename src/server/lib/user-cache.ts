import type { ChangeFeed } from './change-feed.js';

export interface UserCacheOptions {
  /** Longest an entry is served, even when no change was announced (a backstop, not the mechanism). */
  ttlMs?: number;
  /** Users kept at most; the least recently stored go first. */
  maxUsers?: number;
  now?: () => number;
}

interface Entry {
  value: unknown;
  expires: number;
}

/**
 * What an authenticated request reads about its user on every call (the session behind the
 * access token, the account and subscription), kept in memory between requests (ADR 009).
 *
 * An entry is dropped when the database announces a committed change to that user's rows, from
 * any process (ChangeFeed), and when this process invalidates it after its own write. Nothing is
 * served while the feed is not live. A read that raced a change is not stored: each invalidation
 * advances a clock, and a loaded value is kept only if its user was not invalidated after the load began.
 */
export class UserCache {
  private readonly users = new Map<string, Map<string, Entry>>();
  private readonly ttlMs: number;
  private readonly maxUsers: number;
  private readonly now: () => number;
  private clock = 0;
  /** The clock at each user's last invalidation (bounded: see invalidate). */
  private readonly invalidatedAt = new Map<string, number>();
  private clearedAt = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly feed: ChangeFeed,
    options: UserCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.maxUsers = options.maxUsers ?? 10_000;
    this.now = options.now ?? Date.now;
    this.unsubscribe = feed.subscribe((userId) => (userId === null ? this.clear() : this.invalidate(userId)));
  }

  /** The cached value, or `load()`'s; undefined and null results are never kept. */
  async get<T>(userId: string, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.feed.live()) return load();
    const now = this.now();
    const entry = this.users.get(userId)?.get(key);
    if (entry && entry.expires > now) return entry.value as T;
    const started = this.clock;
    const value = await load();
    if (value !== undefined && value !== null && this.storable(userId, started)) this.store(userId, key, value);
    return value;
  }

  /** Forgets what is kept about the user; a load that began before this is not stored. */
  invalidate(userId: string): void {
    this.clock++;
    this.users.delete(userId);
    if (this.invalidatedAt.size >= this.maxUsers) {
      // Too many to remember one by one: count it as a full clear for the loads in flight.
      this.invalidatedAt.clear();
      this.clearedAt = this.clock;
    }
    this.invalidatedAt.set(userId, this.clock);
  }

  clear(): void {
    this.clock++;
    this.clearedAt = this.clock;
    this.users.clear();
    this.invalidatedAt.clear();
  }

  close(): void {
    this.unsubscribe();
    this.clear();
  }

  private storable(userId: string, started: number): boolean {
    return this.feed.live() && this.clearedAt <= started && (this.invalidatedAt.get(userId) ?? 0) <= started;
  }

  private store(userId: string, key: string, value: unknown): void {
    let entries = this.users.get(userId);
    if (!entries) {
      if (this.users.size >= this.maxUsers) this.users.delete(this.users.keys().next().value ?? '');
      entries = new Map();
      this.users.set(userId, entries);
    }
    entries.set(key, { value, expires: this.now() + this.ttlMs });
  }
}
