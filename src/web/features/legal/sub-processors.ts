import type { OutsideService } from '../../../shared/contracts/common';
import type { OutsideServiceId } from '../../../shared/outside-services';
import data from './sub-processors.json';

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
  /** Where it runs when its default host does not apply, whatever host is called. */
  elsewhere?: string;
}

const asConfigured = (host: string | null) => (host ? `${host}, as configured by the operator` : 'As configured by the operator');
const localHosts = new Set(['localhost', '127.0.0.1', '::1']);

/** What the page says of each service; the texts are in sub-processors.json. */
const known: Record<OutsideServiceId, Known> = data;

function hostedBy(entry: Known, host: string | null): string {
  if (entry.defaultHost && host === entry.defaultHost.host) return `${entry.defaultHost.who}, at ${host}`;
  // A local AI analyst runs on the operator's own machine.
  if (entry === known['openai-compatible'] && host && localHosts.has(host)) return 'On the operator’s own server (this machine)';
  return entry.elsewhere ?? asConfigured(host);
}

/** The page's rows, in the order the server listed the services. */
export function subProcessorRows(services: readonly OutsideService[]): SubProcessorRow[] {
  return services.map(({ id, host }) => {
    const entry = known[id];
    return { id, service: entry.service, purpose: entry.purpose, receives: entry.receives, hostedBy: hostedBy(entry, host) };
  });
}
