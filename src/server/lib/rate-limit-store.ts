/**
 * Rate-limit counters: in memory (one instance) or in Redis (`REDIS_URL`, several instances share
 * the counts). A counter is a fixed window that opens with its first hit; `extendOnHit` restarts
 * the window on every hit (used for failure counters: the pause lasts the window after the last
 * failure). Use through RateLimiter (rate-limiter.ts); the stores live in providers/rate-limit-store.
 */

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
