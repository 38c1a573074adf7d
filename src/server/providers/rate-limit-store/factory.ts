import type { Config } from '../../config.js';
import { FallbackRateLimitStore, type FallbackLog } from './fallback.js';
import { MemoryRateLimitStore } from './memory.js';
import { RedisRateLimitStore } from './redis.js';
import type { RateLimitStore } from '../../lib/rate-limit-store.js';

/**
 * Redis when REDIS_URL is set (instances share the counts), else memory. Redis comes with this
 * instance's memory counters behind it, used while Redis fails or hangs (fallback.ts).
 */
export function createRateLimitStore(config: Pick<Config, 'redisUrl'>, log?: FallbackLog): RateLimitStore {
  if (!config.redisUrl) return new MemoryRateLimitStore();
  return new FallbackRateLimitStore(new RedisRateLimitStore(config.redisUrl), new MemoryRateLimitStore(), { log });
}
