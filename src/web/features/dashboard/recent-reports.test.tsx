// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { ReportSummary } from '../../../shared/contracts/assessment-api';
import { isolateTests } from '../../../../test/web/isolate-tests';
import * as pdf from '../../entities/report/report-pdf';
import { companyFixture, resultFixture } from '../../../../test/web/report-fixtures';
import { RecentReports } from './recent-reports';
import { notScreened } from '../../../shared/contracts/screening';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const summary = (i: number, over: Partial<ReportSummary> = {}): ReportSummary => ({
  id: `rpt_${i}`,
  created_at: new Date(2024, 10, i).toISOString(),
  company_name: `Company ${i}`,
  country: 'Portugal',
  overallScore: 70 + i,
  overallScoreGrade: 'C',
  sample: false,
  ...over,
});

function serve(pages: Record<number, { items: ReportSummary[]; total: number }>, extra: Record<string, () => Response> = {}) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url.pathname + url.search);
    if (url.pathname === '/api/reports') {
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('page_size'));
      const p = pages[page] ?? { items: [], total: 0 };
      return json({ items: p.items, page, page_size: size, total: p.total });
    }
    const handler = extra[url.pathname];
    return handler ? handler() : json({ detail: 'not found' }, 404);
  });
  return calls;
}

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RecentReports />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

isolateTests({ config: true, signedIn: true });

describe('Recent reports', () => {
  it('lists the reports with grade, score, date and sample marker; each reopens in the tool', async () => {
    serve({ 1: { items: [summary(2, { sample: true, overallScoreGrade: 'B', overallScore: 84 }), summary(1)], total: 2 } });
    renderList();
    const section = screen.getByRole('region', { name: 'Recent reports' });
    const link = await within(section).findByRole('link', { name: 'Company 2' });
    expect(link.getAttribute('href')).toBe('/products/risk-assessment?report=rpt_2');
    expect(within(section).getByRole('link', { name: 'Open report: Company 1' }).getAttribute('href')).toBe(
      '/products/risk-assessment?report=rpt_1',
    );
    expect(within(section).getByText('84/100, grade B')).toBeTruthy();
    expect(within(section).getByText(/2 Nov, 2024/)).toBeTruthy();
    expect(within(section).getAllByText('Sample data')).toHaveLength(1);
    expect(within(section).queryByRole('navigation', { name: 'Report pages' })).toBeNull();
  });

  it('pages through the reports five at a time', async () => {
    const calls = serve({
      1: { items: [1, 2, 3, 4, 5].map((i) => summary(i)), total: 7 },
      2: { items: [6, 7].map((i) => summary(i)), total: 7 },
    });
    renderList();
    expect(await screen.findByText('1–5 of 7')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('link', { name: 'Company 7' })).toBeTruthy();
    expect(screen.getByText('6–7 of 7')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toContain('/api/reports?page=2&page_size=5');
  });

  it('invites a first assessment when there are no reports', async () => {
    serve({});
    renderList();
    expect(await screen.findByRole('link', { name: /Run your first assessment/ })).toBeTruthy();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    vi.stubGlobal('fetch', async () => json({ detail: 'boom' }, 500));
    renderList();
    expect(await screen.findByText('Your reports could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('downloads the PDF again from the stored report and its map', async () => {
    const result = resultFixture({ id: 'rpt_1' });
    const company = companyFixture();
    serve(
      { 1: { items: [summary(1)], total: 1 } },
      {
        '/api/reports/rpt_1': () => json({ company_data: company, result, screening: notScreened }),
        '/api/reports/rpt_1/map.png': () => new Response(new Uint8Array([0x89, 0x50]), { headers: { 'content-type': 'image/png' } }),
      },
    );
    const download = vi.spyOn(pdf, 'downloadReportPdf').mockResolvedValue('EDP,_S.A..pdf');
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF: Company 1' }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    const arg = download.mock.calls[0]![0];
    expect(arg.company).toEqual(company);
    expect(arg.result).toEqual(result);
    expect(arg.map?.type).toBe('image/png');
    expect(arg.productName).toBe('Corisk');
    expect(arg.screening).toEqual(notScreened);
  });
});
