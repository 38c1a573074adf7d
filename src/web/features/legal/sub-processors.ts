import type { OutsideService } from '../../../shared/contracts/common';
import type { OutsideServiceId } from '../../../shared/outside-services';
import { t } from '../../lib/i18n';

/** One line of the sub-processors page: a service this deployment really calls. */
export interface SubProcessorRow {
  id: OutsideServiceId;
  service: string;
  purpose: string;
  receives: string;
  hostedBy: string;
}

/** What the page says of a service: message ids, read in the reader's language when the page renders. */
interface Known {
  service: string;
  purpose: string;
  receives: string;
  /** Who runs the service at its default host, and where. */
  defaultHost?: { host: string; who: string };
  /** Where it runs when its default host does not apply, whatever host is called. */
  elsewhere?: string;
}

const localHosts = new Set(['localhost', '127.0.0.1', '::1']);

/** Registers and lookups receive the same: the number looked up, nothing about the reader. */
const FISCAL_NUMBER_ONLY = 'legal.subProcessors.receives.fiscalNumberOnly';

/** What the page says of each service. */
const known: Record<OutsideServiceId, Known> = {
  stripe: {
    service: 'legal.subProcessors.stripe.service',
    purpose: 'legal.subProcessors.stripe.purpose',
    receives: 'legal.subProcessors.stripe.receives',
    defaultHost: { host: 'api.stripe.com', who: 'legal.subProcessors.stripe.who' },
  },
  smtp: {
    service: 'legal.subProcessors.smtp.service',
    purpose: 'legal.subProcessors.smtp.purpose',
    receives: 'legal.subProcessors.smtp.receives',
  },
  'openai-compatible': {
    service: 'legal.subProcessors.openaiCompatible.service',
    purpose: 'legal.subProcessors.openaiCompatible.purpose',
    receives: 'legal.subProcessors.openaiCompatible.receives',
    defaultHost: { host: 'api.openai.com', who: 'legal.subProcessors.openaiCompatible.who' },
  },
  nominatim: {
    service: 'legal.subProcessors.nominatim.service',
    purpose: 'legal.subProcessors.nominatim.purpose',
    receives: 'legal.subProcessors.nominatim.receives',
    defaultHost: { host: 'nominatim.openstreetmap.org', who: 'legal.subProcessors.nominatim.who' },
  },
  vies: {
    service: 'legal.subProcessors.vies.service',
    purpose: 'legal.subProcessors.vies.purpose',
    receives: FISCAL_NUMBER_ONLY,
    defaultHost: { host: 'ec.europa.eu', who: 'legal.subProcessors.vies.who' },
  },
  gleif: {
    service: 'legal.subProcessors.gleif.service',
    purpose: 'legal.subProcessors.gleif.purpose',
    receives: FISCAL_NUMBER_ONLY,
    defaultHost: { host: 'api.gleif.org', who: 'legal.subProcessors.gleif.who' },
  },
  'registry-fr': {
    service: 'legal.subProcessors.registryFr.service',
    purpose: 'legal.subProcessors.registryFr.purpose',
    receives: FISCAL_NUMBER_ONLY,
    defaultHost: { host: 'recherche-entreprises.api.gouv.fr', who: 'legal.subProcessors.registryFr.who' },
  },
  'registry-cz': {
    service: 'legal.subProcessors.registryCz.service',
    purpose: 'legal.subProcessors.registryCz.purpose',
    receives: FISCAL_NUMBER_ONLY,
    defaultHost: { host: 'ares.gov.cz', who: 'legal.subProcessors.registryCz.who' },
  },
  'registry-fi': {
    service: 'legal.subProcessors.registryFi.service',
    purpose: 'legal.subProcessors.registryFi.purpose',
    receives: FISCAL_NUMBER_ONLY,
    defaultHost: { host: 'avoindata.prh.fi', who: 'legal.subProcessors.registryFi.who' },
  },
  'registry-pl': {
    service: 'legal.subProcessors.registryPl.service',
    purpose: 'legal.subProcessors.registryPl.purpose',
    receives: FISCAL_NUMBER_ONLY,
    defaultHost: { host: 'wl-api.mf.gov.pl', who: 'legal.subProcessors.registryPl.who' },
  },
  'registry-pl-krs': {
    service: 'legal.subProcessors.registryPlKrs.service',
    purpose: 'legal.subProcessors.registryPlKrs.purpose',
    receives: FISCAL_NUMBER_ONLY,
    defaultHost: { host: 'api-krs.ms.gov.pl', who: 'legal.subProcessors.registryPlKrs.who' },
  },
  'registry-ro': {
    service: 'legal.subProcessors.registryRo.service',
    purpose: 'legal.subProcessors.registryRo.purpose',
    receives: FISCAL_NUMBER_ONLY,
    defaultHost: { host: 'webservicesp.anaf.ro', who: 'legal.subProcessors.registryRo.who' },
  },
  'registry-se': {
    service: 'legal.subProcessors.registrySe.service',
    purpose: 'legal.subProcessors.registrySe.purpose',
    receives: FISCAL_NUMBER_ONLY,
    defaultHost: { host: 'gw.api.bolagsverket.se', who: 'legal.subProcessors.registrySe.who' },
  },
  'registry-el': {
    service: 'legal.subProcessors.registryEl.service',
    purpose: 'legal.subProcessors.registryEl.purpose',
    receives: FISCAL_NUMBER_ONLY,
    defaultHost: { host: 'opendata-api.businessportal.gr', who: 'legal.subProcessors.registryEl.who' },
  },
  'registry-dk': {
    service: 'legal.subProcessors.registryDk.service',
    purpose: 'legal.subProcessors.registryDk.purpose',
    receives: FISCAL_NUMBER_ONLY,
    defaultHost: { host: 'distribution.virk.dk', who: 'legal.subProcessors.registryDk.who' },
  },
  'registry-sk': {
    service: 'legal.subProcessors.registrySk.service',
    purpose: 'legal.subProcessors.registrySk.purpose',
    receives: FISCAL_NUMBER_ONLY,
    defaultHost: { host: 'www.registeruz.sk', who: 'legal.subProcessors.registrySk.who' },
  },
  'registry-sk-rpo': {
    service: 'legal.subProcessors.registrySkRpo.service',
    purpose: 'legal.subProcessors.registrySkRpo.purpose',
    receives: FISCAL_NUMBER_ONLY,
    defaultHost: { host: 'api.statistics.sk', who: 'legal.subProcessors.registrySkRpo.who' },
  },
  'google-analytics': {
    service: 'legal.subProcessors.googleAnalytics.service',
    purpose: 'legal.subProcessors.googleAnalytics.purpose',
    receives: 'legal.subProcessors.googleAnalytics.receives',
    defaultHost: { host: 'www.google-analytics.com', who: 'legal.subProcessors.googleAnalytics.who' },
  },
  postgresql: {
    service: 'legal.subProcessors.postgresql.service',
    purpose: 'legal.subProcessors.postgresql.purpose',
    receives: 'legal.subProcessors.postgresql.receives',
    elsewhere: 'legal.subProcessors.postgresql.elsewhere',
  },
  redis: {
    service: 'legal.subProcessors.redis.service',
    purpose: 'legal.subProcessors.redis.purpose',
    receives: 'legal.subProcessors.redis.receives',
    elsewhere: 'legal.subProcessors.redis.elsewhere',
  },
};

const asConfigured = (host: string | null) =>
  host ? t('legal.subProcessors.hostedBy.configuredHost', { host }) : t('legal.subProcessors.hostedBy.configured');

function hostedBy(entry: Known, host: string | null): string {
  if (entry.defaultHost && host === entry.defaultHost.host) return t('legal.subProcessors.hostedBy.defaultHost', { who: t(entry.defaultHost.who), host });
  // A local AI analyst runs on the operator's own machine.
  if (entry === known['openai-compatible'] && host && localHosts.has(host)) return t('legal.subProcessors.hostedBy.localMachine');
  return entry.elsewhere ? t(entry.elsewhere) : asConfigured(host);
}

/** The page's rows, in the order the server listed the services, in the reader's language (call while rendering). */
export function subProcessorRows(services: readonly OutsideService[]): SubProcessorRow[] {
  return services.map(({ id, host }) => {
    const entry = known[id];
    return { id, service: t(entry.service), purpose: t(entry.purpose), receives: t(entry.receives), hostedBy: hostedBy(entry, host) };
  });
}
