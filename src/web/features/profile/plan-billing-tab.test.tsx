// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Subscription } from '../../../shared/contracts/billing';
import { browserNavigation } from '../../entities/billing/billing-api';
import { isolateTests } from '../../../../test/web/isolate-tests';
import { fakeApi, json, renderPage, signedIn, type Handler } from '../../../../test/web/billing-harness';
import { setLocale, t } from '../../lib/i18n';
import { CANCEL_CONFIRMATION, PlanBillingTab } from './plan-billing-tab';

const NEXT_YEAR = new Date().getFullYear() + 1;
const active = (over: Partial<Subscription> = {}): Subscription => ({
  plan: 'basic_year',
  status: 'active',
  credits: 87,
  limit_date: new Date(NEXT_YEAR, 3, 2, 12).toISOString(),
  end_date: new Date(NEXT_YEAR, 3, 2, 12).toISOString(),
  cancel_at_period_end: false,
  active: true,
  ...over,
});
const planStatus = { plan: 'basic_year', allowed: true, reason: '', signup_credits: 0, credits: 87, limit_date: null, end_date: null, status: 'active' };

isolateTests();

function serve(handlers: Record<string, Handler>) {
  const api = fakeApi({ 'GET /api/stripe/plan-status': () => json(planStatus), ...handlers });
  vi.stubGlobal('fetch', api.fetchImpl);
  return api;
}

describe('Plan & Billing tab', () => {
  it('shows status, plan, credits, reset date and period end', async () => {
    serve({ 'GET /api/stripe/subscription': () => json(active()) });
    renderPage(<PlanBillingTab />, { auth: signedIn() });
    expect(await screen.findByText('Status:')).toBeTruthy();
    expect(screen.getByText('Active').closest('[data-status]')?.getAttribute('data-status')).toBe('active');
    expect(screen.getByText('Basic (Yearly)')).toBeTruthy();
    expect(screen.getByText('Credits remaining').nextElementSibling?.textContent).toBe('87');
    expect(screen.getByText('Credit reset date').nextElementSibling?.textContent).toBe(`2 Apr, ${NEXT_YEAR}`);
    expect(screen.getByText('Current period ends').nextElementSibling?.textContent).toBe(`2 Apr, ${NEXT_YEAR}`);
  });

  it('shows the billing details given at checkout, with the reverse charge for another member state', async () => {
    const details = { company_name: 'Acme S.p.A.', address: 'Via Roma 1, 20121 Milano', country: 'IT', vat_id: 'IT00743110157', vat_status: 'valid' as const, vat_problem: null, reverse_charge: true };
    serve({ 'GET /api/stripe/subscription': () => json(active({ billing_details: details })) });
    renderPage(<PlanBillingTab />, { auth: signedIn() });
    const box = await screen.findByRole('region', { name: 'Billing details' });
    expect(within(box).getByText('Acme S.p.A.')).toBeTruthy();
    expect(within(box).getByText('VAT ID: IT00743110157')).toBeTruthy();
    expect(within(box).getByText('Reverse charge: VAT to be accounted for by the recipient, Art. 196 Directive 2006/112/EC')).toBeTruthy();
  });

  it('writes an invalid VAT ID’s problem in the reader’s language', async () => {
    const details = {
      company_name: 'Acme S.p.A.', address: 'Via Roma 1, 20121 Milano', country: 'IT', vat_id: 'IT00743110158', vat_status: 'invalid' as const,
      vat_problem: 'Invalid VAT number for Italy: the check digit does not match. Please check the number.',
      vat_problem_text: { id: 'validation.vat.checkDigit', values: { country: { id: 'country.IT' } } },
      reverse_charge: false,
    };
    serve({ 'GET /api/stripe/subscription': () => json(active({ billing_details: details })) });
    await setLocale('de');
    try {
      renderPage(<PlanBillingTab />, { auth: signedIn() });
      const box = await screen.findByRole('region', { name: t('profile.billing.details') });
      expect(box.textContent).toContain('Ungültige USt-IdNr. (Italien): Die Prüfziffer stimmt nicht');
      expect(box.textContent).not.toContain('check digit');
    } finally {
      await setLocale('en');
    }
  });

  it.each([
    ['canceled', 'Canceled', 'text-red-700'],
    ['past_due', 'Past due', 'text-amber-800'],
    ['incomplete', 'Incomplete', 'text-slate-700'],
  ] as const)('colours the %s status', async (status, label, colour) => {
    serve({ 'GET /api/stripe/subscription': () => json(active({ status, active: false })) });
    renderPage(<PlanBillingTab />, { auth: signedIn() });
    expect(await screen.findByText('No Active Subscription')).toBeTruthy();
    const pill = screen.getByText(label).closest('[data-status]');
    expect(pill?.className).toContain(colour);
  });

  it('shows No Active Subscription with a link to /products', async () => {
    serve({
      'GET /api/stripe/subscription': () =>
        json({ plan: '', status: 'none', credits: 0, limit_date: null, end_date: null, cancel_at_period_end: false, active: false }),
    });
    renderPage(<PlanBillingTab />, { auth: signedIn() });
    expect(await screen.findByText('No Active Subscription')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe('/products');
    expect(screen.queryByRole('button', { name: 'Manage Billing' })).toBeNull();
  });

  it('cancels after confirmation, then reactivates, reloading each time', async () => {
    let sub = active();
    const api = serve({
      'GET /api/stripe/subscription': () => json(sub),
      'POST /api/stripe/subscription/cancel': () => {
        sub = active({ cancel_at_period_end: true });
        return json({ detail: 'Subscription scheduled for cancellation', subscription: sub });
      },
      'POST /api/stripe/subscription/reactivate': () => {
        sub = active();
        return json({ detail: 'Subscription reactivated successfully', subscription: sub });
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderPage(<PlanBillingTab />, { auth: signedIn() });

    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    expect(confirm).toHaveBeenCalledWith(t(CANCEL_CONFIRMATION));
    expect(t(CANCEL_CONFIRMATION)).toBe(
      'Are you sure you want to cancel your subscription? It will remain active until the end of your billing period.',
    );
    expect(await screen.findByText('Subscription scheduled for cancellation')).toBeTruthy();
    expect(await screen.findByText('Will cancel at period end')).toBeTruthy();
    expect(screen.getByText(/reactivate it any time before then/)).toBeTruthy();
    expect(screen.getByText('Access ends')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Reactivate Subscription' }));
    expect(await screen.findByText('Subscription reactivated successfully')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Cancel Subscription' })).toBeTruthy();
    expect(screen.queryByText('Will cancel at period end')).toBeNull();
    expect(api.calls.filter((c) => c.method === 'GET' && c.path === '/api/stripe/subscription').length).toBe(3);
  });

  it('does nothing when the cancellation is not confirmed', async () => {
    const api = serve({ 'GET /api/stripe/subscription': () => json(active()) });
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderPage(<PlanBillingTab />, { auth: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    expect(api.calls.some((c) => c.path === '/api/stripe/subscription/cancel')).toBe(false);
  });

  it('opens the billing portal', async () => {
    serve({
      'GET /api/stripe/subscription': () => json(active()),
      'GET /api/stripe/subscription/billing-portal': () => json({ url: 'https://billing.example/session' }),
    });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    renderPage(<PlanBillingTab />, { auth: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Billing' }));
    expect(assign).toHaveBeenCalledWith('https://billing.example/session');
  });

  const network = () => {
    throw new TypeError('Failed to fetch');
  };

  it.each([
    ['Manage Billing', 'GET /api/stripe/subscription/billing-portal', 'Failed to access billing portal', 'Error accessing billing portal'],
    ['Cancel Subscription', 'POST /api/stripe/subscription/cancel', 'Failed to cancel subscription', 'Error canceling subscription'],
  ])('%s shows the detail, the fallback, or the network message', async (button, route, failed, networkMessage) => {
    let mode: 'detail' | 'plain' | 'network' = 'detail';
    serve({
      'GET /api/stripe/subscription': () => json(active()),
      [route]: () => (mode === 'detail' ? json({ detail: `${button}: Stripe said no` }, 400) : mode === 'plain' ? json({}, 502) : network()),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderPage(<PlanBillingTab />, { auth: signedIn() });
    const click = async () => userEvent.click(await screen.findByRole('button', { name: button }));
    await click();
    expect(await screen.findByText(`${button}: Stripe said no`)).toBeTruthy();
    mode = 'plain';
    await click();
    expect(await screen.findByText(failed)).toBeTruthy();
    mode = 'network';
    await click();
    expect(await screen.findByText(networkMessage)).toBeTruthy();
  });

  it('reactivate errors use their own messages', async () => {
    let mode: 'plain' | 'network' = 'plain';
    serve({
      'GET /api/stripe/subscription': () => json(active({ cancel_at_period_end: true })),
      'POST /api/stripe/subscription/reactivate': () => (mode === 'plain' ? json({}, 500) : network()),
    });
    renderPage(<PlanBillingTab />, { auth: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Reactivate Subscription' }));
    expect(await screen.findByText('Failed to reactivate subscription')).toBeTruthy();
    mode = 'network';
    await userEvent.click(screen.getByRole('button', { name: 'Reactivate Subscription' }));
    expect(await screen.findByText('Error reactivating subscription')).toBeTruthy();
  });

  it.each([
    ['an error response', () => json({ detail: 'x' }, 500), 'Failed to fetch subscription details'],
    ['a network failure', network, 'Error fetching subscription details'],
  ])('reports %s when loading', async (_name, handler, message) => {
    serve({ 'GET /api/stripe/subscription': handler });
    renderPage(<PlanBillingTab />, { auth: signedIn() });
    const shown = await screen.findAllByText(message);
    expect(shown.length).toBeGreaterThan(0);
    expect(within(document.body).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
