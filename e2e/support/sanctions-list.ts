import { euListXml, startListServer, type TestListEntry } from '../../test/sanctions-list-server.js';

/**
 * The EU sanctions list the browser tests' server downloads (serve.mjs starts this list server
 * and sets SANCTIONS_EU_URL to it; the UN and UK lists are off). It names one sample company that
 * no other spec uses, Latvenergo AS, by its registration number under a name unlike its own: the
 * identifier alone makes the match. Every other sample company screens clear against it.
 */

export const LISTED_COMPANY = { name: 'Latvenergo AS', fiscalNumber: 'LV40003032949', country: 'Latvia' } as const;

export const LISTED_ENTRY = {
  ref: 'EU.9101.17',
  subject: 'enterprise',
  names: ['Baltic Grid Power Trading'],
  programme: 'UKR',
  designationDate: '2024-02-23',
  identifiers: [['regnumber', '40003032949', 'LV']],
  countries: ['LV'],
} as const satisfies TestListEntry;

/** Starts the list server (its list generated now, so it is current); answers its URL. */
export async function startE2eListServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = await startListServer();
  const entry: TestListEntry = { ...LISTED_ENTRY, names: [...LISTED_ENTRY.names], identifiers: LISTED_ENTRY.identifiers.map((i) => [...i]), countries: [...LISTED_ENTRY.countries] };
  server.serve(euListXml([entry], new Date().toISOString()));
  return server;
}
