// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { isolateTests } from '../../../../test/web/isolate-tests';
import { companyFixture, resultFixture } from '../../../../test/web/report-fixtures';
import { notScreened } from '../../../shared/contracts/screening';
import { setLocale } from '../../lib/i18n';
import { loadReport } from './reports-api';

/** A stored report's map is asked for in the page's language, as the report itself (the PDF built from them too). */

isolateTests({ config: true, signedIn: true });

const REPORT_ID = '3f2a1b9c-4d5e-4f60-8a7b-9c0d1e2f3a4b';

function serve(): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url.pathname + url.search);
    if (url.pathname.endsWith('/map.png')) return new Response(new Uint8Array([0x89, 0x50]), { headers: { 'content-type': 'image/png' } });
    const body = { company_data: companyFixture(), result: resultFixture({ id: REPORT_ID }), screening: notScreened };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

describe("a report's map in the page's language", () => {
  it('asks for the map with lang= the page language, as for the report', async () => {
    try {
      for (const locale of ['de', 'pl', 'en'] as const) {
        await setLocale(locale);
        const calls = serve();
        const loaded = await loadReport(REPORT_ID);
        expect(loaded.map?.type).toBe('image/png');
        expect(calls.sort()).toEqual([`/api/reports/${REPORT_ID}/map.png?lang=${locale}`, `/api/reports/${REPORT_ID}?lang=${locale}`].sort());
      }
    } finally {
      await setLocale('en');
    }
  });
});
