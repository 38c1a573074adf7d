import type { PublicConfig } from '../../../shared/contracts/common.js';
import type { Config } from '../../config.js';

/** What the health check asks of the database (db/client.ts's Database). */
export interface DatabasePing {
  ping(timeoutMs: number): Promise<unknown>;
}

export function publicConfig(config: Config): PublicConfig {
  return {
    productName: config.productName,
    version: config.version,
    appUrl: config.appUrl,
    contactEmailInfo: config.contactEmailInfo,
    contactEmailSupport: config.contactEmailSupport,
    gaMeasurementId: config.gaMeasurementId ?? null,
    billingMode: config.stripe ? 'stripe' : 'test',
    devTools: config.devTools,
  };
}
