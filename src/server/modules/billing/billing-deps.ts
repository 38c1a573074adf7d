import type { BillingPeriod, PlanTier } from '../../../shared/plans.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { UserCache } from '../../lib/user-cache.js';
import type { BillingProvider } from '../../providers/billing/billing-provider.js';
import type { Mailer } from '../../providers/mailer/mailer.js';

/** What every part of the billing service is built with (billing.service.ts wires them). */

export interface BillingLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface BillingServiceDeps {
  db: Db;
  config: Pick<Config, 'appUrl' | 'productName' | 'operator'>;
  provider: BillingProvider;
  /** Sends the receipt after a checkout; without one no receipt is sent. */
  mailer?: Mailer;
  log: BillingLog;
  /** Accounts kept between requests; told about every change this service makes. */
  cache: UserCache;
  now?: () => Date;
}

/** The deps with the clock chosen. */
export type BillingParts = BillingServiceDeps & { now: () => Date };

export type Plan = { tier: PlanTier; period: BillingPeriod };
