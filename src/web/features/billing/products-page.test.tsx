// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../entities/billing/billing-api';
import { writePlanStatus } from '../../entities/billing/plan-status';
import { fakeApi, json, pricesFixture, renderPage, signedIn, signedOut } from '../../../../test/web/billing-harness';
import { PRICE_CACHE_KEY, writePriceCache } from './price-cache';
import { ProductsPage } from './products-page';
import { useCheckout } from './use-checkout';

const card = (title: string) => screen.getByRole('article', { name: title });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serve(handlers: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /api/stripe/prices': () => json(pricesFixture()), ...handlers });
  vi.stubGlobal('fetch', api.fetchImpl);
  return api;
}

describe('/products signed out', () => {
  it('shows the sign-in prompt, the free-credit banner and yearly prices by default', async () => {
    serve();
    renderPage(<ProductsPage />, { auth: signedOut });

    expect(await screen.findByRole('article', { name: 'Basic' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe('/auth/signup');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth/signin');
    expect(screen.getByText(/Every new account gets free assessment credits/)).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Yearly billing/ }) as HTMLInputElement).checked).toBe(true);

    const basic = card('Basic');
    expect(within(basic).getByText('€40.83')).toBeTruthy();
    expect(within(basic).getByText('(billed annually)')).toBeTruthy();
    // every price is net: 'excl. VAT' beside the monthly figure and the yearly total
    expect(within(basic).getByText('€40.83').parentElement!.textContent).toBe('€40.83/monthexcl. VAT');
    expect(within(basic).getByText('(billed annually)').parentElement!.textContent).toBe('€490 per year (billed annually) excl. VAT');
    expect(within(basic).getByRole('link', { name: 'Sign Up to Subscribe' }).getAttribute('href')).toBe('/auth/signup');
    expect(within(basic).getByText('100 credits')).toBeTruthy();
    const premium = card('Premium');
    expect((within(premium).getByRole('button', { name: 'Launching soon...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Refresh Price Cache' })).toBeNull();
    // Headings descend one level at a time: the page's h1, then each plan's h2.
    expect(within(basic).getByRole('heading', { level: 2, name: 'Basic' })).toBeTruthy();
  });

  it('switches to monthly prices', async () => {
    serve();
    renderPage(<ProductsPage />, { auth: signedOut });
    await screen.findByRole('article', { name: 'Basic' });
    await userEvent.click(screen.getByRole('radio', { name: /Monthly billing/ }));
    expect(within(card('Basic')).getByText('€49')).toBeTruthy();
    expect(within(card('Basic')).getByText('€49').parentElement!.textContent).toBe('€49/monthexcl. VAT');
    expect(within(card('Basic')).queryByText('(billed annually)')).toBeNull();
  });
});

describe('/products while the session is read (a page rendered by the server)', () => {
  it('holds the sign-in prompt\'s place, unseen, so the plans do not move when it shows', async () => {
    serve();
    renderPage(<ProductsPage />, { auth: { ...signedOut, status: 'loading' } });
    await screen.findByRole('article', { name: 'Basic' });
    expect(screen.queryByRole('link', { name: 'Create Account' })).toBeNull();
    const held = screen.getByText('Sign in to subscribe').closest('[aria-hidden="true"]');
    expect(held?.className).toContain('invisible');
    expect(held?.hasAttribute('inert')).toBe(true);
  });

  it('shows no prompt to a signed-in user', async () => {
    serve();
    renderPage(<ProductsPage />, { auth: signedIn() });
    await screen.findByRole('article', { name: 'Basic' });
    expect(screen.queryByText('Sign in to subscribe')).toBeNull();
  });
});

describe('pricing load', () => {
  it('shows skeleton cards while loading', async () => {
    let release: (r: Response) => void = () => {};
    serve({ 'GET /api/stripe/prices': () => new Promise<Response>((resolve) => (release = resolve)) });
    renderPage(<ProductsPage />, { auth: signedOut });
    expect(await screen.findByRole('status', { name: 'Loading plans' })).toBeTruthy();
    release(json(pricesFixture()));
    expect(await screen.findByRole('article', { name: 'Basic' })).toBeTruthy();
  });

  it('uses a local cache younger than 24 hours without calling the server', async () => {
    const cached = pricesFixture();
    cached.data.basic.title = 'Basic (cached)';
    writePriceCache(cached, Date.now() - 60_000);
    const api = serve();
    renderPage(<ProductsPage />, { auth: signedOut });
    expect(await screen.findByRole('article', { name: 'Basic (cached)' })).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/stripe/prices')).toHaveLength(0);
  });

  it('reloads from the server after 24 hours and renews the cache', async () => {
    writePriceCache(pricesFixture(), Date.now() - 25 * 3600_000);
    const api = serve();
    renderPage(<ProductsPage />, { auth: signedOut });
    await screen.findByRole('article', { name: 'Basic' });
    expect(api.calls.filter((c) => c.path === '/api/stripe/prices')).toHaveLength(1);
    const record = JSON.parse(localStorage.getItem(PRICE_CACHE_KEY) ?? '{}') as { timestamp: number };
    expect(Date.now() - record.timestamp).toBeLessThan(10_000);
  });

  it('falls back to the stale cache when the server fails', async () => {
    writePriceCache(pricesFixture(), Date.now() - 48 * 3600_000);
    serve({ 'GET /api/stripe/prices': () => json({ detail: 'down' }, 503) });
    renderPage(<ProductsPage />, { auth: signedOut });
    expect(await screen.findByRole('article', { name: 'Basic' })).toBeTruthy();
    expect(screen.queryByText('Pricing Unavailable')).toBeNull();
  });

  it('shows Pricing Unavailable with Retry when nothing can be shown', async () => {
    let fail = true;
    serve({ 'GET /api/stripe/prices': () => (fail ? json({ detail: 'down' }, 503) : json(pricesFixture())) });
    renderPage(<ProductsPage />, { auth: signedOut });
    expect(await screen.findByRole('heading', { name: 'Pricing Unavailable' })).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Basic' })).toBeTruthy();
  });

  it('reports a response that does not parse', async () => {
    serve({ 'GET /api/stripe/prices': () => json({ success: true, data: { basic: { title: 1 } } }) });
    renderPage(<ProductsPage />, { auth: signedOut });
    expect(await screen.findByRole('heading', { name: 'Pricing Unavailable' })).toBeTruthy();
    expect((await screen.findAllByText(/Invalid data structure received from API/)).length).toBeGreaterThan(0);
  });
});

describe('/products signed in', () => {
  it('offers Subscribe without a plan and goes to the checkout URL', async () => {
    const auth = signedIn();
    const api = serve({
      'GET /api/stripe/plan-status': () =>
        json({ plan: '', allowed: true, reason: '', signup_credits: 3, credits: 0, limit_date: null, end_date: null, status: 'none' }),
      'POST /api/stripe/create-checkout-session': () => json({ url: 'http://localhost/checkout/test?session=abc' }),
    });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    renderPage(<ProductsPage />, { auth });

    const subscribe = await within(await screen.findByRole('article', { name: 'Basic' })).findByRole('button', { name: 'Subscribe' });
    await userEvent.click(subscribe);

    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/checkout/test?session=abc'));
    const post = api.calls.find((c) => c.path === '/api/stripe/create-checkout-session');
    const origin = window.location.origin;
    expect(post?.auth).toMatch(/^Bearer /);
    expect(post?.body).toEqual({
      price_id: 'price_basic_year',
      success_url: `${origin}/products/risk-assessment?payment_success=true&plan=basic&period=year&price=490`,
      cancel_url: `${origin}/products`,
    });
    expect(within(card('Basic')).getByRole('button', { name: 'Redirecting...' })).toBeTruthy();
  });

  it('shows the server detail when checkout fails, else the generic message', async () => {
    const auth = signedIn();
    let detail = true;
    serve({
      'POST /api/stripe/create-checkout-session': () => (detail ? json({ detail: 'Price not found' }, 400) : json({}, 500)),
    });
    renderPage(<ProductsPage />, { auth });
    const basic = await screen.findByRole('article', { name: 'Basic' });
    await userEvent.click(within(basic).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Price not found')).toBeTruthy();
    detail = false;
    await userEvent.click(within(basic).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Failed to start Stripe checkout')).toBeTruthy();
  });

  it('shows Checkout failed when the server cannot be reached', async () => {
    const auth = signedIn();
    serve({
      'POST /api/stripe/create-checkout-session': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage(<ProductsPage />, { auth });
    const basic = await screen.findByRole('article', { name: 'Basic' });
    await userEvent.click(within(basic).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Checkout failed. Please try again.')).toBeTruthy();
  });

  it('marks the exact current plan and offers a switch for the other period', async () => {
    const auth = signedIn();
    writePlanStatus({ plan: 'basic_year', credits: 90, status: 'active' });
    serve({
      'GET /api/stripe/plan-status': () =>
        json({ plan: 'basic_year', allowed: true, reason: '', signup_credits: 0, credits: 90, limit_date: null, end_date: null, status: 'active' }),
    });
    renderPage(<ProductsPage />, { auth });
    const basic = await screen.findByRole('article', { name: 'Basic' });
    expect(within(basic).getByText('Current Plan')).toBeTruthy();
    expect(within(basic).getByRole('link', { name: 'Access Tools' }).getAttribute('href')).toBe('/products/risk-assessment');

    await userEvent.click(screen.getByRole('radio', { name: /Monthly billing/ }));
    expect(within(card('Basic')).getByRole('button', { name: 'Switch Plan' })).toBeTruthy();
    expect(within(card('Basic')).getByRole('link', { name: 'Manage Current Plan' }).getAttribute('href')).toBe('/profile');
  });

  it('lets an admin refresh the price cache', async () => {
    const auth = signedIn({ isAdmin: true });
    const api = serve({
      'POST /api/stripe/prices/refresh': () =>
        json({ success: true, detail: 'Price cache refreshed for all users', cached_at: '2025-02-01T10:00:00.000Z' }),
    });
    renderPage(<ProductsPage />, { auth });
    await screen.findByRole('article', { name: 'Basic' });
    expect(screen.getByRole('note', { name: 'Cached prices' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Price Cache' }));
    expect(await screen.findByText('Price cache refreshed for all users')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/stripe/prices')).toHaveLength(2);
  });
});

describe('subscribing without a session', () => {
  function StartCheckout() {
    const { start } = useCheckout();
    return (
      <button type="button" onClick={() => void start('basic', pricesFixture().data.basic, 'year')}>
        Buy
      </button>
    );
  }

  it("asks to sign in and goes to /auth/signin", async () => {
    const api = serve();
    renderPage(<StartCheckout />, { auth: signedOut, url: '/products' });
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Please sign in to subscribe to a plan')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/auth/signin');
    expect(api.calls.some((c) => c.path === '/api/stripe/create-checkout-session')).toBe(false);
  });
});
