import { caughtAppError as caught } from '../../../../test/app-error.js';
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../lib/rate-limiter.js';
import { FallbackRateLimitStore } from './fallback.js';
import { MemoryRateLimitStore } from './memory.js';
import type { RateLimitStore } from '../../lib/rate-limit-store.js';

/** A shared store that answers, fails, or hangs (a Redis cut or stalled), counting in memory when it answers. */
class SwitchableStore implements RateLimitStore {
  readonly kind = 'redis';
  mode: 'up' | 'down' | 'hung' = 'up';
  calls = 0;
  readonly counts = new MemoryRateLimitStore();

  private async gate(): Promise<void> {
    this.calls += 1;
    if (this.mode === 'down') throw new Error('connect ECONNREFUSED');
    if (this.mode === 'hung') await new Promise(() => {});
  }
  async hit(key: string, windowMs: number, extendOnHit: boolean) {
    await this.gate();
    return this.counts.hit(key, windowMs, extendOnHit);
  }
  async peek(key: string) {
    await this.gate();
    return this.counts.peek(key);
  }
  async reset(key: string) {
    await this.gate();
    return this.counts.reset(key);
  }
  async close() {}
}

const rule = { max: 3, windowS: 60 };
const logs = () => {
  const lines: string[] = [];
  return { lines, log: { warn: (_: object, msg: string) => lines.push(`warn ${msg}`), info: (_: object, msg: string) => lines.push(`info ${msg}`) } };
};

/** A sign-in's store calls: count the attempt, check the failure pause, count a failure. */
async function signInCalls(limiter: RateLimiter, who: string): Promise<void> {
  await limiter.consume(`signin:ip:${who}`, { max: 60, windowS: 300 }, 'Too many.');
  await limiter.assertBelow(`signin:fail:${who}`, { max: 5, windowS: 900 }, 'Paused.');
  await limiter.record(`signin:fail:${who}`, { max: 5, windowS: 900 });
}

describe('rate-limit store with a memory fallback', () => {
  it('holds the limit in memory while the shared store fails, and says so once', async () => {
    const shared = new SwitchableStore();
    const { lines, log } = logs();
    const storeErrors: unknown[] = [];
    const limiter = new RateLimiter(new FallbackRateLimitStore(shared, new MemoryRateLimitStore(), { log }), (err) => storeErrors.push(err));
    shared.mode = 'down';
    for (let i = 0; i < 3; i++) await limiter.consume('k', rule, 'Too many.');
    expect((await caught(limiter.consume('k', rule, 'Too many.'))).status).toBe(429);
    // Nothing let through, nothing the limiter had to swallow; one line in the log.
    expect(storeErrors).toEqual([]);
    expect(lines).toEqual(["warn rate-limit store failed; counting in this instance's memory until it answers again"]);
    expect(shared.calls).toBe(1);
  });

  it('waits for a hung store once: the rest of the request and the next requests count in memory at once', async () => {
    const shared = new SwitchableStore();
    const store = new FallbackRateLimitStore(shared, new MemoryRateLimitStore(), { waitMs: 300, probeMs: 60_000 });
    const limiter = new RateLimiter(store);
    shared.mode = 'hung';
    let started = Date.now();
    await signInCalls(limiter, 'a');
    const first = Date.now() - started;
    expect(first).toBeGreaterThanOrEqual(290);
    expect(first).toBeLessThan(600);
    expect(store.fallingBack).toBe(true);
    started = Date.now();
    await signInCalls(limiter, 'b');
    expect(Date.now() - started).toBeLessThan(50);
    expect(shared.calls).toBe(1);
  });

  it('returns to the shared store once it answers again (a background probe)', async () => {
    const shared = new SwitchableStore();
    const { lines, log } = logs();
    const store = new FallbackRateLimitStore(shared, new MemoryRateLimitStore(), { waitMs: 200, probeMs: 50, log });
    const limiter = new RateLimiter(store);
    shared.mode = 'down';
    await limiter.consume('k', rule, 'Too many.');
    expect(store.fallingBack).toBe(true);
    shared.mode = 'up';
    await new Promise((r) => setTimeout(r, 60));
    // This call counts in memory and starts the probe; the probe finds the store answering.
    await limiter.consume('k', rule, 'Too many.');
    await expect.poll(() => store.fallingBack).toBe(false);
    await limiter.consume('other', rule, 'Too many.');
    expect((await shared.counts.peek('other')).count).toBe(1);
    expect(lines.at(-1)).toBe('info rate-limit store answers again; counting there');
  });

  it('a reset clears the memory count too, so an earlier outage does not come back', async () => {
    const shared = new SwitchableStore();
    const store = new FallbackRateLimitStore(shared, new MemoryRateLimitStore(), { waitMs: 200, probeMs: 50 });
    shared.mode = 'down';
    await store.hit('f', 60_000, false);
    await store.hit('f', 60_000, false);
    shared.mode = 'up';
    await new Promise((r) => setTimeout(r, 60));
    await store.peek('x');
    await expect.poll(() => store.fallingBack).toBe(false);
    await store.reset('f');
    shared.mode = 'down';
    expect((await store.peek('f')).count).toBe(0);
  });
});
