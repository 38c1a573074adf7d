// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthContext, type AuthState } from '../../lib/auth/auth-state';
import { FeaturesPage } from './features-page';
import { HomeHero } from './home-hero';
import { HomeCallToAction } from './home-sections';

afterEach(cleanup);

const signedOut: AuthState = { status: 'unauthenticated', user: null, userId: null, logout: async () => {} };
const pending: AuthState = { ...signedOut, status: 'loading' };
const signedIn: AuthState = {
  status: 'authenticated',
  user: { firstName: 'Ana', lastName: 'Sousa', email: 'ana@broker.pt', companyName: 'Broker Lda', fiscalNumber: 'PT1' },
  userId: 'u1',
  logout: async () => {},
};

function renderAs(auth: AuthState, ui: ReactNode) {
  return render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AuthContext.Provider>,
  );
}

const hrefs = (root: HTMLElement) => within(root).getAllByRole('link').map((a) => a.getAttribute('href'));

describe('landing call to action', () => {
  it('signed out: sign-up, Sign In and Schedule Demo', () => {
    renderAs(signedOut, <HomeCallToAction />);
    const section = screen.getByRole('region');
    expect(hrefs(section)).toEqual(['/auth/signup', '/auth/signin', '/contact']);
    expect(within(section).getByRole('link', { name: 'Sign In' })).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Schedule Demo' })).toBeTruthy();
  });

  it('signed in: products and Schedule Demo, no Sign In', () => {
    renderAs(signedIn, <HomeCallToAction />);
    const section = screen.getByRole('region');
    expect(hrefs(section)).toEqual(['/products', '/contact']);
    expect(within(section).queryByRole('link', { name: 'Sign In' })).toBeNull();
  });
});

describe('features page calls to action', () => {
  it.each([
    { who: 'signed out', auth: signedOut, first: '/auth/signup', not: '/dashboard' },
    { who: 'signed in', auth: signedIn, first: '/dashboard', not: '/auth/signup' },
  ])('$who: $first plus products', ({ auth, first, not }) => {
    renderAs(auth, <FeaturesPage />);
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toContain(first);
    expect(links).toContain('/products');
    expect(links).not.toContain(not);
  });
});

describe('while the session is read (a page rendered by the server)', () => {
  // A signed-in visitor must never see the signed-out offer, and nothing may move when it shows.
  it('the signed-out calls to action keep their place, hidden and out of reach', () => {
    const { container } = renderAs(pending, <HomeHero />);
    const trial = container.querySelector('a[href="/auth/signup"]');
    if (!trial) throw new Error('no sign-up link');
    expect(screen.queryByRole('link', { name: /Start Free Trial/ })).toBeNull();
    expect(trial.getAttribute('aria-hidden')).toBe('true');
    expect(trial.hasAttribute('inert')).toBe(true);
    expect(trial.className).toContain('invisible');
    expect(screen.getByRole('link', { name: 'Schedule Demo' }).className).not.toContain('invisible');
    cleanup();

    renderAs(pending, <HomeCallToAction />);
    const section = screen.getByRole('region');
    expect(hrefs(section)).toEqual(['/contact']);
    for (const held of section.querySelectorAll('[data-held]')) expect(held.className).toContain('invisible');
    expect(section.querySelectorAll('[data-held]')).toHaveLength(4);
  });

  it('shows them once the session is known to be signed out', () => {
    renderAs(signedOut, <HomeHero />);
    const trial = screen.getByRole('link', { name: /Start Free Trial/ });
    expect(trial.hasAttribute('aria-hidden')).toBe(false);
    expect(trial.className).not.toContain('invisible');
  });
});
