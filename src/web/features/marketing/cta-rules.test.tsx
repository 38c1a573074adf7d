// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthContext, type AuthState } from '../../lib/auth/auth-state';
import { FeaturesPage } from './features-page';
import { HomeCallToAction } from './home-sections';

afterEach(cleanup);

const signedOut: AuthState = { status: 'unauthenticated', user: null, userId: null, logout: async () => {} };
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
  it('signed out: sign-up plus products', () => {
    renderAs(signedOut, <FeaturesPage />);
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toContain('/auth/signup');
    expect(links).toContain('/products');
    expect(links).not.toContain('/dashboard');
  });

  it('signed in: dashboard plus products', () => {
    renderAs(signedIn, <FeaturesPage />);
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toContain('/dashboard');
    expect(links).toContain('/products');
    expect(links).not.toContain('/auth/signup');
  });
});
