import type { OutsideService } from '../../../shared/contracts/common';
import type { OutsideServiceId } from '../../../shared/outside-services';

/** One line of the sub-processors page: a service this deployment really calls. */
export interface SubProcessorRow {
  id: OutsideServiceId;
  service: string;
  purpose: string;
  receives: string;
  hostedBy: string;
}

interface Known {
  service: string;
  purpose: string;
  receives: string;
  /** Who runs the service at its default host, and where. */
  defaultHost?: { host: string; who: string };
  /** Where it is hosted when no default applies; `host` is the host this deployment calls. */
  elsewhere?: (host: string | null) => string;
}

const asConfigured = (host: string | null) => (host ? `${host}, as configured by the operator` : 'As configured by the operator');
const localHosts = new Set(['localhost', '127.0.0.1', '::1']);

const registerReceives = 'The fiscal number being looked up and its country; no data about you.';

const known: Record<OutsideServiceId, Known> = {
  stripe: {
    service: 'Stripe',
    purpose: 'Payments, subscriptions and invoices',
    receives:
      'Your e-mail address and name, the plan and billing period you choose, and the payment details you enter on Stripe’s checkout page (card data never reaches this server).',
    defaultHost: { host: 'api.stripe.com', who: 'Stripe Payments Europe, Ltd. (Ireland)' },
  },
  smtp: {
    service: 'E-mail delivery (SMTP)',
    purpose: 'Service e-mails: account confirmation, password reset, subscription notices',
    receives: 'The recipient’s e-mail address and name, and the content of the e-mail.',
  },
  'openai-compatible': {
    service: 'AI analyst (OpenAI-compatible API)',
    purpose: 'Rates the location and industry risks of an assessment; the scores and grade are computed by our own code',
    receives:
      'The company’s name, address, activity and coordinates, the hazard indicators computed for the site, and the location map image. No account data.',
    defaultHost: { host: 'api.openai.com', who: 'OpenAI (its API platform; where it processes data follows the operator’s agreement with OpenAI)' },
    elsewhere: (host) =>
      host && localHosts.has(host) ? 'On the operator’s own server (this machine)' : asConfigured(host),
  },
  nominatim: {
    service: 'Geocoding (Nominatim)',
    purpose: 'Places the company’s address on the map',
    receives: 'The company’s address (street, postal code, city, country). No data about you.',
    defaultHost: { host: 'nominatim.openstreetmap.org', who: 'OpenStreetMap Foundation (United Kingdom)' },
  },
  vies: {
    service: 'VIES VAT number check',
    purpose: 'Confirms a VAT number and returns the registered name and address',
    receives: registerReceives,
    defaultHost: { host: 'ec.europa.eu', who: 'European Commission (European Union)' },
  },
  gleif: {
    service: 'GLEIF LEI lookup',
    purpose: 'Finds the legal entity behind a registration number',
    receives: registerReceives,
    defaultHost: { host: 'api.gleif.org', who: 'Global Legal Entity Identifier Foundation (Switzerland)' },
  },
  'registry-fr': {
    service: 'French company register (Recherche d’entreprises)',
    purpose: 'Company name, address and activity of French companies',
    receives: registerReceives,
    defaultHost: { host: 'recherche-entreprises.api.gouv.fr', who: 'French State, DINUM (France)' },
  },
  'registry-cz': {
    service: 'Czech company register (ARES)',
    purpose: 'Company name, address and activity of Czech companies',
    receives: registerReceives,
    defaultHost: { host: 'ares.gov.cz', who: 'Ministry of Finance of the Czech Republic (Czechia)' },
  },
  'registry-fi': {
    service: 'Finnish company register (PRH YTJ open data)',
    purpose: 'Company name, address and activity of Finnish companies',
    receives: registerReceives,
    defaultHost: { host: 'avoindata.prh.fi', who: 'Finnish Patent and Registration Office (Finland)' },
  },
  'registry-pl': {
    service: 'Polish VAT White List',
    purpose: 'Company name and address of Polish companies',
    receives: registerReceives,
    defaultHost: { host: 'wl-api.mf.gov.pl', who: 'Ministry of Finance (Poland)' },
  },
  'registry-pl-krs': {
    service: 'Polish court register (KRS)',
    purpose: 'Activity of Polish companies',
    receives: registerReceives,
    defaultHost: { host: 'api-krs.ms.gov.pl', who: 'Ministry of Justice (Poland)' },
  },
  'registry-ro': {
    service: 'Romanian tax register (ANAF)',
    purpose: 'Company name, address and activity of Romanian companies',
    receives: registerReceives,
    defaultHost: { host: 'webservicesp.anaf.ro', who: 'National Agency for Fiscal Administration, ANAF (Romania)' },
  },
  'google-analytics': {
    service: 'Google Analytics',
    purpose: 'Usage statistics, only after you accept analytics cookies',
    receives: 'Pages viewed, events such as a completed purchase, browser and device information, and an anonymised IP address.',
    defaultHost: { host: 'www.google-analytics.com', who: 'Google Ireland Limited (Ireland); Google may process data in the United States' },
  },
  postgresql: {
    service: 'PostgreSQL database',
    purpose: 'Stores accounts, subscriptions, reports and portfolios',
    receives: 'Everything the Service stores.',
    elsewhere: () => 'A database server apart from the application, as configured by the operator',
  },
  redis: {
    service: 'Redis',
    purpose: 'Rate-limit counters shared by the application’s instances',
    receives: 'Request counters keyed by account, API key or IP address.',
    elsewhere: () => 'A Redis server apart from the application, as configured by the operator',
  },
};

function hostedBy(entry: Known, host: string | null): string {
  if (entry.defaultHost && host === entry.defaultHost.host) return `${entry.defaultHost.who}, at ${host}`;
  return (entry.elsewhere ?? asConfigured)(host);
}

/** The page's rows, in the order the server listed the services. */
export function subProcessorRows(services: readonly OutsideService[]): SubProcessorRow[] {
  return services.map(({ id, host }) => {
    const entry = known[id];
    return { id, service: entry.service, purpose: entry.purpose, receives: entry.receives, hostedBy: hostedBy(entry, host) };
  });
}
