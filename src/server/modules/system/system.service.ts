import type { OutsideService, PublicConfig } from '../../../shared/contracts/common.js';
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
    operator: config.operator,
    outsideServices: outsideServices(config),
  };
}

const hostOf = (url: string): string => new URL(url).hostname.replace(/^\[|\]$/g, '');
const localHosts = new Set(['', 'localhost', '127.0.0.1', '::1']);

type ServiceConfig = Pick<
  Config,
  'stripe' | 'smtpUrl' | 'openai' | 'geocoders' | 'nominatimUrl' | 'companySources' | 'viesApiUrl' | 'gleifApiUrl' | 'registryUrls' | 'registryCredentials' | 'gaMeasurementId' | 'databaseUrl' | 'redisUrl'
>;

/**
 * The outside services this deployment calls, read from the same settings that choose the
 * providers: what its sub-processors page lists. Only host names are published (never a URL,
 * which may carry credentials), and none for the databases.
 */
export function outsideServices(config: ServiceConfig): OutsideService[] {
  const list: OutsideService[] = [];
  if (config.stripe) list.push({ id: 'stripe', host: hostOf(config.stripe.apiUrl ?? 'https://api.stripe.com') });
  if (config.smtpUrl) list.push({ id: 'smtp', host: hostOf(config.smtpUrl) });
  if (config.openai) list.push({ id: 'openai-compatible', host: hostOf(config.openai.baseUrl) });
  if (config.geocoders.includes('nominatim')) list.push({ id: 'nominatim', host: hostOf(config.nominatimUrl) });
  for (const source of config.companySources) {
    if (source === 'vies') list.push({ id: 'vies', host: hostOf(config.viesApiUrl) });
    if (source === 'gleif') list.push({ id: 'gleif', host: hostOf(config.gleifApiUrl) });
    if (source === 'registry') {
      const r = config.registryUrls;
      list.push(
        { id: 'registry-fr', host: hostOf(r.fr) },
        { id: 'registry-cz', host: hostOf(r.cz) },
        { id: 'registry-fi', host: hostOf(r.fi) },
        { id: 'registry-pl', host: hostOf(r.pl) },
        { id: 'registry-pl-krs', host: hostOf(r.plKrs) },
        { id: 'registry-ro', host: hostOf(r.ro) },
        { id: 'registry-sk', host: hostOf(r.sk) },
        { id: 'registry-sk-rpo', host: hostOf(r.skRpo) },
      );
      // The registers that need credentials are reached only once they are set.
      const c = config.registryCredentials;
      if (c.se) list.push({ id: 'registry-se', host: hostOf(r.se) });
      if (c.el) list.push({ id: 'registry-el', host: hostOf(r.el) });
      if (c.dk) list.push({ id: 'registry-dk', host: hostOf(r.dk) });
    }
  }
  if (config.gaMeasurementId) list.push({ id: 'google-analytics', host: 'www.google-analytics.com' });
  // A database on this machine is no outside service; one elsewhere is, whoever hosts it.
  if (config.databaseUrl && !localHosts.has(hostOf(config.databaseUrl))) list.push({ id: 'postgresql', host: null });
  if (config.redisUrl && !localHosts.has(hostOf(config.redisUrl))) list.push({ id: 'redis', host: null });
  return list;
}
