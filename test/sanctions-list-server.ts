import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local list server answering like the EU Financial Sanctions Files: an `export` with its
 * `generationDate` and `sanctionEntity` elements in the published format, built from the few
 * entries a test names. Imported by tests only.
 */

export interface TestListEntry {
  ref: string;
  subject: 'enterprise' | 'person';
  names: string[];
  programme: string;
  designationDate?: string;
  /** [type, number, country]: e.g. ['fiscalcode', '500697256', 'PT']. */
  identifiers?: [string, string, string][];
  countries?: string[];
}

/** EDP (sample company PT500697256) listed under a name unlike its own: its fiscal code alone makes the match. */
export const EDP_LIST_ENTRY: TestListEntry = {
  ref: 'EU.9001.01',
  subject: 'enterprise',
  names: ['Lusitania Energy Trading Holdings'],
  programme: 'UKR',
  identifiers: [['fiscalcode', '500697256', 'PT']],
  countries: ['PT'],
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function euListXml(entries: TestListEntry[], generationDate: string): string {
  const entities = entries.map(
    (e, i) => `  <sanctionEntity designationDate="${e.designationDate ?? '2024-02-23'}" designationDetails="" unitedNationId="" euReferenceNumber="${e.ref}" logicalId="${9000 + i}">
    <regulation regulationType="amendment" organisationType="council" publicationDate="2024-02-23" entryIntoForceDate="2024-02-23" numberTitle="2024/745" programme="${e.programme}" logicalId="${8000 + i}" />
    <subjectType code="${e.subject}" classificationCode="${e.subject === 'person' ? 'P' : 'E'}" />
${e.names.map((n, j) => `    <nameAlias firstName="" middleName="" lastName="" wholeName="${esc(n)}" function="" title="" nameLanguage="EN" strong="true" regulationLanguage="en" logicalId="${7000 + i * 10 + j}" />`).join('\n')}
${(e.identifiers ?? []).map(([type, number, country], j) => `    <identification diplomatic="false" knownExpired="false" knownFalse="false" reportedLost="false" revokedByIssuer="false" issuedBy="" latinNumber="" nameOnDocument="" number="${number}" region="" identificationTypeCode="${type}" identificationTypeDescription="" countryIso2Code="${country}" countryDescription="" regulationLanguage="en" logicalId="${6000 + i * 10 + j}" />`).join('\n')}
${(e.countries ?? []).map((c, j) => `    <address city="" street="" poBox="" zipCode="" region="" place="" asAtListingTime="false" countryIso2Code="${c}" countryDescription="" regulationLanguage="en" logicalId="${5000 + i * 10 + j}" />`).join('\n')}
  </sanctionEntity>`,
  );
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="${generationDate}" globalFileId="1">
${entities.join('\n')}
</export>
`;
}

export interface ListServer {
  url: string;
  /** What the list URL answers from now on. */
  serve(xml: string): void;
  close(): Promise<void>;
}

export async function startListServer(): Promise<ListServer> {
  let body = euListXml([], new Date().toISOString());
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/eu.xml`,
    serve: (xml) => {
      body = xml;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
