// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../entities/billing/billing-api';
import { isolateTests } from '../../../../test/web/isolate-tests';
import { fakeApi, json, renderPage, signedIn } from '../../../../test/web/billing-harness';
import { TestCheckoutPage } from './test-checkout-page';

const session = {
  id: 'tok',
  plan: 'basic_year',
  tier: 'basic',
  period: 'year',
  title: 'Basic',
  price: 490,
  currency: 'EUR',
  credits: 100,
  success_url: 'http://localhost/dashboard?payment_success=true',
  cancel_url: 'http://localhost/products',
  status: 'open',
};

isolateTests();

describe('the test checkout page', () => {
  it('shows the price excl. VAT, asks for company, address, country and VAT ID, and refuses a bad VAT ID in the server\'s words', async () => {
    const bodies: unknown[] = [];
    const api = fakeApi({
      'GET /api/stripe/plan-status': () => json({ plan: '', allowed: true, reason: '', signup_credits: 3, credits: 3, limit_date: null, end_date: null, status: 'none' }),
      'GET /api/billing/test-checkout/tok': () => json(session),
      'POST /api/billing/test-checkout/tok/complete': (call) => {
        bodies.push(call.body);
        return json({ redirect_url: session.success_url });
      },
    });
    vi.stubGlobal('fetch', api.fetchImpl);
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    renderPage(<TestCheckoutPage />, { auth: signedIn(), url: '/checkout/test?session=tok' });

    expect(await screen.findByText(/\/ year excl\. VAT/)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(/Company name/));
    await userEvent.type(screen.getByLabelText(/Company name/), 'Acme S.p.A.');
    await userEvent.type(screen.getByLabelText(/Billing address/), 'Via Roma 1, Milano');
    await userEvent.selectOptions(screen.getByLabelText(/Country/), 'France');
    await userEvent.type(screen.getByLabelText(/EU VAT ID/), 'IT00743110157');
    await userEvent.click(screen.getByRole('button', { name: /Complete test payment/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid VAT number for France: this looks like an Italian (IT) number. Choose Italy as the country, or check the number.',
    );
    expect(bodies).toEqual([]);

    await userEvent.selectOptions(screen.getByLabelText(/Country/), 'Italy');
    await userEvent.click(screen.getByRole('button', { name: /Complete test payment/ }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(session.success_url));
    expect(bodies).toEqual([{ company_name: 'Acme S.p.A.', address: 'Via Roma 1, Milano', country: 'Italy', vat_id: 'IT00743110157' }]);
  });
});
