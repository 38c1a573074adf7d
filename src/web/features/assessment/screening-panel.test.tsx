// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyFixture, hitFixture, matchScreeningFixture, resultFixture, screeningFixture, SCREENED_LISTS } from '../../../../test/web/report-fixtures';
import { makeTestToken } from '../../../../test/web/make-test-token';
import { jsonResponse, stubFetch } from '../../../../test/web/auth-harness';
import { installPublicConfig } from '../../../../test/web/test-config';
import { notScreened, type ReportScreening } from '../../../shared/contracts/screening';
import type { CompanyParty } from '../../../shared/contracts/assessment';
import { screeningTakeaway } from '../../../shared/reports/screening-takeaway';
import { NO_HIT_NOT_CLEAR_TEXT, NO_LISTS_TEXT, NOT_SCREENED_TEXT, SCREENING_TITLES } from '../../entities/report/report-format';
import { reportKeys, type LoadedReport } from '../../entities/report/reports-api';
import { formatDate, formatDateTime } from '../../lib/format';
import { ReportView } from './report-view';
import { t } from '../../lib/i18n';
import { screeningTexts } from './screening-panel';

const REPORT_ID = '3f2a1b9c-4d5e-4f60-8a7b-9c0d1e2f3a4b';

/** The lists' dates as the screens write them ('26 Nov' this year, '26 Nov, 2026' in another). */
const listDates = SCREENED_LISTS.map((l) => formatDate(l.generated_at)).join(', ');

function renderView(screening: ReportScreening | undefined, company = companyFixture()) {
  render(<ReportView company={company} result={resultFixture()} map={null} {...(screening ? { screening } : {})} />);
  return screen.getByRole('article', { name: 'Your Risk Assessment Report' });
}

/** The report screen reading its report from the query cache, as the assessment page does. */
function Reopened() {
  const { data } = useQuery<LoadedReport>({ queryKey: reportKeys.report(REPORT_ID), queryFn: () => Promise.reject(new Error('not fetched')), enabled: false });
  return data ? <ReportView company={data.company} result={data.result} map={null} screening={data.screening} reportId={data.reportId} /> : null;
}

function renderReopened(screening: ReportScreening, result = resultFixture()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const loaded: LoadedReport = { company: companyFixture(), result, map: null, screening, reportId: REPORT_ID };
  client.setQueryData(reportKeys.report(REPORT_ID), loaded);
  render(
    <QueryClientProvider client={client}>
      <Reopened />
      <Toaster />
    </QueryClientProvider>,
  );
  return client;
}

const banner = (status: keyof typeof SCREENING_TITLES) => screen.getByRole('region', { name: SCREENING_TITLES[status] });

beforeEach(() => {
  installPublicConfig();
  localStorage.setItem('access_token', makeTestToken({ expMs: Date.now() + 3_600_000 }));
});
afterEach(() => {
  toast.dismiss();
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the screening on the report screen', () => {
  it('clear: one quiet line naming the three lists and their dates, no banner', () => {
    const report = renderView(screeningFixture());
    expect(within(report).getByText(`No match on EU, UN, UK lists of ${listDates}`)).toBeTruthy();
    expect(within(report).queryByRole('region', { name: /sanctions match/i })).toBeNull();
    expect(within(report).queryByRole('alert')).toBeNull();
  });

  it('not screened (a report made before screening, or none given): a quiet line saying so', () => {
    expect(within(renderView(notScreened)).getByText(NOT_SCREENED_TEXT)).toBeTruthy();
    cleanup();
    expect(within(renderView(undefined)).getByText('Not screened against sanctions lists (report made before screening)')).toBeTruthy();
  });

  it('not cleared (screened, no hit, a stale or missing list): names the lists and why they cannot clear', () => {
    const lists = [{ list: 'EU' as const, generated_at: null, stale: true }, { list: 'UN' as const, generated_at: '2025-04-19T23:00:04.625Z', stale: true }];
    const view = renderView({ status: 'not_screened', screened_at: '2026-11-27T10:00:00.000Z', lists, hits: [] });
    expect(
      within(view).getByText(`Not cleared: no match on EU, UN lists of none held, ${formatDate('2025-04-19T23:00:04.625Z')} (stale), but a stale or missing list cannot clear a company`),
    ).toBeTruthy();
    cleanup();
    expect(within(renderView({ status: 'not_screened', screened_at: '2026-11-27T10:00:00.000Z', lists: [], hits: [] })).getByText(NO_LISTS_TEXT)).toBeTruthy();
  });

  it('match: a red banner directly under the header, a region with its heading, not an alert', () => {
    const report = renderView(matchScreeningFixture());
    const region = banner('match');
    expect(region.className).toMatch(/bg-red-50/);
    expect(within(region).getByRole('heading', { name: 'Sanctions match: cover must not be given without a licence' })).toBeTruthy();
    expect(report.querySelector('header')?.nextElementSibling).toBe(region);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(region).getByText(`Screened ${formatDateTime('2026-11-27T14:05:00.000Z')} against EU, UN, UK lists of ${listDates}`)).toBeTruthy();
  });

  it('shows each hit: list, entry, the listed name beside the matched one, subject, score, programme, date and reasons', () => {
    renderView(matchScreeningFixture());
    const hits = within(banner('match')).getByRole('list', { name: 'Sanctions hits' });
    expect(within(hits).getAllByRole('listitem', { name: /./ })).toHaveLength(2);
    const hit = within(hits).getByRole('listitem', { name: 'ООО Роснефтегаз Трейдинг' });
    expect(within(hit).getByText('Matched name (company)').nextElementSibling?.textContent).toBe('Rosneftegaz Trading s.r.o.');
    const facts = Object.fromEntries([...hit.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(facts).toEqual({ 'List:': 'EU', 'Entry:': 'EU.7382.45', 'Subject:': 'Company', 'Score:': '0.96', 'Programme:': 'RUS', 'Designated:': '2022-04-08' });
    const reasons = within(hit).getByRole('list', { name: 'Reasons for ООО Роснефтегаз Трейдинг' });
    expect(within(reasons).getAllByRole('listitem').map((li) => li.textContent)).toEqual(hitFixture().reasons);
    const owner = within(hits).getByRole('listitem', { name: 'Ivan Petrovich Sidorov' });
    expect(within(owner).getByText('Matched name (owner)')).toBeTruthy();
    expect(within(owner).getByText('owner Ivan Sidorov is listed (EU ownership and control rule)')).toBeTruthy();
    expect(within(owner).getByText('Designated:').nextElementSibling?.textContent).toBe('-');
  });

  it('shows a decision with its note, who and when; only open hits can be decided, and only on a stored report', () => {
    renderView(matchScreeningFixture());
    const owner = within(banner('match')).getByRole('listitem', { name: 'Ivan Petrovich Sidorov' });
    expect(within(owner).getByText('Decision: False positive')).toBeTruthy();
    expect(within(owner).getByText('Born 1988 in Brno, the listed person in 1961.')).toBeTruthy();
    expect(within(owner).getByText(`By anna@insurer.example on ${formatDateTime('2026-11-27T15:30:00.000Z')}`)).toBeTruthy();
    // Without the report's id (nothing stored to decide on) no hit offers a decision.
    expect(screen.queryByRole('button', { name: 'Mark false positive' })).toBeNull();
    cleanup();

    renderReopened(matchScreeningFixture());
    const company = within(banner('match')).getByRole('listitem', { name: 'ООО Роснефтегаз Трейдинг' });
    expect(within(company).getByRole('button', { name: 'Mark false positive' })).toBeTruthy();
    expect(within(company).getByRole('button', { name: 'Confirm match' })).toBeTruthy();
    const decided = within(banner('match')).getByRole('listitem', { name: 'Ivan Petrovich Sidorov' });
    expect(within(decided).queryByRole('button')).toBeNull();
  });

  it('possible match: an amber banner; a stale list says so, and without hits the banner says why it is not clear', () => {
    const lists = [SCREENED_LISTS[0]!, SCREENED_LISTS[1]!, { list: 'UK' as const, generated_at: '2026-10-02T12:00:00.000Z', stale: true }];
    renderView(screeningFixture({ status: 'possible_match', lists }));
    const region = banner('possible_match');
    expect(region.className).toMatch(/bg-amber-50/);
    expect(within(region).getByText(new RegExp(`EU, UN, UK lists of .*${formatDate('2026-10-02T12:00:00.000Z')} \\(stale\\)$`))).toBeTruthy();
    expect(within(region).getByText(NO_HIT_NOT_CLEAR_TEXT)).toBeTruthy();
  });

  it('cleared by false positives: the line counts them, each decided hit stays under it with its decision and nothing to decide', () => {
    const fp = (at: string) => ({ decision: 'false_positive' as const, note: 'Other registration number', decided_by: 'ana@example.com', decided_at: at });
    const hits = [hitFixture({ decision: fp('2026-11-27T16:00:00.000Z') }), hitFixture({ entry_id: 'EU.1.1', listed_name: 'Other Listed Holding', decision: fp('2026-11-27T16:05:00.000Z') })];
    renderReopened(screeningFixture({ hits }));
    expect(screen.queryByRole('region', { name: /sanctions match/i })).toBeNull();
    const region = screen.getByRole('region', { name: 'Sanctions screening' });
    expect(within(region).getByText(`No open match on EU, UN, UK lists of ${listDates}: 2 hits marked false positive`)).toBeTruthy();
    const list = within(region).getByRole('list', { name: 'Hits marked false positive' });
    const hit = within(list).getByRole('listitem', { name: 'ООО Роснефтегаз Трейдинг' });
    expect(within(hit).getByText('Decision: False positive')).toBeTruthy();
    expect(within(hit).getByText('Other registration number')).toBeTruthy();
    expect(within(hit).getByText(`By ana@example.com on ${formatDateTime('2026-11-27T16:00:00.000Z')}`)).toBeTruthy();
    expect(within(region).queryByRole('button')).toBeNull();
    // Opened as it is (no decision made here): the focus stays where it was.
    expect(region.contains(document.activeElement)).toBe(false);
    cleanup();

    // Not cleared (a stale list) with a false positive: the line says both.
    const stale = [{ list: 'EU' as const, generated_at: '2026-10-02T12:00:00.000Z', stale: true }];
    renderView(screeningFixture({ status: 'not_screened', lists: stale, hits: [hits[0]!] }));
    expect(
      screen.getByText(
        `Not cleared: no open match on EU list of ${formatDate('2026-10-02T12:00:00.000Z')} (stale) (1 hit marked false positive), but a stale or missing list cannot clear a company`,
      ),
    ).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Hits marked false positive' })).getAllByRole('listitem', { name: /./ })).toHaveLength(1);
  });

  it('lists the officers and owners in the company data, more than five folded under "Show all"', async () => {
    const owners: CompanyParty[] = Array.from({ length: 7 }, (_, i) => ({ name: `Owner ${i + 1} a.s.`, role: `${10 + i} %`, kind: 'enterprise' }));
    const company = companyFixture({ officers: [{ name: 'Jan Novák', role: 'jednatel', kind: 'person' }], owners });
    const block = within(renderView(screeningFixture(), company)).getByRole('region', { name: 'Company Data' });
    expect(within(within(block).getByRole('list', { name: 'Officers' })).getByRole('listitem').textContent).toBe('Jan Novák · jednatel');
    const list = within(block).getByRole('list', { name: 'Owners' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    const more = within(block).getByRole('button', { name: 'Show all 7 owners' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    more.focus();
    await userEvent.keyboard('{Enter}');
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toContain('Owner 7 a.s. · 16 %');
    expect(more.getAttribute('aria-expanded')).toBe('true');
    cleanup();
    const bare = within(renderView(screeningFixture())).getByRole('region', { name: 'Company Data' });
    expect(within(bare).queryByRole('list', { name: 'Officers' })).toBeNull();
  });
});

describe('deciding a hit', () => {
  /** The screening the server answers once the company hit is marked a false positive. */
  const decidedScreening = (): ReportScreening => {
    const before = matchScreeningFixture();
    const decision = { decision: 'false_positive' as const, note: 'Other registration number', decided_by: 'ana@example.com', decided_at: '2026-11-27T16:00:00.000Z' };
    return { ...before, status: 'possible_match', hits: [{ ...before.hits[0]!, decision }, before.hits[1]!] };
  };

  async function openDialog(action: 'Mark false positive' | 'Confirm match') {
    const hit = within(banner('match')).getByRole('listitem', { name: 'ООО Роснефтегаз Трейдинг' });
    await userEvent.click(within(hit).getByRole('button', { name: action }));
    return screen.findByRole('dialog');
  }

  it('posts report, entry, decision and note, then shows the answer in place of the buttons', async () => {
    const answer = decidedScreening();
    const api = stubFetch({ 'POST /api/screening/decisions': () => jsonResponse(200, answer) });
    const client = renderReopened(matchScreeningFixture());

    const dialog = await openDialog('Mark false positive');
    expect(within(dialog).getByRole('heading', { name: t(screeningTexts.dialogTitle.false_positive) })).toBeTruthy();
    const note = within(dialog).getByRole('textbox', { name: /^Note/ });
    expect(document.activeElement).toBe(note);
    await userEvent.type(note, '  Other registration number ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark false positive' }));

    expect(await screen.findByText(t(screeningTexts.recorded.false_positive))).toBeTruthy();
    expect(api.calls.map((c) => [c.method, c.url])).toEqual([['POST', '/api/screening/decisions']]);
    expect(api.calls[0]!.body).toEqual({ report_id: REPORT_ID, entry_id: 'EU.7382.45', decision: 'false_positive', note: 'Other registration number' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The report's screening is the answer: the banner follows its status, the hit shows its decision and has the focus.
    expect(client.getQueryData<LoadedReport>(reportKeys.report(REPORT_ID))?.screening).toEqual(answer);
    const hit = within(banner('possible_match')).getByRole('listitem', { name: 'ООО Роснефтегаз Трейдинг' });
    expect(within(hit).getByText('Decision: False positive')).toBeTruthy();
    expect(within(hit).queryByRole('button')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(hit));
  });

  it('the last open hit marked false positive: the banner and its takeaway go, the hit stays under the quiet line with the focus', async () => {
    const before = matchScreeningFixture();
    const decision = { decision: 'false_positive' as const, note: 'Other registration number', decided_by: 'ana@example.com', decided_at: '2026-11-27T16:00:00.000Z' };
    const answer: ReportScreening = { ...before, status: 'clear', hits: [{ ...before.hits[0]!, decision }, before.hits[1]!] };
    stubFetch({ 'POST /api/screening/decisions': () => jsonResponse(200, answer) });
    // The report as the server answered it: the match's takeaway first.
    const takeaway = screeningTakeaway(before, t)!;
    const result = resultFixture();
    const client = renderReopened(before, { ...result, key_takeaways_for_insurers: [takeaway, ...result.key_takeaways_for_insurers] });
    expect(screen.getByText(takeaway)).toBeTruthy();

    const dialog = await openDialog('Mark false positive');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Note/ }), 'Other registration number');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark false positive' }));
    expect(await screen.findByText(t(screeningTexts.recorded.false_positive))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(screen.queryByRole('region', { name: /sanctions match/i })).toBeNull();
    const region = screen.getByRole('region', { name: 'Sanctions screening' });
    expect(within(region).getByText(`No open match on EU, UN, UK lists of ${listDates}: 2 hits marked false positive`)).toBeTruthy();
    const hit = within(region).getByRole('listitem', { name: 'ООО Роснефтегаз Трейдинг' });
    expect(within(hit).getByText('Decision: False positive')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(hit));
    // The takeaways follow the screening, as the server words them on a reload.
    expect(screen.queryByText(takeaway)).toBeNull();
    expect(client.getQueryData<LoadedReport>(reportKeys.report(REPORT_ID))?.result.key_takeaways_for_insurers).toEqual(result.key_takeaways_for_insurers);
  });

  it('refuses a missing note before asking the server', async () => {
    const api = stubFetch({});
    renderReopened(matchScreeningFixture());
    const dialog = await openDialog('Confirm match');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Note/ }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm match' }));
    expect(await screen.findByText('Please say why in a note.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows the server’s refusal as a toast and keeps the dialog and the note', async () => {
    const api = stubFetch({ 'POST /api/screening/decisions': () => jsonResponse(404, { detail: 'Report not found' }) });
    renderReopened(matchScreeningFixture());
    const dialog = await openDialog('Confirm match');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Note/ }), 'Same registration number');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm match' }));
    expect(await screen.findByText('Report not found')).toBeTruthy();
    expect(api.calls[0]!.body).toMatchObject({ decision: 'confirmed', note: 'Same registration number' });
    expect((within(screen.getByRole('dialog')).getByRole('textbox', { name: /^Note/ }) as HTMLTextAreaElement).value).toBe('Same registration number');
  });

  it('closes with Escape, nothing sent, the focus back on its button', async () => {
    const api = stubFetch({});
    renderReopened(matchScreeningFixture());
    await openDialog('Mark false positive');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Mark false positive'));
    expect(api.calls).toHaveLength(0);
  });
});
