import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { BillingProvider } from './billing-provider.js';
import { StripeBillingProvider } from './stripe.js';
import { TestCheckoutProvider } from './test-checkout.js';

/**
 * `stripe` with STRIPE_SECRET_KEY; otherwise the built-in test checkout, which is available
 * only with dev tools (on outside production; in production only with ENABLE_DEV_TOOLS=true).
 * Production without either shows the prices but sells nothing (checkout answers 503).
 */
export function createBillingProvider(
  config: Pick<Config, 'stripe' | 'appUrl' | 'jwtSecret' | 'devTools'>,
  db: Db,
): BillingProvider {
  if (config.stripe) return new StripeBillingProvider(config.stripe);
  return new TestCheckoutProvider({ db, appUrl: config.appUrl, secret: config.jwtSecret, enabled: config.devTools });
}
