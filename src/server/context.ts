import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { RateLimitStore } from './plugins/rate-limit.js';
import type { BillingProvider } from './providers/billing/billing-provider.js';
import type { Mailer } from './providers/mailer/mailer.js';

/** What every module receives: typed config, the database and the chosen providers. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** SMTP (SMTP_URL) or the dev outbox. */
  mailer: Mailer;
  /** Rate-limit counters: Redis (REDIS_URL) or memory; use through RateLimiter (plugins/rate-limit.ts). */
  rateLimitStore: RateLimitStore;
  /** Stripe (STRIPE_SECRET_KEY) or the built-in test checkout. */
  billing: BillingProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
