// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, signedIn } from '../../../test/web/billing-harness';
import { monitoringKeys, UNREAD_POLL_MS } from '../entities/monitoring/monitoring-api';
import { queryClient } from '../lib/query-client';
import { AlertsNavLink } from './alerts-nav-link';

let unread = 0;
let asked = 0;

function renderLink() {
  const router = createMemoryRouter([{ path: '*', element: <AlertsNavLink className={() => 'link'} /> }], { initialEntries: ['/home'] });
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  localStorage.clear();
  signedIn();
  unread = 0;
  asked = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/events/unread-count') return json({ detail: 'No handler' }, 404);
    asked++;
    return json({ count: unread });
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Alerts in the header', () => {
  it('shows the unread count, asks again every minute and after the inbox changes it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    unread = 3;
    renderLink();
    const link = await screen.findByRole('link', { name: 'Alerts 3 unread' });
    expect(link.getAttribute('href')).toBe('/events');

    unread = 120;
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS + 10));
    expect(await screen.findByRole('link', { name: 'Alerts 99+ unread' })).toBeTruthy();

    // An acknowledgement in the inbox invalidates the count: the badge follows at once.
    unread = 0;
    const before = asked;
    await act(() => queryClient.invalidateQueries({ queryKey: monitoringKeys.unread }));
    await waitFor(() => expect(asked).toBeGreaterThan(before));
    expect(await screen.findByRole('link', { name: 'Alerts' })).toBeTruthy();
  });
});
