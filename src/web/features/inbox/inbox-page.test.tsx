// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MonitoringEvent } from '../../../shared/contracts/monitoring';
import { isolateTests } from '../../../../test/web/isolate-tests';
import { json, renderPage, signedIn } from '../../../../test/web/billing-harness';
import { InboxPage } from './inbox-page';

const BOOK = '0b6f8c9e-3c1a-4d7e-9a7b-2f1e5d4c3b2a';
const OTHER_BOOK = '1c7f9d0f-4d2b-4e8f-8b8c-3a2f6e5d4c3b';

const event = (n: number, overrides: Partial<MonitoringEvent> = {}): MonitoringEvent => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  portfolio_id: BOOK,
  row_id: `row-${n}`,
  fiscal_number: `FI0112038${n}`,
  country: 'FI',
  company_name: `Company ${n} Oy`,
  type: 'status_changed',
  old_value: 'active',
  new_value: 'dissolved',
  detected_at: `${new Date().getFullYear()}-03-0${n}T10:15:00.000Z`,
  acknowledged_at: null,
  report_id: `report-${n}`,
  ...overrides,
});

interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** A fake API holding the user's events (newest first as the inbox asks), pages of `pageSize`. */
function serve(initial: MonitoringEvent[], pageSize = 25) {
  let events = initial;
  const calls: Call[] = [];
  let failList = false;
  const matches = (e: MonitoringEvent, q: URLSearchParams) =>
    (!q.get('portfolio_id') || e.portfolio_id === q.get('portfolio_id')) && (!q.get('type') || e.type === q.get('type'));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    calls.push({ method, path: url.pathname, search: url.searchParams, body });
    const q = url.searchParams;
    if (method === 'GET' && url.pathname === '/api/events') {
      if (failList) return json({ detail: 'The events could not be read right now.' }, 503);
      expect(q.get('order')).toBe('desc');
      const list = events.filter((e) => matches(e, q));
      const start = q.get('cursor') ? Number(q.get('cursor')) : 0;
      const items = list.slice(start, start + pageSize);
      return json({ items, next: start + pageSize < list.length ? String(start + pageSize) : null });
    }
    if (method === 'GET' && url.pathname === '/api/events/unread-count') {
      return json({ count: events.filter((e) => matches(e, q) && !e.acknowledged_at).length });
    }
    if (method === 'GET' && url.pathname === '/api/portfolios') {
      return json({ items: [{ id: BOOK, name: 'Nordic book' }, { id: OTHER_BOOK, name: 'Iberian book' }].map((p) => ({ ...p, status: 'done', total: 1, done: 1, failed: 0, created_at: '2026-01-01T00:00:00.000Z', finished_at: '2026-01-01T00:01:00.000Z' })) });
    }
    if (method === 'POST' && url.pathname === '/api/events/acknowledge') {
      const f = new URLSearchParams(Object.entries(body as Record<string, string>));
      let n = 0;
      events = events.map((e) => (matches(e, f) && !e.acknowledged_at ? (n++, { ...e, acknowledged_at: '2026-11-28T09:00:00.000Z' }) : e));
      return json({ acknowledged: n });
    }
    const one = /^\/api\/events\/([^/]+)\/acknowledge$/.exec(url.pathname);
    if (method === 'POST' && one) {
      events = events.map((e) => (e.id === one[1] ? { ...e, acknowledged_at: '2026-11-28T09:00:00.000Z' } : e));
      return json(events.find((e) => e.id === one[1]));
    }
    return json({ detail: `No handler for ${method} ${url.pathname}` }, 404);
  });
  return {
    calls,
    failNextLists: (fail: boolean) => {
      failList = fail;
    },
  };
}

const render = (url = '/events') => renderPage(<InboxPage />, { auth: signedIn(), url });
const list = () => screen.getByRole('list', { name: 'Alerts' });
const items = () => within(list()).getAllByRole('listitem');

isolateTests({ config: true });

describe('/events', () => {
  it('lists each event with its company, VAT, type, change, date and a link to the latest report', async () => {
    serve([
      event(2, { type: 'sanctions_hit', old_value: null, new_value: 'EU consolidated list: KARAKAARI OY', company_name: 'Karakaari Oy' }),
      event(1, { type: 'name_changed', old_value: 'Nokia Oyj', new_value: 'Nokia Corporation', acknowledged_at: `${new Date().getFullYear()}-03-02T08:00:00.000Z` }),
    ]);
    render();
    await screen.findByRole('list', { name: 'Alerts' });
    const [first, second] = items();
    expect(first!.textContent).toContain('Karakaari Oy');
    expect(first!.textContent).toContain('FI01120382');
    expect(within(first!).getByText('Sanctions match')).toBeTruthy();
    expect(within(first!).getByText('EU consolidated list: KARAKAARI OY')).toBeTruthy();
    expect(within(first!).getByText('New')).toBeTruthy();
    expect(first!.textContent).toMatch(/Detected 2 Mar, \d\d:\d\d/);
    expect(within(first!).getByRole('link', { name: 'Latest report: Karakaari Oy' }).getAttribute('href')).toBe(
      `/products/risk-assessment?report=report-2&portfolio=${BOOK}`,
    );
    expect(await within(first!).findByRole('link', { name: 'Nordic book' })).toBeTruthy();

    expect(within(second!).getByText('Name changed')).toBeTruthy();
    expect(within(second!).getByText('Nokia Oyj → Nokia Corporation')).toBeTruthy();
    // Read already: no Acknowledge button, no New.
    expect(within(second!).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
    expect(within(second!).queryByText('New')).toBeNull();
    expect(await screen.findByText(/1 unread\./)).toBeTruthy();
  });

  it('acknowledges one event, and the count follows', async () => {
    const api = serve([event(2), event(1)]);
    const user = userEvent.setup();
    render();
    expect(await screen.findByText(/2 unread\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Acknowledge: Status changed, Company 2 Oy' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Acknowledge: Status changed, Company 2 Oy' })).toBeNull());
    expect(api.calls.some((c) => c.method === 'POST' && c.path === `/api/events/${event(2).id}/acknowledge`)).toBe(true);
    expect(await screen.findByText(/1 unread\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Acknowledge: Status changed, Company 1 Oy' })).toBeTruthy();
  });

  it('filters by portfolio and type (kept in the URL), and acknowledges all within the filters', async () => {
    const api = serve([
      event(4, { portfolio_id: OTHER_BOOK, company_name: 'Iberdrola SA' }),
      event(3, { type: 'address_changed', old_value: 'Karakaari 7', new_value: 'Karaportti 3' }),
      event(2),
      event(1),
    ]);
    const user = userEvent.setup();
    render();
    await screen.findByRole('list', { name: 'Alerts' });
    expect(items()).toHaveLength(4);

    await user.selectOptions(await screen.findByLabelText('Portfolio'), 'Nordic book');
    await user.selectOptions(screen.getByLabelText('Type'), 'Status changed');
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.getByTestId('location').textContent).toBe(`/events?portfolio=${BOOK}&type=status_changed`);
    expect(await screen.findByText(/2 unread in this view\./)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Acknowledge all shown' }));
    expect(await screen.findByText('2 events acknowledged.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/events/acknowledge')?.body).toEqual({ portfolio_id: BOOK, type: 'status_changed' });
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /^Acknowledge: / })).toHaveLength(0));
    expect((screen.getByRole('button', { name: 'Acknowledge all shown' }) as HTMLButtonElement).disabled).toBe(true);

    // The others were left unread.
    await user.selectOptions(screen.getByLabelText('Portfolio'), 'All portfolios');
    await user.selectOptions(screen.getByLabelText('Type'), 'All types');
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Acknowledge: / })).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Acknowledge all' })).toBeTruthy();
  });

  it('loads more, a page at a time, newest first', async () => {
    const api = serve(
      Array.from({ length: 30 }, (_, i) => event(30 - i, { id: `00000000-0000-4000-8000-${String(30 - i).padStart(12, '0')}`, company_name: `Company ${30 - i}` })),
    );
    const user = userEvent.setup();
    render();
    await screen.findByRole('list', { name: 'Alerts' });
    expect(items()).toHaveLength(25);
    expect(items()[0]!.textContent).toContain('Company 30');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(items()).toHaveLength(30));
    expect(items()[29]!.textContent).toContain('Company 1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.calls.filter((c) => c.path === '/api/events').map((c) => c.search.get('cursor'))).toEqual([null, '25']);
  });

  it('shows the empty state, and the failure with Retry', async () => {
    const api = serve([]);
    api.failNextLists(true);
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('The alerts could not be loaded')).toBeTruthy();
    expect(screen.getByText('The events could not be read right now.')).toBeTruthy();
    api.failNextLists(false);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No alerts yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Go to portfolios/ }).getAttribute('href')).toBe('/portfolio');
    expect((screen.getByRole('button', { name: 'Acknowledge all' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
