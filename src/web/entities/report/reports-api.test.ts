import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { companyFixture, matchScreeningFixture, resultFixture } from '../../../../test/web/report-fixtures';
import type { ReportScreening } from '../../../shared/contracts/screening';
import { setLocale } from '../../lib/i18n';
import { reportKeys, setReportScreening, type LoadedReport } from './reports-api';

const REPORT_ID = '3f2a1b9c-4d5e-4f60-8a7b-9c0d1e2f3a4b';

/** The company's sanctions takeaway as the server writes it in a German report (`pdf.takeaway.sanctionsMatchProgramme`). */
const GERMAN_TAKEAWAY =
  'Sanktionstreffer: Rosneftegaz Trading s.r.o. entspricht dem Eintrag EU.7382.45 der Liste EU ("ООО Роснефтегаз Трейдинг", RUS). ' +
  'Ohne Genehmigung der zuständigen Behörde darf weder Deckung gewährt noch ein Schaden reguliert werden.';

const decided = (decision: 'confirmed' | 'false_positive') => ({ decision, note: 'Checked', decided_by: 'ana@example.com', decided_at: '2026-11-27T16:00:00.000Z' });

afterEach(() => setLocale('en'));

describe('a decision on a report read in German', () => {
  it('keeps the takeaways in German: a confirmed hit keeps its one takeaway, marked false positive it goes', async () => {
    await setLocale('de');
    // The report as GET /api/reports/{id}?lang=de answered it: the company's open hit, its takeaway first.
    const before = matchScreeningFixture();
    const result = resultFixture();
    const takeaways = [GERMAN_TAKEAWAY, ...result.key_takeaways_for_insurers];
    const client = new QueryClient();
    const loaded: LoadedReport = { company: companyFixture(), result: { ...result, key_takeaways_for_insurers: takeaways }, map: null, screening: before, reportId: REPORT_ID };
    client.setQueryData(reportKeys.report(REPORT_ID), loaded);
    const cached = () => client.getQueryData<LoadedReport>(reportKeys.report(REPORT_ID))!;

    // The company's hit confirmed: still a match on it, the same German sentence once.
    const confirmed: ReportScreening = { ...before, hits: [{ ...before.hits[0]!, decision: decided('confirmed') }, before.hits[1]!] };
    setReportScreening(client, REPORT_ID, confirmed);
    expect(cached().screening).toEqual(confirmed);
    expect(cached().result.key_takeaways_for_insurers).toEqual(takeaways);

    // Then marked a false positive: the match is cleared, its takeaway goes.
    const cleared: ReportScreening = { ...before, status: 'clear', hits: [{ ...before.hits[0]!, decision: decided('false_positive') }, before.hits[1]!] };
    setReportScreening(client, REPORT_ID, cleared);
    expect(cached().screening).toEqual(cleared);
    expect(cached().result.key_takeaways_for_insurers).toEqual(result.key_takeaways_for_insurers);
    expect(cached().result.key_takeaways_for_insurers.join(' ')).not.toMatch(/Sanktionstreffer|Sanctions match/);
  });

  it('a hit confirmed on an open report puts its German takeaway first, once', async () => {
    await setLocale('de');
    const before: ReportScreening = { ...matchScreeningFixture(), status: 'possible_match' };
    const result = resultFixture();
    const client = new QueryClient();
    client.setQueryData(reportKeys.report(REPORT_ID), { company: companyFixture(), result, map: null, screening: before, reportId: REPORT_ID } satisfies LoadedReport);
    const confirmed: ReportScreening = { ...before, status: 'match', hits: [{ ...before.hits[0]!, decision: decided('confirmed') }, before.hits[1]!] };
    setReportScreening(client, REPORT_ID, confirmed);
    const after = client.getQueryData<LoadedReport>(reportKeys.report(REPORT_ID))!.result.key_takeaways_for_insurers;
    expect(after).toEqual([GERMAN_TAKEAWAY, ...result.key_takeaways_for_insurers]);
    expect(after.join(' ')).not.toMatch(/Sanctions match|Cover must not be given/);
  });

  it('marks the same report cached in another language stale, so it is read anew with the decision', async () => {
    const client = new QueryClient();
    const report = (screening: ReportScreening): LoadedReport => ({ company: companyFixture(), result: resultFixture(), map: null, screening, reportId: REPORT_ID });
    client.setQueryData(reportKeys.report(REPORT_ID), report(matchScreeningFixture()));
    await setLocale('de');
    client.setQueryData(reportKeys.report(REPORT_ID), report(matchScreeningFixture()));
    setReportScreening(client, REPORT_ID, { ...matchScreeningFixture(), status: 'clear' });
    expect(client.getQueryState(['reports', 'report', REPORT_ID, 'en'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(reportKeys.report(REPORT_ID))?.isInvalidated).toBe(false);
  });
});
