// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { analytics } from '../../lib/analytics';
import { PLAN_STATUS_EVENT, readPlanStatus } from '../../entities/billing/plan-status';
import { isolateTests } from '../../../../test/web/isolate-tests';
import { fakeApi, json, renderPage, signedIn } from '../../../../test/web/billing-harness';
import { DashboardPage } from './dashboard-page';

const NEXT_YEAR = new Date().getFullYear() + 1;
const planStatus = (over: Record<string, unknown> = {}) => ({
  plan: '',
  allowed: true,
  reason: '',
  signup_credits: 3,
  credits: 0,
  limit_date: null,
  end_date: null,
  status: 'none',
  ...over,
});

isolateTests();

function serve(body: unknown, status = 200) {
  const api = fakeApi({ 'GET /api/stripe/plan-status': () => json(body, status) });
  vi.stubGlobal('fetch', api.fetchImpl);
  return api;
}

describe('/dashboard', () => {
  it('greets by first name and shows the free trial with the Risk Assessment tool', async () => {
    serve(planStatus({ signup_credits: 3 }));
    renderPage(<DashboardPage />, { auth: signedIn({ firstName: 'Ana' }) });

    expect(screen.getByRole('heading', { name: 'My Dashboard' })).toBeTruthy();
    expect(screen.getByText(/^(Working late|Good early morning|Good morning|Good afternoon|Good evening|Good night), Ana$/)).toBeTruthy();
    expect(await screen.findByText('Account Status: Free Trial')).toBeTruthy();
    expect(screen.getByText('No active subscription')).toBeTruthy();
    expect(screen.getByText('Free credits remaining').nextElementSibling?.textContent).toBe('3');

    const tools = screen.getByRole('region', { name: 'Your Tools' });
    expect(within(tools).getByText('Risk Assessment')).toBeTruthy();
    expect(within(tools).getByText('Free Trial')).toBeTruthy();
    expect(within(tools).getByRole('link', { name: /Launch Tool/ }).getAttribute('href')).toBe('/products/risk-assessment');

    expect(screen.getByRole('link', { name: 'Manage Plan' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe('/products');
    expect(screen.getByRole('link', { name: 'Account Settings' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'View All Plans' }).getAttribute('href')).toBe('/products');
    expect(screen.getByRole('link', { name: 'API keys' }).getAttribute('href')).toBe('/profile?tab=api-keys');
    expect(screen.getByText('Usage Analytics')).toBeTruthy();
  });

  it('stores the plan status and announces planStatusUpdated', async () => {
    serve(planStatus({ plan: 'basic_year', signup_credits: 0, credits: 97, status: 'active' }));
    const onUpdate = vi.fn();
    window.addEventListener(PLAN_STATUS_EVENT, onUpdate);
    renderPage(<DashboardPage />, { auth: signedIn() });
    await screen.findByText('Basic (Yearly)');
    window.removeEventListener(PLAN_STATUS_EVENT, onUpdate);
    expect(onUpdate).toHaveBeenCalled();
    expect(readPlanStatus()).toMatchObject({ plan: 'basic_year', credits: 97, status: 'active' });
  });

  it('shows the current plan with credits, reset and renewal dates', async () => {
    serve(
      planStatus({
        plan: 'basic_month',
        signup_credits: 0,
        credits: 42,
        status: 'active',
        limit_date: new Date(NEXT_YEAR, 2, 5, 12).toISOString(),
        end_date: new Date(NEXT_YEAR, 0, 20, 12).toISOString(),
      }),
    );
    renderPage(<DashboardPage />, { auth: signedIn() });
    expect(await screen.findByText('Current Plan')).toBeTruthy();
    expect(screen.getByText('Basic (Monthly)')).toBeTruthy();
    expect(screen.getByText('Credits remaining').nextElementSibling?.textContent).toBe('42');
    expect(screen.getByText('Next credit reset').nextElementSibling?.textContent).toBe(`5 Mar, ${NEXT_YEAR}`);
    expect(screen.getByText('Renewal date').nextElementSibling?.textContent).toBe(`20 Jan, ${NEXT_YEAR}`);
    const tools = screen.getByRole('region', { name: 'Your Tools' });
    expect(within(tools).getByRole('link', { name: /Launch Tool/ }).getAttribute('href')).toBe('/products/risk-assessment');
  });

  it("shows a coming-soon plan's tool as unavailable", async () => {
    serve(planStatus({ plan: 'premium_year', signup_credits: 0, credits: 500, status: 'active' }));
    renderPage(<DashboardPage />, { auth: signedIn() });
    const tools = await screen.findByRole('region', { name: 'Your Tools' });
    expect(await within(tools).findByText('Premium Assessment')).toBeTruthy();
    expect(within(tools).queryByRole('link', { name: /Launch Tool/ })).toBeNull();
  });

  it('lists the portfolios with an invitation to start one', async () => {
    const api = fakeApi({
      'GET /api/stripe/plan-status': () => json(planStatus({ plan: 'basic_year', signup_credits: 0, credits: 97, status: 'active' })),
      'GET /api/portfolios': () => json({ items: [] }),
    });
    vi.stubGlobal('fetch', api.fetchImpl);
    renderPage(<DashboardPage />, { auth: signedIn() });
    const section = screen.getByRole('region', { name: 'Portfolios' });
    expect((await within(section).findByRole('link', { name: /Assess a portfolio/ })).getAttribute('href')).toBe('/portfolio');
    // The spec's blocks stay as they were.
    expect(screen.getByRole('region', { name: 'Your Tools' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Recent reports' })).toBeTruthy();
  });

  it('shows No Active Plan without a plan or free credits', async () => {
    serve(planStatus({ signup_credits: 0 }));
    renderPage(<DashboardPage />, { auth: signedIn() });
    expect(await screen.findByText('No Active Plan')).toBeTruthy();
    expect(screen.getByText('Subscribe to a plan to access risk assessment tools')).toBeTruthy();
  });

  it('reports Failed to load plan information', async () => {
    serve({ detail: 'boom' }, 500);
    renderPage(<DashboardPage />, { auth: signedIn() });
    expect((await screen.findAllByText('Failed to load plan information')).length).toBeGreaterThan(0);
  });

  it('tracks a purchase on return from checkout, shows the toast and clears the query', async () => {
    serve(planStatus({ plan: 'basic_year', signup_credits: 0, credits: 100, status: 'active' }));
    const track = vi.spyOn(analytics, 'track');
    renderPage(<DashboardPage />, {
      auth: signedIn(),
      url: '/dashboard?payment_success=true&plan=basic&period=year&price=490',
    });
    expect(await screen.findByText('Successfully subscribed to Basic plan! Welcome to your dashboard.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(track).toHaveBeenCalledTimes(1);
    expect(track).toHaveBeenCalledWith('purchase', {
      currency: 'EUR',
      value: 490,
      items: [{ item_id: 'basic', item_name: 'Basic plan', item_variant: 'year', price: 490, quantity: 1 }],
    });
  });
});
