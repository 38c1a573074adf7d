// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserData } from '../../shared/contracts/auth';
import { AuthContext, type AuthState } from '../lib/auth/auth-state';
import { CONSENT_STORAGE_KEY, resetConsentForTests } from '../lib/consent';
import { resetPublicConfigForTests } from '../lib/public-config';
import { installPublicConfig } from '../../../test/web/test-config';
import { ROUTE_INDICATOR_MS } from './route-progress';
import { RootLayout } from './root-layout';

const user: UserData = { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.eu', companyName: 'Seguros SA', fiscalNumber: 'PT123' };

function renderShell(auth: Partial<AuthState> = {}, path = '/home') {
  const state: AuthState = { status: 'unauthenticated', user: null, userId: null, logout: vi.fn(async () => {}), ...auth };
  const page = (name: string) => ({ path: name, element: <h1>{name} page</h1> });
  const router = createMemoryRouter(
    [{ element: <RootLayout />, children: ['home', 'products', 'features', 'about-us', 'contact', 'dashboard', 'profile', 'auth/signin'].map(page) }],
    { initialEntries: [path] },
  );
  render(
    <AuthContext.Provider value={state}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return { state, router };
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

beforeEach(() => {
  // jsdom has no scrolling; ScrollRestoration calls it on every navigation.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  window.localStorage.clear();
  resetConsentForTests();
  installPublicConfig();
});

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  resetPublicConfigForTests();
  resetConsentForTests();
});

describe('navigation bar', () => {
  it('signed out: Home, Products, Features, About Us, plus Login and Contact buttons', () => {
    renderShell();
    const nav = within(mainNav());
    expect(nav.getAllByRole('link').map((l) => l.textContent)).toEqual(['Home', 'Products', 'Features', 'About Us']);
    expect(screen.getAllByRole('link', { name: 'Login' })[0]?.getAttribute('href')).toBe('/auth/signin');
    expect(screen.getAllByRole('link', { name: 'Contact' })[0]?.getAttribute('href')).toBe('/contact');
    expect(screen.getAllByRole('link', { name: 'Corisk home' })[0]?.getAttribute('href')).toBe('/home');
    expect(screen.queryByText('My Dashboard')).toBeNull();
  });

  it('marks the current page link as active', () => {
    renderShell({}, '/features');
    expect(within(mainNav()).getByRole('link', { name: 'Features' }).getAttribute('aria-current')).toBe('page');
    expect(within(mainNav()).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it("signed in: My Dashboard link and a badge with the user's first name opening Dashboard, Profile, Logout", async () => {
    const { state } = renderShell({ status: 'authenticated', user, userId: 'u1' });
    expect(within(mainNav()).getByRole('link', { name: 'My Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    const badge = await screen.findByRole('button', { name: /Ana/ });
    expect(badge.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(badge);
    expect(badge.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(badge);
    expect(badge.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(badge);
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['My Dashboard', 'Profile', 'Logout']);
    expect(within(menu).getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    expect(state.logout).toHaveBeenCalledTimes(1);
  });

  it('the account menu opens on hover and from the keyboard, and Escape closes it', async () => {
    renderShell({ status: 'authenticated', user, userId: 'u1' });
    const badge = await screen.findByRole('button', { name: /Ana/ });
    await userEvent.hover(badge);
    expect(badge.getAttribute('aria-expanded')).toBe('true');
    await userEvent.unhover(badge);
    await act(() => new Promise((r) => setTimeout(r, 250)));
    expect(badge.getAttribute('aria-expanded')).toBe('false');
    badge.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(badge.getAttribute('aria-expanded')).toBe('true');
    await act(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    expect(document.activeElement?.textContent).toBe('My Dashboard');
    await userEvent.keyboard('{Escape}');
    expect(badge.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(badge);
  });

  it("shows 'User' when the signed-in user has no first name", async () => {
    renderShell({ status: 'authenticated', user: { ...user, firstName: '' }, userId: 'u1' });
    expect(await screen.findByRole('button', { name: /User/ })).toBeTruthy();
  });

  it('the mobile menu toggle reveals the links, including Contact', async () => {
    renderShell();
    const toggle = screen.getByRole('button', { name: 'Open main menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(mobile.getAllByRole('link').map((l) => l.textContent)).toEqual(['Home', 'Products', 'Features', 'About Us', 'Contact']);
    await userEvent.click(mobile.getByRole('link', { name: 'Products' }));
    expect(await screen.findByRole('heading', { name: 'products page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open main menu' }).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('footer', () => {
  it('shows the 2025 copyright, the tagline and the legal links', () => {
    renderShell();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText('© 2025 Corisk. All rights reserved.')).toBeTruthy();
    expect(footer.getByText('Empowering Insurance Professionals')).toBeTruthy();
    expect(footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/support/privacy-policy');
    expect(footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/support/terms-of-service');
    expect(footer.queryByRole('button', { name: 'Cookie settings' })).toBeNull();
  });

  it('links the methodology page from the Product column', () => {
    renderShell();
    const product = within(screen.getByRole('navigation', { name: 'Product' }));
    expect(product.getByRole('link', { name: 'Methodology' }).getAttribute('href')).toBe('/methodology');
  });
});

describe('layout', () => {
  it('has a skip link to the main region', async () => {
    renderShell();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    await userEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('leaves focus alone on the first load, then moves it to the new page heading on a route change', async () => {
    const { router } = renderShell();
    expect(document.activeElement).toBe(document.body);
    await userEvent.click(within(mainNav()).getByRole('link', { name: 'Features' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'features page' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    // Only the path counts: the same page with another query keeps focus where it is.
    await act(() => router.navigate('/features?tab=2'));
    expect(document.activeElement).toBe(heading);
    await act(() => router.navigate('/products'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'products page' }));
  });

  it('focuses the main region when the new page has no h1, and respects focus the page placed itself', async () => {
    function Autofocus() {
      return <input aria-label="Search" ref={(el) => el?.focus()} />;
    }
    const router = createMemoryRouter(
      [
        {
          element: <RootLayout />,
          children: [
            { path: 'home', element: <h1>home page</h1> },
            { path: 'plain', element: <p>No heading here</p> },
            { path: 'search', element: <Autofocus /> },
          ],
        },
      ],
      { initialEntries: ['/home'] },
    );
    render(
      <AuthContext.Provider value={{ status: 'unauthenticated', user: null, userId: null, logout: vi.fn(async () => {}) }}>
        <RouterProvider router={router} />
      </AuthContext.Provider>,
    );
    await act(() => router.navigate('/plain'));
    expect(document.activeElement).toBe(screen.getByRole('main'));
    await act(() => router.navigate('/search'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search' }));
  });

  it(`shows the loading indicator for ${ROUTE_INDICATOR_MS} ms after a route change`, async () => {
    const { router } = renderShell();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await act(() => router.navigate('/products'));
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, ROUTE_INDICATOR_MS + 100)));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('cookie consent banner', () => {
  it('is not shown when analytics is not configured', () => {
    renderShell();
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('asks once when analytics is configured; the choice is stored and can be changed from the footer', async () => {
    installPublicConfig({ gaMeasurementId: 'G-TEST123' });
    renderShell();
    const banner = await screen.findByRole('region', { name: 'Cookie consent' });
    expect(within(banner).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/support/privacy-policy');
    await userEvent.click(within(banner).getByRole('button', { name: 'Reject' }));
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('rejected');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    const again = await screen.findByRole('region', { name: 'Cookie consent' });
    await userEvent.click(within(again).getByRole('button', { name: 'Accept' }));
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('accepted');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('stays hidden when the visitor already chose', () => {
    installPublicConfig({ gaMeasurementId: 'G-TEST123' });
    window.localStorage.setItem(CONSENT_STORAGE_KEY, 'accepted');
    renderShell();
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });
});
