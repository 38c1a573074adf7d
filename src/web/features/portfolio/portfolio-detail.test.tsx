// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortfolioDetail } from '../../../shared/contracts/portfolio';
import { isolateTests } from '../../../../test/web/isolate-tests';
import { json } from '../../../../test/web/billing-harness';
import { renderPortfolio } from '../../../../test/web/portfolio-harness';
import { PORTFOLIO_ID, detailFixture, doneRow, row } from '../../../../test/web/portfolio-fixtures';
import { POLL_MS } from './portfolio-detail';
import * as pdf from './portfolio-pdf';

interface Call {
  method: string;
  path: string;
  auth: string | null;
}

const detailPath = `/api/portfolios/${PORTFOLIO_ID}`;

function serve(handlers: Record<string, (call: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call = { method, path: url.pathname, auth: new Headers(init.headers).get('authorization') };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    return handler ? handler(call) : json({ detail: `No handler for ${method} ${url.pathname}` }, 404);
  });
  return calls;
}

/** Answers GET detail with each answer in turn, then the last one again. */
function sequence(...answers: PortfolioDetail[]) {
  let i = 0;
  return () => json(answers[Math.min(i++, answers.length - 1)]);
}

const render = () => renderPortfolio(`/portfolio/${PORTFOLIO_ID}`);
const polls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === detailPath).length;

isolateTests({ config: true });
afterEach(() => vi.useRealTimers());

describe('/portfolio/:id', () => {
  it('shows live progress every 2 seconds until the run ends, then says so and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const running = detailFixture({
      status: 'running',
      total: 10,
      done: 2,
      failed: 1,
      finished_at: null,
      eta_seconds: 130,
      rows: [doneRow(2), doneRow(3), row(4, { status: 'failed', error: 'Company not found.' }), ...[5, 6, 7, 8, 9, 10, 11].map((l) => row(l))],
    });
    const later = { ...running, done: 6, eta_seconds: 40, rows: running.rows.map((r) => (r.row <= 7 && r.status === 'queued' ? doneRow(r.row) : r)) };
    const finished = {
      ...running,
      status: 'done' as const,
      done: 9,
      eta_seconds: null,
      finished_at: '2026-11-24T08:05:00.000Z',
      rows: running.rows.map((r) => (r.status === 'queued' ? doneRow(r.row) : r)),
    };
    const calls = serve({ [`GET ${detailPath}`]: sequence(running, later, finished), 'GET /api/portfolios': () => json({ items: [] }) });
    render();

    const bar = await screen.findByRole('progressbar', { name: 'Portfolio progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('30');
    expect(bar.getAttribute('aria-valuetext')).toBe('30%: 3 of 10 sites settled: 2 assessed, 1 failed');
    expect(screen.getByText('About 2 min left')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Assessing the sites' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Portfolio progress' }).getAttribute('aria-valuenow')).toBe('70'));
    expect(screen.getByText('About 40 s left')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(await screen.findByRole('heading', { name: 'Assessment finished' })).toBeTruthy();
    expect(await screen.findByText('Portfolio finished: 9 assessed, 1 failed.')).toBeTruthy();
    const asked = polls(calls);
    expect(asked).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 3));
    expect(polls(calls)).toBe(asked);
  });

  it('says why a row failed and retries it alone, then follows it again', async () => {
    const failed = detailFixture();
    const requeued = { ...failed, status: 'running' as const, failed: 0, finished_at: null, rows: failed.rows.map((r) => (r.row === 5 ? { ...r, status: 'queued' as const, error: undefined } : r)) };
    const calls = serve({
      [`GET ${detailPath}`]: sequence(failed, requeued),
      [`POST ${detailPath}/rows/row-5/retry`]: () => new Response(null, { status: 202 }),
    });
    render();
    const results = await screen.findByRole('region', { name: 'Sites' });
    const reason = within(results).getByText('The company register of Greece did not answer.').closest('tr')!;
    expect(within(reason.previousElementSibling as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(within(reason.previousElementSibling as HTMLElement).getByText('EL094019245')).toBeTruthy();
    await userEvent.click(within(reason).getByRole('button', { name: 'Retry row 5: EL094019245' }));
    expect(await screen.findByText('Row 5 is queued again.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === `${detailPath}/rows/row-5/retry` && c.auth?.startsWith('Bearer '))).toBe(true);
    await waitFor(() => expect(within(results).queryByText('The company register of Greece did not answer.')).toBeNull());
    expect(within(results).getByText('Queued')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Assessing the sites' })).toBeTruthy();
  });

  it('offers no Retry on a row refused at creation: its data must be corrected', async () => {
    serve({
      [`GET ${detailPath}`]: () =>
        json(
          detailFixture({
            rows: [
              row(2, { status: 'failed', error: 'Invalid VAT number for Greece.', retryable: false }),
              row(3, { status: 'failed', error: 'Company not found.', retryable: true }),
            ],
          }),
        ),
    });
    render();
    expect(await screen.findByText('Invalid VAT number for Greece.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Retry row/ }).map((b) => b.getAttribute('aria-label'))).toEqual([expect.stringMatching(/^Retry row 3/)]);
  });

  it("retries every failed row that can run with 'Retry all failed', and offers it only for two or more", async () => {
    const failedRows = [
      row(2, { status: 'failed', error: 'Invalid VAT number for Greece.', retryable: false }),
      row(3, { status: 'failed', error: 'Company not found.', retryable: true }),
      row(4, { status: 'failed', error: 'Company not found.', retryable: true }),
    ];
    const calls = serve({
      [`GET ${detailPath}`]: () => json(detailFixture({ rows: failedRows })),
      [`POST ${detailPath}/retry-failed`]: () => json({ retried: 2 }, 202),
    });
    render();
    expect(await screen.findByText('2 rows failed and can run again (a credit each when assessed).')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry all failed' }));
    expect(await screen.findByText('2 failed rows are queued again.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === `${detailPath}/retry-failed` && c.auth?.startsWith('Bearer '))).toBe(true);
  });

  it('shows the server’s reason when a retry is refused', async () => {
    serve({
      [`GET ${detailPath}`]: () => json(detailFixture()),
      [`POST ${detailPath}/rows/row-5/retry`]: () => json({ detail: 'This row has an invalid fiscal number: fix it in your file.', code: 'not_retryable' }, 409),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: /Retry row 5/ }));
    expect(await screen.findByText('This row has an invalid fiscal number: fix it in your file.')).toBeTruthy();
  });

  it('sorts the sites by a column header and filters them by grade, country, hazard, status and text', async () => {
    serve({ [`GET ${detailPath}`]: () => json(detailFixture()) });
    render();
    const results = await screen.findByRole('region', { name: 'Sites' });
    const table = within(results).getByRole('table');
    // The first cell of each site's row (a failed site's reason is on a line of its own, without a number).
    const order = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((tr) => tr.querySelector('td')?.textContent)
        .filter(Boolean);
    expect(order()).toEqual(['2', '3', '4', '5']);

    await userEvent.click(within(table).getByRole('button', { name: /^Score/ }));
    expect(order()).toEqual(['4', '2', '3', '5']);
    expect(within(table).getByRole('columnheader', { name: /Score/ }).getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(within(table).getByRole('button', { name: /^Score/ }));
    expect(order()).toEqual(['3', '2', '4', '5']);
    expect(within(table).getByRole('columnheader', { name: /Score/ }).getAttribute('aria-sort')).toBe('descending');
    await userEvent.click(within(table).getByRole('button', { name: /^Country/ }));
    expect(order()).toEqual(['3', '5', '2', '4']);

    await userEvent.selectOptions(within(results).getByLabelText('Grade'), 'F');
    expect(order()).toEqual(['4']);
    expect(within(results).getByText('1 of 4 sites shown')).toBeTruthy();
    await userEvent.click(within(results).getByRole('button', { name: 'Clear filters' }));
    expect(order()).toHaveLength(4);

    await userEvent.selectOptions(within(results).getByLabelText('Country'), 'Portugal');
    await userEvent.selectOptions(within(results).getByLabelText('Worst hazard'), 'Earthquake');
    expect(order()).toEqual(['2']);
    await userEvent.click(within(results).getByRole('button', { name: 'Clear filters' }));

    await userEvent.click(within(results).getByRole('button', { name: 'Show failed sites' }));
    expect(order()).toEqual(['5']);
    await userEvent.selectOptions(within(results).getByLabelText('Status'), '');
    await userEvent.type(within(results).getByLabelText('Search'), 'walldorf');
    expect(order()).toEqual(['3']);
    await userEvent.clear(within(results).getByLabelText('Search'));
    await userEvent.type(within(results).getByLabelText('Search'), 'nothing like this');
    expect(within(results).getByText('No site matches these filters.')).toBeTruthy();
  });

  it('shows each site’s sanctions screening, sorts matches first, narrows to the hits with "Hits only" and sums up the companies', async () => {
    const rows = [
      doneRow(2, { reference: 'Lisbon HQ', screening_status: 'match', screening_hits: 2 }),
      doneRow(3, { reference: 'Walldorf', fiscal_number: 'DE143454214', country: 'Germany', company_name: 'SAP SE', screening_status: 'clear', screening_hits: 0 }),
      // EDP again at another site: one company.
      doneRow(4, { reference: 'Porto plant', site_address: 'Rua do Ouro 1, 4150-554 Porto', screening_status: 'match', screening_hits: 2 }),
      doneRow(5, { reference: 'Madrid', fiscal_number: 'ESA28015865', country: 'ES', company_name: 'Telefonica SA', screening_status: 'possible_match', screening_hits: 1 }),
      doneRow(6, { reference: 'Espoo', fiscal_number: 'FI01120389', country: 'FI', company_name: 'Nokia Oyj', screening_status: 'not_screened', screening_hits: 0 }),
      row(7, { status: 'failed', reference: 'Athens', fiscal_number: 'EL094019245', country: 'GR', error: 'The company register of Greece did not answer.' }),
    ];
    serve({ [`GET ${detailPath}`]: () => json(detailFixture({ rows })) });
    render();
    const results = await screen.findByRole('region', { name: 'Sites' });
    const table = within(results).getByRole('table');
    const bodyRows = () => within(table).getAllByRole('row').slice(1).filter((tr) => !tr.hasAttribute('data-failed-reason'));
    const order = () => bodyRows().map((tr) => tr.querySelector('td')?.textContent);
    // The Sanctions column: the status in words, the open hits of a match or a possible match.
    const sanctionsAt = within(table).getAllByRole('columnheader').findIndex((th) => th.textContent?.startsWith('Sanctions'));
    expect(sanctionsAt).toBeGreaterThan(0);
    expect(bodyRows().map((tr) => tr.querySelectorAll('td')[sanctionsAt]!.textContent)).toEqual([
      'Match2 open hits',
      'Clear',
      'Match2 open hits',
      'Possible match1 open hit',
      'Not screened',
      '—',
    ]);

    // The summary counts companies, not sites.
    expect(screen.getByText(/^1 company is a sanctions match, 1 company is a possible match, 1 company is not screened against current lists\.$/)).toBeTruthy();

    await userEvent.click(within(table).getByRole('button', { name: /^Sanctions/ }));
    expect(order()).toEqual(['2', '4', '5', '6', '3', '7']);
    await userEvent.click(within(table).getByRole('button', { name: /^Row/ }));

    // "Hits only" from the keyboard: focused, the space bar toggles it.
    const hitsOnly = within(results).getByRole('checkbox', { name: 'Hits only' });
    hitsOnly.focus();
    await userEvent.keyboard(' ');
    expect((hitsOnly as HTMLInputElement).checked).toBe(true);
    expect(order()).toEqual(['2', '4', '5']);
    expect(within(results).getByText('3 of 6 sites shown')).toBeTruthy();
    // With the other filters.
    await userEvent.selectOptions(within(results).getByLabelText('Country'), 'Spain');
    expect(order()).toEqual(['5']);
    await userEvent.click(within(results).getByRole('button', { name: 'Clear filters' }));
    expect((hitsOnly as HTMLInputElement).checked).toBe(false);
    expect(order()).toHaveLength(6);
  });

  it('says so when "Hits only" finds no company on a sanctions list', async () => {
    const rows = [
      doneRow(2, { screening_status: 'clear', screening_hits: 0 }),
      doneRow(3, { fiscal_number: 'DE143454214', country: 'Germany', company_name: 'SAP SE', screening_status: 'clear', screening_hits: 0 }),
    ];
    serve({ [`GET ${detailPath}`]: () => json(detailFixture({ rows })) });
    render();
    const results = await screen.findByRole('region', { name: 'Sites' });
    expect(screen.getByText('2 companies screened, no sanctions match.')).toBeTruthy();
    await userEvent.click(within(results).getByRole('checkbox', { name: 'Hits only' }));
    expect(within(results).queryByRole('table')).toBeNull();
    expect(within(results).getByText('No company in this portfolio is a sanctions match or a possible match.')).toBeTruthy();
    expect(within(results).getByText('0 of 2 sites shown')).toBeTruthy();
  });

  it('opens each assessed site’s full report in the report screen, naming the portfolio to come back to', async () => {
    serve({ [`GET ${detailPath}`]: () => json(detailFixture()) });
    render();
    const results = await screen.findByRole('region', { name: 'Sites' });
    expect(within(results).getByRole('link', { name: 'SAP SE' }).getAttribute('href')).toBe(`/products/risk-assessment?report=rpt-3&portfolio=${PORTFOLIO_ID}`);
    expect(within(results).getByRole('link', { name: 'Open report: EDP, S.A. (Porto plant)' }).getAttribute('href')).toBe(
      `/products/risk-assessment?report=rpt-4&portfolio=${PORTFOLIO_ID}`,
    );
    expect(within(results).queryByRole('link', { name: /EL094019245/ })).toBeNull();
  });

  it('draws the grade distribution, the dominant hazards and every assessed site on the map', async () => {
    serve({ [`GET ${detailPath}`]: () => json(detailFixture()) });
    render();
    const grades = await screen.findByRole('region', { name: 'Grade distribution' });
    expect(within(grades).getByText('Average score 77/100')).toBeTruthy();
    const items = within(grades).getAllByRole('listitem').map((li) => li.textContent?.replace(/\s+/g, ' ').trim());
    expect(items).toEqual(['AGrade A: 1 (33%)', 'BGrade B: 1 (33%)', 'CGrade C: 0 (0%)', 'DGrade D: 0 (0%)', 'FGrade F: 1 (33%)']);
    const hazards = screen.getByRole('region', { name: 'Hazards that dominate the book' });
    expect(within(hazards).getAllByRole('listitem').map((li) => li.firstElementChild?.firstElementChild?.textContent)).toEqual([
      'Earthquake',
      'Flood',
      'Windstorm',
    ]);

    const map = await screen.findByRole('img', { name: /Map of the sites of Property book 2026/ });
    const dots = map.querySelectorAll('circle');
    expect(dots).toHaveLength(3);
    const titles = [...dots].map((d) => d.querySelector('title')?.textContent);
    expect(titles).toContain('Porto plant · EDP, S.A. (Rua do Ouro 1, 4150-554 Porto): grade F, 55/100');
    expect([...dots].map((d) => d.getAttribute('fill'))).toContain('rgb(185 28 28)');
    for (const d of dots) {
      const [cx, cy] = [Number(d.getAttribute('cx')), Number(d.getAttribute('cy'))];
      expect(cx).toBeGreaterThan(0);
      expect(cx).toBeLessThan(800);
      expect(cy).toBeGreaterThan(0);
      expect(cy).toBeLessThan(560);
    }
    expect(screen.getByRole('list', { name: 'Legend' }).textContent).toMatch(/F Very High Risk \(1\)/);
  });

  it('says a portfolio is not found (another user’s or unknown) and links back to the list', async () => {
    serve({ [`GET ${detailPath}`]: () => json({ detail: 'Portfolio not found', code: 'not_found' }, 404) });
    render();
    expect(await screen.findByRole('heading', { name: 'Portfolio not found' })).toBeTruthy();
    expect(screen.getByText('It does not exist or belongs to another account.')).toBeTruthy();
    for (const link of screen.getAllByRole('link', { name: /All portfolios/ })) expect(link.getAttribute('href')).toBe('/portfolio');
    // The screen says it; no toast repeats it.
    await new Promise((r) => setTimeout(r, 100));
    const toasts = [...document.querySelectorAll('[data-sonner-toast]')].map((t) => t.textContent ?? '');
    expect(toasts.filter((t) => /not found|could not be loaded/i.test(t))).toEqual([]);
  });

  it('shows the empty charts and map while nothing is assessed yet', async () => {
    serve({
      [`GET ${detailPath}`]: () =>
        json(detailFixture({ status: 'queued', done: 0, failed: 0, total: 2, finished_at: null, rows: [row(2), row(3)] })),
    });
    render();
    expect(await screen.findByText('The sites appear on the map as they are assessed.')).toBeTruthy();
    expect(screen.getByText('The grades appear here as the sites are assessed.')).toBeTruthy();
    expect(screen.getByText('Waiting for the first site to start…')).toBeTruthy();
  });

  it('says so when no site of a finished portfolio could be assessed', async () => {
    serve({
      [`GET ${detailPath}`]: () =>
        json(detailFixture({ rows: [row(2, { status: 'failed', error: 'No credits left.' }), row(3, { status: 'failed', error: 'No credits left.' })] })),
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Assessment finished' })).toBeTruthy();
    expect(screen.getAllByText('No site of this portfolio could be assessed: see why in the table below.')).toHaveLength(3);
    expect(screen.getAllByRole('button', { name: /^Retry row/ })).toHaveLength(2);
  });

  it('downloads the CSV export with the session token and saves it under the server’s name', async () => {
    const calls = serve({
      [`GET ${detailPath}`]: () => json(detailFixture()),
      [`GET ${detailPath}/export.csv`]: () =>
        new Response('reference,fiscal_number\r\nLisbon HQ,PT500697256\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="Property_book_2026.csv"' },
        }),
      [`GET ${detailPath}/export.xlsx`]: () => json({ detail: 'The export failed.' }, 500),
    });
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      created.push(b);
      return 'blob:export-1';
    });
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['Property_book_2026.csv blob:export-1']));
    expect(await created[0]!.text()).toContain('Lisbon HQ');
    expect(calls.find((c) => c.path.endsWith('/export.csv'))?.auth).toMatch(/^Bearer /);

    await userEvent.click(screen.getByRole('button', { name: 'Export XLSX' }));
    expect(await screen.findByText('The export failed.')).toBeTruthy();
    expect(saved).toHaveLength(1);
  });

  it('builds the PDF summary from the portfolio on screen', async () => {
    serve({ [`GET ${detailPath}`]: () => json(detailFixture()) });
    const download = vi.spyOn(pdf, 'downloadPortfolioPdf').mockResolvedValue('Property_book_2026_summary.pdf');
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'PDF summary' }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    expect(download.mock.calls[0]![0].name).toBe('Property book 2026');
    expect(download.mock.calls[0]![0].rows).toHaveLength(4);
    expect(download.mock.calls[0]![1]).toBe('Corisk');
  });
});
