// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PortfolioSummary } from '../../../shared/contracts/portfolio';
import { isolateTests } from '../../../../test/web/isolate-tests';
import { json } from '../../../../test/web/billing-harness';
import { renderPortfolio } from '../../../../test/web/portfolio-harness';
import { PORTFOLIO_ID, previewFixture, previewRow } from '../../../../test/web/portfolio-fixtures';

interface Call {
  method: string;
  path: string;
  json: unknown;
  form: FormData | null;
}

function serve(handlers: Record<string, (call: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: Call = {
      method,
      path: url.pathname,
      json: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
      form: init.body instanceof FormData ? init.body : null,
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    return handler ? handler(call) : json({ detail: `No handler for ${method} ${url.pathname}` }, 404);
  });
  return calls;
}

const summary = (over: Partial<PortfolioSummary> = {}): PortfolioSummary => ({
  id: PORTFOLIO_ID,
  name: 'Property book 2026',
  status: 'running',
  total: 20,
  done: 7,
  failed: 1,
  created_at: '2026-11-24T08:00:00.000Z',
  finished_at: null,
  ...over,
});

const render = () => renderPortfolio('/portfolio');
const location = () => screen.getByTestId('location').textContent;

isolateTests({ config: true });

describe('/portfolio', () => {
  it('explains the columns, offers the template and says when there are no portfolios yet', async () => {
    serve({ 'GET /api/portfolios': () => json({ items: [] }) });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Portfolios' })).toBeTruthy();
    expect(screen.getByText('Fiscal number')).toBeTruthy();
    expect(screen.getByText('Site address')).toBeTruthy();
    expect(screen.getByText(/one row per site, the same fiscal number/)).toBeTruthy();
    expect(screen.getByText(/Up to 500 rows per portfolio/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Download the CSV template/ })).toBeTruthy();
    expect(await screen.findByText('No portfolios yet')).toBeTruthy();
  });

  it('lists the portfolios with their state, progress and creation time, each linking to its screen', async () => {
    serve({
      'GET /api/portfolios': () =>
        json({ items: [summary(), summary({ id: 'p2', name: 'Fleet', status: 'done', total: 3, done: 3, failed: 0, finished_at: '2026-11-24T09:00:00.000Z' })] }),
    });
    render();
    const list = screen.getByRole('region', { name: 'Your portfolios' });
    const link = await within(list).findByRole('link', { name: 'Property book 2026' });
    expect(link.getAttribute('href')).toBe(`/portfolio/${PORTFOLIO_ID}`);
    expect(within(list).getByText('Running')).toBeTruthy();
    expect(within(list).getByText('8/20')).toBeTruthy();
    expect(within(list).getByRole('progressbar', { name: 'Progress of Property book 2026' }).getAttribute('aria-valuenow')).toBe('40');
    expect(within(list).getByText('Done')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Open portfolio Fleet' }).getAttribute('href')).toBe('/portfolio/p2');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    serve({ 'GET /api/portfolios': () => json({ detail: 'boom' }, 500) });
    render();
    expect(await screen.findByText('Your portfolios could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('uploads the file for a preview: every row, its problems highlighted in words, the counts and the cost', async () => {
    const calls = serve({
      'GET /api/portfolios': () => json({ items: [] }),
      'POST /api/portfolios/preview': () => json(previewFixture()),
    });
    render();
    const file = new File(['fiscal_number,country\nPT500697256,PT\n'], 'client_book-2026.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Portfolio file (CSV or XLSX)'), file);

    const panel = await screen.findByRole('region', { name: 'Check the rows' });
    const upload = calls.find((c) => c.path === '/api/portfolios/preview');
    expect(upload?.form?.get('file')).toBeInstanceOf(File);
    expect((upload?.form?.get('file') as File).name).toBe('client_book-2026.csv');

    expect(within(panel).getByText('Valid rows').nextElementSibling?.textContent).toBe('3');
    expect(within(panel).getByText('Rows with problems').nextElementSibling?.textContent).toBe('2');
    expect(within(panel).getByText(/of your/).textContent).toMatch(/3 of your 100 credits/);
    const table = within(panel).getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    const bad = within(table).getByText('The fiscal number PT500697257 fails its check digits.').closest('tr')!;
    expect(bad.getAttribute('data-invalid')).toBe('true');
    expect(bad.className).toMatch(/bg-red/);
    expect(within(table).getByText('Narnia is not an EU country name or ISO code.')).toBeTruthy();
    expect(within(table).getAllByText('OK')).toHaveLength(3);
    expect(within(panel).queryByRole('alert')).toBeNull();
    // The name comes from the file.
    expect((within(panel).getByLabelText('Portfolio name') as HTMLInputElement).value).toBe('client book 2026');

    await userEvent.click(within(panel).getByLabelText('Show only rows with problems'));
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // Nothing is created before the confirmation.
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/portfolios')).toBe(false);
  });

  it('takes a dropped file like a chosen one', async () => {
    const calls = serve({
      'GET /api/portfolios': () => json({ items: [] }),
      'POST /api/portfolios/preview': () => json(previewFixture()),
    });
    render();
    const zone = screen.getByTestId('portfolio-dropzone');
    const file = new File(['PT500697256,PT\n'], 'dropped.xlsx');
    fireEvent.dragEnter(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    expect(within(zone).getByText('Drop the file to check its rows')).toBeTruthy();
    fireEvent.drop(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    expect(await screen.findByRole('region', { name: 'Check the rows' })).toBeTruthy();
    expect((calls.find((c) => c.path === '/api/portfolios/preview')?.form?.get('file') as File).name).toBe('dropped.xlsx');
  });

  it('warns when the credits are short of the cost', async () => {
    serve({
      'GET /api/portfolios': () => json({ items: [] }),
      'POST /api/portfolios/preview': () => json(previewFixture({ credits: 2 })),
    });
    render();
    await userEvent.click(screen.getByRole('tab', { name: /Paste rows/ }));
    await userEvent.type(screen.getByLabelText(/Rows \(CSV/), 'PT500697256,PT');
    await userEvent.click(screen.getByRole('button', { name: 'Check rows' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/needs 3 credits and you have 2/);
    expect(within(alert).getByRole('link', { name: 'View plans' }).getAttribute('href')).toBe('/products');
  });

  it('sends pasted text, then confirms with the name and every row, and opens the new portfolio', async () => {
    const calls = serve({
      'GET /api/portfolios': () => json({ items: [] }),
      'POST /api/portfolios/preview': () => json(previewFixture()),
      'POST /api/portfolios': () => json({ id: PORTFOLIO_ID }, 201),
    });
    render();
    await userEvent.click(screen.getByRole('tab', { name: /Paste rows/ }));
    await userEvent.type(screen.getByLabelText(/Rows \(CSV/), 'PT500697256;PT;HQ');
    await userEvent.click(screen.getByRole('button', { name: 'Check rows' }));
    const panel = await screen.findByRole('region', { name: 'Check the rows' });
    expect(calls.find((c) => c.path === '/api/portfolios/preview')?.json).toEqual({ text: 'PT500697256;PT;HQ' });

    await userEvent.type(within(panel).getByLabelText('Portfolio name'), 'Book Q4');
    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm and assess 3 sites' }));
    await waitFor(() => expect(location()).toBe(`/portfolio/${PORTFOLIO_ID}`));
    const create = calls.find((c) => c.method === 'POST' && c.path === '/api/portfolios');
    expect(create?.json).toEqual({
      name: 'Book Q4',
      rows: [
        { fiscal_number: 'PT500697256', country: 'PT', reference: 'REF-2' },
        { fiscal_number: 'PT500697256', country: 'PT', reference: 'REF-3', site_address: 'Rua do Ouro 1, 4150-554 Porto' },
        { fiscal_number: 'PT500697257', country: 'PT', reference: 'REF-4' },
        { fiscal_number: 'DE143454214', country: 'Germany', reference: 'REF-5' },
        { fiscal_number: 'PT500697256', country: 'Narnia', reference: 'REF-6' },
      ],
    });
    expect(await screen.findByText('Portfolio created: 3 sites are being assessed.')).toBeTruthy();
  });

  it('cancel drops the preview and spends nothing', async () => {
    const calls = serve({
      'GET /api/portfolios': () => json({ items: [] }),
      'POST /api/portfolios/preview': () => json(previewFixture({ rows: [previewRow(2)], valid: 1, invalid: 0, cost: 1 })),
    });
    render();
    await userEvent.upload(screen.getByLabelText('Portfolio file (CSV or XLSX)'), new File(['x'], 'a.xlsx'));
    const panel = await screen.findByRole('region', { name: 'Check the rows' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Check the rows' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'New portfolio' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/portfolios/preview']);
  });

  it('cannot confirm when no row is valid', async () => {
    serve({
      'GET /api/portfolios': () => json({ items: [] }),
      'POST /api/portfolios/preview': () =>
        json(previewFixture({ rows: [previewRow(2, { problems: ['Same fiscal number as row 1, and no site address.'] })], valid: 0, invalid: 1, cost: 0 })),
    });
    render();
    await userEvent.upload(screen.getByLabelText('Portfolio file (CSV or XLSX)'), new File(['x'], 'a.csv'));
    const panel = await screen.findByRole('region', { name: 'Check the rows' });
    expect(within(panel).getByRole('alert').textContent).toMatch(/No row can be assessed/);
    expect((within(panel).getByRole('button', { name: /Confirm and assess 0 sites/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server’s reason when the file is refused, and refuses other file types itself', async () => {
    const calls = serve({
      'GET /api/portfolios': () => json({ items: [] }),
      'POST /api/portfolios/preview': () => json({ detail: 'The file has 612 rows; a portfolio holds at most 500.', code: 'too_many_rows' }, 400),
    });
    render();
    await userEvent.upload(screen.getByLabelText('Portfolio file (CSV or XLSX)'), new File(['x'], 'big.csv'));
    expect(await screen.findByText('The file has 612 rows; a portfolio holds at most 500.')).toBeTruthy();

    const input = screen.getByLabelText('Portfolio file (CSV or XLSX)');
    await userEvent.upload(input, new File(['%PDF'], 'book.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect((await screen.findAllByText(/book\.pdf is not a CSV or XLSX file/)).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.path === '/api/portfolios/preview')).toHaveLength(1);
  });

  it('asks for rows before checking an empty paste', async () => {
    const calls = serve({ 'GET /api/portfolios': () => json({ items: [] }) });
    render();
    await userEvent.click(screen.getByRole('tab', { name: /Paste rows/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Check rows' }));
    expect(await screen.findByText('Paste at least one row: a fiscal number and a country.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
