import type { Redis } from 'ioredis';
import type * as IORedis from 'ioredis';
import { lazyModule } from '../../lib/lazy-module.js';
import type { RateLimitCount, RateLimitStore } from '../../lib/rate-limit-store.js';

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
