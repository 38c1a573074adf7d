import type { Config } from '../../config.js';
import { MemoryRateLimitStore } from './memory.js';
import { RedisRateLimitStore } from './redis.js';
import type { RateLimitStore } from './store.js';

/** Redis when REDIS_URL is set (instances share the counts), else memory. */
export function createRateLimitStore(config: Pick<Config, 'redisUrl'>): RateLimitStore {
  return config.redisUrl ? new RedisRateLimitStore(config.redisUrl) : new MemoryRateLimitStore();
}
