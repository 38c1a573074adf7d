// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MonitoringSetting } from '../../../shared/contracts/monitoring';
import { isolateTests } from '../../../../test/web/isolate-tests';
import { fakeApi, json, renderPage, signedIn } from '../../../../test/web/billing-harness';
import { MonitoringPanel, RUN_POLL_MS } from './monitoring-panel';

const ID = '0b6f8c9e-3c1a-4d7e-9a7b-2f1e5d4c3b2a';
const path = `/api/portfolios/${ID}/monitoring`;

const off: MonitoringSetting = {
  portfolio_id: ID,
  enabled: false,
  frequency: 'daily',
  reassess: 'never',
  last_checked_at: null,
  next_check_at: null,
  running: false,
};

function render() {
  return renderPage(<MonitoringPanel portfolioId={ID} />, { auth: signedIn() });
}
const panel = () => screen.getByRole('region', { name: 'Monitoring' });

isolateTests({ config: true });
afterEach(() => vi.useRealTimers());

describe('the Monitoring panel', () => {
  it('turns monitoring on from the keyboard, changes the frequency, and shows the next check', async () => {
    let stored = off;
    const api = fakeApi({
      [`GET ${path}`]: () => json(stored),
      [`PUT ${path}`]: (call) => {
        const body = call.body as Pick<MonitoringSetting, 'enabled' | 'frequency' | 'reassess'>;
        stored = { ...stored, ...body, next_check_at: body.enabled ? `${new Date().getFullYear()}-12-01T09:30:00.000Z` : null };
        return json(stored);
      },
    });
    vi.stubGlobal('fetch', api.fetchImpl);
    const user = userEvent.setup();
    render();

    const watch = await screen.findByRole('switch', { name: 'Watch this portfolio' });
    expect(watch.getAttribute('aria-checked')).toBe('false');
    expect(within(panel()).getByText('Not checked yet')).toBeTruthy();
    expect(within(panel()).getByText('Off: turn monitoring on to schedule checks')).toBeTruthy();
    expect(within(panel()).getByText(/spends one credit per site/)).toBeTruthy();

    watch.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Watch this portfolio' }).getAttribute('aria-checked')).toBe('true'));
    expect(await screen.findByText('Monitoring is on: the sites are checked daily.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: true, frequency: 'daily', reassess: 'never' });
    // The date rule: day and month within this year, then the local time.
    expect(within(panel()).getByText(/^1 Dec, \d\d:\d\d$/)).toBeTruthy();

    await user.selectOptions(within(panel()).getByLabelText('Check frequency'), 'monthly');
    expect(await screen.findByText('Monitoring is on: the sites are checked monthly.')).toBeTruthy();
    await user.selectOptions(within(panel()).getByLabelText('Re-assessment'), 'quarterly');
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(3));
    expect(api.calls.at(-1)?.body).toEqual({ enabled: true, frequency: 'monthly', reassess: 'quarterly' });
  });

  it('says so when the setting cannot be saved, and keeps the switch as it was', async () => {
    vi.stubGlobal('fetch', fakeApi({ [`GET ${path}`]: () => json(off), [`PUT ${path}`]: () => json({ detail: 'Portfolio not found', code: 'not_found' }, 404) }).fetchImpl);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('switch', { name: 'Watch this portfolio' }));
    expect(await screen.findByText('Portfolio not found')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Watch this portfolio' }).getAttribute('aria-checked')).toBe('false');
  });

  it('checks now, is disabled while the run is under way, and says when it has finished', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let setting: MonitoringSetting = { ...off, enabled: true, next_check_at: '2026-12-01T09:30:00.000Z' };
    const api = fakeApi({
      [`GET ${path}`]: () => json(setting),
      [`POST /api/portfolios/${ID}/check`]: () => {
        setting = { ...setting, running: true };
        return json({ run_id: 'r1', rows: 2 }, 202);
      },
    });
    vi.stubGlobal('fetch', api.fetchImpl);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    render();

    await user.click(await screen.findByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('Checking 2 sites now.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Check now' }) as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText('A check is under way…')).toBeTruthy();

    setting = { ...setting, running: false, last_checked_at: '2026-11-28T08:00:00.000Z' };
    await vi.advanceTimersByTimeAsync(RUN_POLL_MS + 100);
    expect(await screen.findByText('The check has finished. Any change found is in Alerts.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Check now' }) as HTMLButtonElement).disabled).toBe(false));
    expect(within(panel()).queryByText('Not checked yet')).toBeNull();
  });

  it('answers a check already under way with the server’s reason', async () => {
    const detail = 'A check of this portfolio is already under way. Wait for it to end before starting another.';
    vi.stubGlobal(
      'fetch',
      fakeApi({
        [`GET ${path}`]: () => json(off),
        [`POST /api/portfolios/${ID}/check`]: () => json({ detail, code: 'check_running' }, 409),
      }).fetchImpl,
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Check now' }));
    expect(await screen.findByText(detail)).toBeTruthy();
  });

  it('shows the failure with Retry when the setting cannot be loaded', async () => {
    let fail = true;
    vi.stubGlobal('fetch', fakeApi({ [`GET ${path}`]: () => (fail ? json({ detail: 'Service unavailable' }, 503) : json(off)) }).fetchImpl);
    const user = userEvent.setup();
    render();
    expect(await screen.findByText(/The monitoring setting could not be loaded/)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('switch', { name: 'Watch this portfolio' })).toBeTruthy();
  });
});
