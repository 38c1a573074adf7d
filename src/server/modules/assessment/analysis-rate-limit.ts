import type { RateLimitStore } from '../../lib/rate-limit-store.js';

/**
 * Analyses per user over a rolling hour (ANALYSIS_RATE_LIMIT_PER_HOUR), counted in the shared
 * rate-limit store (memory, or Redis when several instances run). The hour is kept as 60
 * one-minute buckets: an analysis counts in the bucket of its minute, and a bucket leaves the
 * window 60 minutes after its minute began, so the limit is exact to the minute (never looser).
 * A refused request is not counted: waiting out Retry-After always works.
 */

export const BUCKET_MS = 60_000;
export const WINDOW_BUCKETS = 60;

export type RollingDecision = { allowed: true } | { allowed: false; retryAfterS: number };

export class RollingHourLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly max: number,
    private readonly onStoreError: (err: unknown) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one analysis for `key` when the window has room; otherwise says how long to wait. */
  async take(key: string): Promise<RollingDecision> {
    try {
      return await this.tryTake(key);
    } catch (err) {
      // A limit is a second line of defence (credits are the first): a store outage lets requests through.
      this.onStoreError(err);
      return { allowed: true };
    }
  }

  private bucketKey(key: string, bucket: number): string {
    return `analysis:${key}:${bucket}`;
  }

  private async counts(key: string, current: number): Promise<number[]> {
    const buckets = Array.from({ length: WINDOW_BUCKETS }, (_, i) => current - WINDOW_BUCKETS + 1 + i);
    const peeks = await Promise.all(buckets.map((b) => this.store.peek(this.bucketKey(key, b))));
    return peeks.map((p) => p.count);
  }

  private retryAfter(counts: number[], current: number, nowMs: number): number {
    // Oldest buckets leave first; wait until the window holds fewer than `max`.
    let total = counts.reduce((a, b) => a + b, 0);
    for (let i = 0; i < counts.length; i++) {
      total -= counts[i]!;
      if (total < this.max) {
        const bucket = current - WINDOW_BUCKETS + 1 + i;
        const leavesAt = (bucket + WINDOW_BUCKETS) * BUCKET_MS;
        return Math.max(1, Math.ceil((leavesAt - nowMs) / 1000));
      }
    }
    return Math.ceil((WINDOW_BUCKETS * BUCKET_MS) / 1000);
  }

  private async tryTake(key: string): Promise<RollingDecision> {
    const nowMs = this.now();
    const current = Math.floor(nowMs / BUCKET_MS);
    const before = await this.counts(key, current);
    if (before.reduce((a, b) => a + b, 0) >= this.max) {
      return { allowed: false, retryAfterS: this.retryAfter(before, current, nowMs) };
    }
    // Count, then re-check with the bucket's new count: of requests racing for the last places,
    // only those whose hit fits are let through (a loser's hit stays counted; rare and harmless).
    const ttlMs = (WINDOW_BUCKETS + 1) * BUCKET_MS;
    const hit = await this.store.hit(this.bucketKey(key, current), ttlMs, false);
    const others = before.slice(0, -1).reduce((a, b) => a + b, 0);
    if (others + hit.count > this.max) {
      const after = [...before.slice(0, -1), hit.count];
      return { allowed: false, retryAfterS: this.retryAfter(after, current, nowMs) };
    }
    return { allowed: true };
  }
}
