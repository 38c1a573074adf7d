import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { UserCache } from './lib/user-cache.js';
import type { RateLimitStore } from './providers/rate-limit-store/store.js';
import type { Analyst } from './providers/analyst/analyst.js';
import type { BillingProvider } from './providers/billing/billing-provider.js';
import type { CompanySource } from './providers/companies/types.js';
import type { DeadlineGeocoder } from './providers/geocoder/factory.js';
import type { MapRenderer } from './providers/maps/map-renderer.js';
import type { Mailer } from './providers/mailer/mailer.js';

/** What every module receives: typed config, the database and the chosen providers. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** What authenticated requests read about their user (session, account), kept between requests. */
  userCache: UserCache;
  /** SMTP (SMTP_URL) or the dev outbox. */
  mailer: Mailer;
  /** Rate-limit counters: Redis (REDIS_URL) or memory; use through RateLimiter (lib/rate-limiter.ts). */
  rateLimitStore: RateLimitStore;
  /** Stripe (STRIPE_SECRET_KEY) or the built-in test checkout. */
  billing: BillingProvider;
  /** Company sources in COMPANY_SOURCES order: sample directory, VIES, GLEIF. */
  companySources: CompanySource[];
  /** The geocoders of GEOCODERS as one chain (Nominatim, offline gazetteer). */
  geocoder: DeadlineGeocoder;
  /** The offline map renderer (PNG). */
  maps: MapRenderer;
  /** openai (OPENAI_API_KEY) or the embedded engine. */
  analyst: Analyst;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
