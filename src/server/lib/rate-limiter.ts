import type { Redis } from 'ioredis';
import type * as IORedis from 'ioredis';
import { lazyModule } from '../lib/lazy-module.js';
import type { Config } from '../config.js';
import { tooManyRequests } from '../lib/errors.js';

/**
 * Shared rate limiting: counters kept in memory (one instance) or in Redis (`REDIS_URL`, several
 * instances share the counts). A counter is a fixed window that opens with its first hit;
 * `extendOnHit` restarts the window on every hit (used for failure counters: the pause lasts
 * `windowS` after the last failure).
 */

export interface RateLimitRule {
  max: number;
  windowS: number;
  extendOnHit?: boolean;
}

export interface RateLimitCount {
  count: number;
  /** Milliseconds until the window closes (0 when there is no counter). */
  resetMs: number;
}

export interface RateLimitStore {
  readonly kind: 'memory' | 'redis';
  /** Adds one hit to `key` and returns the count within the window, this hit included. */
  hit(key: string, windowMs: number, extendOnHit: boolean): Promise<RateLimitCount>;
  /** The current count without adding a hit. */
  peek(key: string): Promise<RateLimitCount>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  count: number;
  resetAt: number;
}

export class MemoryRateLimitStore implements RateLimitStore {
  readonly kind = 'memory';
  private readonly entries = new Map<string, Entry>();
  private hitsSinceSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number, extendOnHit: boolean): Promise<RateLimitCount> {
    const now = this.now();
    this.sweep(now);
    const entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) {
      this.entries.set(key, { count: 1, resetAt: now + windowMs });
      return { count: 1, resetMs: windowMs };
    }
    entry.count += 1;
    if (extendOnHit) entry.resetAt = now + windowMs;
    return { count: entry.count, resetMs: entry.resetAt - now };
  }

  async peek(key: string): Promise<RateLimitCount> {
    const now = this.now();
    const entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) return { count: 0, resetMs: 0 };
    return { count: entry.count, resetMs: entry.resetAt - now };
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  /** Drops closed windows now and then, so the map stays as small as the live counters. */
  private sweep(now: number): void {
    this.hitsSinceSweep += 1;
    if (this.hitsSinceSweep < 1000) return;
    this.hitsSinceSweep = 0;
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
  }
}

// INCR + (P)EXPIRE atomically: the window opens with the first hit (or restarts on each hit).
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 or ARGV[2] == '1' then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const ioredis = lazyModule<typeof IORedis>('ioredis');

export class RedisRateLimitStore implements RateLimitStore {
  readonly kind = 'redis';
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'corisk:rl:',
  ) {
    const { Redis: RedisClient } = ioredis();
    this.redis = new RedisClient(url, {
      connectTimeout: 2000,
      maxRetriesPerRequest: 1,
      // Do not wait for a dead server forever: commands fail fast and the caller decides.
      enableOfflineQueue: true,
      lazyConnect: false,
      commandTimeout: 1500,
    });
    // Connection errors surface as failed commands; without a listener ioredis would log them.
    this.redis.on('error', () => {});
  }

  async hit(key: string, windowMs: number, extendOnHit: boolean): Promise<RateLimitCount> {
    const res = (await this.redis.eval(
      HIT_SCRIPT,
      1,
      this.prefix + key,
      String(windowMs),
      extendOnHit ? '1' : '0',
    )) as [number, number];
    return { count: Number(res[0]), resetMs: Math.max(0, Number(res[1])) };
  }

  async peek(key: string): Promise<RateLimitCount> {
    const k = this.prefix + key;
    const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]);
    if (count === null || ttl <= 0) return { count: 0, resetMs: 0 };
    return { count: Number(count), resetMs: ttl };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}

export function createRateLimitStore(config: Pick<Config, 'redisUrl'>): RateLimitStore {
  return config.redisUrl ? new RedisRateLimitStore(config.redisUrl) : new MemoryRateLimitStore();
}

/** "1 minute", "15 minutes", "30 seconds" */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Checks and counts against a store. When the store itself fails (Redis down) the request is let
 * through and the error reported: a rate limit is a second line of defence, and an outage of the
 * counter store must not lock every user out.
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly onStoreError: (err: unknown) => void = () => {},
  ) {}

  /** Counts one attempt; 429 once the attempts within the window exceed `rule.max`. */
  async consume(key: string, rule: RateLimitRule, detail: string): Promise<void> {
    const res = await this.safely(() => this.store.hit(key, rule.windowS * 1000, rule.extendOnHit ?? false));
    if (res && res.count > rule.max) throw this.limited(res.resetMs, detail);
  }

  /** 429 when `rule.max` attempts are already counted; counts nothing itself. */
  async assertBelow(key: string, rule: RateLimitRule, detail: string): Promise<void> {
    const res = await this.safely(() => this.store.peek(key));
    if (res && res.count >= rule.max) throw this.limited(res.resetMs, detail);
  }

  /** Counts one event (e.g. a failed password) without deciding anything. */
  async record(key: string, rule: RateLimitRule): Promise<void> {
    await this.safely(() => this.store.hit(key, rule.windowS * 1000, rule.extendOnHit ?? false));
  }

  async reset(key: string): Promise<void> {
    await this.safely(() => this.store.reset(key));
  }

  private limited(resetMs: number, detail: string) {
    const retryAfterS = Math.max(1, Math.ceil(resetMs / 1000));
    return tooManyRequests(`${detail} Please try again in ${describeWait(retryAfterS)}.`, retryAfterS);
  }

  private async safely<T>(op: () => Promise<T>): Promise<T | undefined> {
    try {
      return await op();
    } catch (err) {
      this.onStoreError(err);
      return undefined;
    }
  }
}
