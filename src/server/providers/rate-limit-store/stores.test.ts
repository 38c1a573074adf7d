import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { caughtAppError as caught } from '../../../../test/app-error.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../lib/rate-limiter.js';
import { MemoryRateLimitStore } from './memory.js';
import { RedisRateLimitStore } from './redis.js';
import type { RateLimitStore } from '../../lib/rate-limit-store.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 6379), timeout: 1000 });
    s.on('connect', () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
    s.on('timeout', () => (s.destroy(), resolve(false)));
  });
}

/** The behaviour every store must have, run against memory and Redis alike. */
function storeContract(name: string, make: () => RateLimitStore | Promise<RateLimitStore>, skip = () => false) {
  describe(`${name} store`, () => {
    let store: RateLimitStore;
    const key = () => `test:${randomBytes(6).toString('hex')}`;
    beforeAll(async () => {
      if (!skip()) store = await make();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('counts hits within a window and reports the time left', async ({ skip: skipTest }) => {
      if (skip()) skipTest();
      const k = key();
      expect(await store.peek(k)).toEqual({ count: 0, resetMs: 0 });
      const first = await store.hit(k, 60_000, false);
      expect(first.count).toBe(1);
      expect(first.resetMs).toBeGreaterThan(59_000);
      expect((await store.hit(k, 60_000, false)).count).toBe(2);
      const peek = await store.peek(k);
      expect(peek.count).toBe(2);
      expect(peek.resetMs).toBeLessThanOrEqual(60_000);
    });

    it('starts afresh after the window', async ({ skip: skipTest }) => {
      if (skip()) skipTest();
      const k = key();
      await store.hit(k, 150, false);
      await store.hit(k, 150, false);
      await new Promise((r) => setTimeout(r, 250));
      expect((await store.peek(k)).count).toBe(0);
      expect((await store.hit(k, 150, false)).count).toBe(1);
    });

    it('keeps a fixed window, or restarts it on each hit with extendOnHit', async ({ skip: skipTest }) => {
      if (skip()) skipTest();
      const fixed = key();
      const sliding = key();
      await store.hit(fixed, 400, false);
      await store.hit(sliding, 400, true);
      await new Promise((r) => setTimeout(r, 250));
      await store.hit(fixed, 400, false);
      await store.hit(sliding, 400, true);
      await new Promise((r) => setTimeout(r, 250));
      expect((await store.peek(fixed)).count).toBe(0);
      expect((await store.peek(sliding)).count).toBe(2);
    });

    it('resets a key', async ({ skip: skipTest }) => {
      if (skip()) skipTest();
      const k = key();
      await store.hit(k, 60_000, false);
      await store.reset(k);
      expect((await store.peek(k)).count).toBe(0);
    });

    it('counts exactly under concurrent hits', async ({ skip: skipTest }) => {
      if (skip()) skipTest();
      const k = key();
      const results = await Promise.all(Array.from({ length: 50 }, () => store.hit(k, 60_000, false)));
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    });
  });
}

storeContract('memory', () => new MemoryRateLimitStore());

let redisUp = false;
beforeAll(async () => {
  redisUp = await reachable(REDIS_URL);
  if (!redisUp) {
    if (process.env.CI) throw new Error(`Redis is not reachable at ${REDIS_URL}; CI runs the Redis store tests against it.`);
    console.warn(`Redis not reachable at ${REDIS_URL}: Redis store tests skipped (they run in CI).`);
  }
});
storeContract('Redis', () => new RedisRateLimitStore(REDIS_URL, `corisk:test:${randomBytes(4).toString('hex')}:`), () => !redisUp);

describe('two Redis-backed instances', () => {
  it('share one count', async ({ skip }) => {
    if (!redisUp) skip();
    const prefix = `corisk:test:${randomBytes(4).toString('hex')}:`;
    const a = new RedisRateLimitStore(REDIS_URL, prefix);
    const b = new RedisRateLimitStore(REDIS_URL, prefix);
    try {
      const limiterA = new RateLimiter(a);
      const limiterB = new RateLimiter(b);
      const rule = { max: 3, windowS: 60 };
      await limiterA.consume('k', rule, 'Too many.');
      await limiterB.consume('k', rule, 'Too many.');
      await limiterA.consume('k', rule, 'Too many.');
      const err = await caught(limiterB.consume('k', rule, 'Too many.'));
      expect(err.status).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
