import type { RateLimitCount, RateLimitStore } from '../../lib/rate-limit-store.js';

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
