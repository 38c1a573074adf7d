import { caughtAppError as caught } from '../../../test/app-error.js';
import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '../providers/rate-limit-store/memory.js';
import { RedisRateLimitStore } from '../providers/rate-limit-store/redis.js';
import { describeWait, RateLimiter } from './rate-limiter.js';

describe('RateLimiter', () => {
  it('throws 429 with Retry-After and a readable wait once the limit is passed', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore());
    const rule = { max: 2, windowS: 900 };
    await limiter.consume('a', rule, 'Too many tries.');
    await limiter.consume('a', rule, 'Too many tries.');
    const err = await caught(limiter.consume('a', rule, 'Too many tries.'));
    expect(err.status).toBe(429);
    expect(err.message).toBe('Too many tries. Please try again in 15 minutes.');
    expect(Number(err.headers?.['retry-after'])).toBeGreaterThan(890);
  });

  it('assertBelow refuses at max without counting; record counts without refusing', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore());
    const rule = { max: 2, windowS: 60 };
    await limiter.assertBelow('f', rule, 'Paused.');
    await limiter.record('f', rule);
    await limiter.assertBelow('f', rule, 'Paused.');
    await limiter.record('f', rule);
    await limiter.record('f', rule);
    expect((await caught(limiter.assertBelow('f', rule, 'Paused.'))).status).toBe(429);
    await limiter.reset('f');
    await limiter.assertBelow('f', rule, 'Paused.');
  });

  it('lets requests through and reports the error when the store fails', async () => {
    const errors: unknown[] = [];
    const broken = new RedisRateLimitStore('redis://127.0.0.1:1');
    try {
      const limiter = new RateLimiter(broken, (err) => errors.push(err));
      await limiter.consume('x', { max: 0, windowS: 60 }, 'Too many.');
      expect(errors.length).toBe(1);
    } finally {
      await broken.close();
    }
  });

  it('describes waits in words', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(30)).toBe('30 seconds');
    expect(describeWait(60)).toBe('1 minute');
    expect(describeWait(61)).toBe('2 minutes');
    expect(describeWait(3600)).toBe('60 minutes');
  });
});
