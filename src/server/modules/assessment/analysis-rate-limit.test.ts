import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '../../providers/rate-limit-store/memory.js';
import { RollingHourLimiter } from './analysis-rate-limit.js';

const MIN = 60_000;

describe('rolling-hour analysis limit', () => {
  it('allows max analyses in any 60 minutes and frees places as they age out', async () => {
    let now = Date.UTC(2025, 0, 1, 10, 0, 30);
    const store = new MemoryRateLimitStore(() => now);
    const limiter = new RollingHourLimiter(store, 3, undefined, () => now);
    expect(await limiter.take('u1')).toEqual({ allowed: true }); // 10:00
    now += 20 * MIN;
    expect(await limiter.take('u1')).toEqual({ allowed: true }); // 10:20
    expect(await limiter.take('u1')).toEqual({ allowed: true }); // 10:20
    const refused = await limiter.take('u1');
    expect(refused.allowed).toBe(false);
    // The 10:00 analysis leaves the window at 11:00 (its minute plus an hour): 39.5 minutes from 10:20:30.
    expect(refused.allowed ? 0 : refused.retryAfterS).toBe(39 * 60 + 30);
    // Another user is not affected.
    expect(await limiter.take('u2')).toEqual({ allowed: true });
    // Refusals are not counted: at 11:00 exactly one place is free again.
    now = Date.UTC(2025, 0, 1, 11, 0, 0);
    expect(await limiter.take('u1')).toEqual({ allowed: true });
    expect((await limiter.take('u1')).allowed).toBe(false);
    now = Date.UTC(2025, 0, 1, 11, 21, 0);
    expect(await limiter.take('u1')).toEqual({ allowed: true });
    expect(await limiter.take('u1')).toEqual({ allowed: true });
  });

  it('lets exactly max of many parallel requests through', async () => {
    const limiter = new RollingHourLimiter(new MemoryRateLimitStore(), 5);
    const results = await Promise.all(Array.from({ length: 30 }, () => limiter.take('u')));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it('lets requests through when the store fails', async () => {
    const store = new MemoryRateLimitStore();
    store.peek = async () => {
      throw new Error('redis down');
    };
    const errors: unknown[] = [];
    const limiter = new RollingHourLimiter(store, 1, (e) => errors.push(e));
    expect(await limiter.take('u')).toEqual({ allowed: true });
    expect(errors).toHaveLength(1);
  });
});
