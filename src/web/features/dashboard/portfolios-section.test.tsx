// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortfolioSummary } from '../../../shared/contracts/portfolio';
import { fakeApi, json, renderPage, signedIn } from '../../../../test/web/billing-harness';
import { PortfoliosSection } from './portfolios-section';

const summary = (i: number, over: Partial<PortfolioSummary> = {}): PortfolioSummary => ({
  id: `p${i}`,
  name: `Book ${i}`,
  status: 'done',
  total: 10,
  done: 10,
  failed: 0,
  created_at: new Date(2026, 10, i).toISOString(),
  finished_at: new Date(2026, 10, i).toISOString(),
  ...over,
});

function serve(answer: () => Response) {
  const api = fakeApi({ 'GET /api/portfolios': answer });
  vi.stubGlobal('fetch', api.fetchImpl);
  return api;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('dashboard: Portfolios', () => {
  it('invites a first portfolio when there is none', async () => {
    serve(() => json({ items: [] }));
    renderPage(<PortfoliosSection />, { auth: signedIn() });
    const section = screen.getByRole('region', { name: 'Portfolios' });
    expect((await within(section).findByRole('link', { name: /Assess a portfolio/ })).getAttribute('href')).toBe('/portfolio');
    expect(within(section).getByText(/No portfolios yet/)).toBeTruthy();
  });

  it('lists the latest five with their state and progress, and links to all of them', async () => {
    serve(() =>
      json({
        items: [
          summary(7, { status: 'running', done: 3, failed: 1 }),
          summary(6, { status: 'queued', done: 0 }),
          summary(5, { failed: 2, done: 8 }),
          ...[4, 3, 2, 1].map((i) => summary(i)),
        ],
      }),
    );
    renderPage(<PortfoliosSection />, { auth: signedIn() });
    const section = screen.getByRole('region', { name: 'Portfolios' });
    const first = await within(section).findByRole('link', { name: 'Book 7' });
    expect(first.getAttribute('href')).toBe('/portfolio/p7');
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[0]!).getByText('Running')).toBeTruthy();
    expect(within(items[0]!).getByText('4/10')).toBeTruthy();
    expect(within(items[1]!).getByText('Queued')).toBeTruthy();
    expect(within(items[2]!).getByText('Done, 2 failed')).toBeTruthy();
    expect(within(items[3]!).getByText('Done')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'All 7 portfolios' }).getAttribute('href')).toBe('/portfolio');
    expect(within(section).getByRole('link', { name: /New portfolio/ }).getAttribute('href')).toBe('/portfolio');
  });

  it('offers a retry when the portfolios cannot be loaded', async () => {
    serve(() => json({ detail: 'boom' }, 500));
    renderPage(<PortfoliosSection />, { auth: signedIn() });
    expect(await screen.findByText('Your portfolios could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
