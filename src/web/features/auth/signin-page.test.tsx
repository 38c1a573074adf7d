// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeTestToken } from '../../../../test/web/make-test-token';
import { jsonResponse, renderRoute, scriptedFetch, resetBrowserEachTest } from '../../../../test/web/auth-harness';
import { returnPath, SignInPage } from './signin-page';

const user = { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', companyName: 'Acme', fiscalNumber: 'PT1', isAdmin: false };
const token = makeTestToken({ expMs: Date.now() + 3_600_000 });
const signinOk = () =>
  jsonResponse(200, { access_token: token, refresh_token: 'r1', token_type: 'bearer', expires_in: 3600, user_id: 'u1', data: user });
const planStatus = { plan: 'basic_year', allowed: true, reason: 'Active subscription', signup_credits: 0, credits: 99, limit_date: null, end_date: null, status: 'active' };

async function fillAndSubmit({ remember = false } = {}) {
  await userEvent.type(screen.getByLabelText('Email Address'), 'ana@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
  if (remember) await userEvent.click(screen.getByLabelText('Keep me logged in'));
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

resetBrowserEachTest();

describe('sign-in page', () => {
  it('shows the form and its links', () => {
    vi.stubGlobal('fetch', scriptedFetch({}).fetchImpl);
    renderRoute('/auth/signin', <SignInPage />);
    expect(screen.getByRole('heading', { name: 'Welcome Back!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Forgot your password/ }).getAttribute('href')).toBe('/auth/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/auth/signup');
  });

  it('signs in into sessionStorage, stores the plan status and goes to /dashboard', async () => {
    const api = scriptedFetch({
      'POST /api/auth/signin': signinOk,
      'GET /api/stripe/plan-status': () => jsonResponse(200, planStatus),
    });
    vi.stubGlobal('fetch', api.fetchImpl);
    renderRoute('/auth/signin', <SignInPage />);
    await fillAndSubmit();
    expect(await screen.findByText('route: /dashboard')).toBeTruthy();
    expect(screen.getByText('Logged in successfully')).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({ email: 'ana@example.com', password: 'secret-pass' });
    expect(api.calls[1]?.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(sessionStorage.getItem('access_token')).toBe(token);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(JSON.parse(localStorage.getItem('plan_status') ?? '{}').plan).toBe('basic_year');
  });

  it('returns to the page the guard sent the user from after their session ran out, not the dashboard', async () => {
    vi.stubGlobal('fetch', scriptedFetch({ 'POST /api/auth/signin': signinOk, 'GET /api/stripe/plan-status': () => jsonResponse(200, planStatus) }).fetchImpl);
    renderRoute('/auth/signin', <SignInPage />, { pathname: '/auth/signin', state: { from: '/portfolio/p1?tab=sites' } });
    await fillAndSubmit();
    expect(await screen.findByText('route: /portfolio/p1')).toBeTruthy();
  });

  it.each([['//evil.example/x'], ['/\\evil.example'], ['/auth/signup'], ['https://evil.example'], ['javascript:alert(1)'], [42], [undefined]])(
    'follows no return path it must not (%s)',
    (from) => {
      expect(returnPath({ from })).toBeNull();
    },
  );

  it('keeps the query and the hash of a same-site return path', () => {
    expect(returnPath({ from: '/products/risk-assessment?report=r1#top' })).toBe('/products/risk-assessment?report=r1#top');
    expect(returnPath(null)).toBeNull();
  });

  it("keeps the session in localStorage with 'Keep me logged in'", async () => {
    vi.stubGlobal('fetch', scriptedFetch({ 'POST /api/auth/signin': signinOk, 'GET /api/stripe/plan-status': () => jsonResponse(200, planStatus) }).fetchImpl);
    renderRoute('/auth/signin', <SignInPage />);
    await fillAndSubmit({ remember: true });
    await screen.findByText('route: /dashboard');
    expect(localStorage.getItem('access_token')).toBe(token);
    expect(localStorage.getItem('auth_storage_type')).toBe('local');
    expect(sessionStorage.getItem('access_token')).toBeNull();
  });

  it("still signs in when the plan status fails: 'Failed to fetch plan status'", async () => {
    localStorage.setItem('plan_status', JSON.stringify({ plan: 'premium_month' }));
    vi.stubGlobal('fetch', scriptedFetch({ 'POST /api/auth/signin': signinOk, 'GET /api/stripe/plan-status': () => jsonResponse(500, { detail: 'x' }) }).fetchImpl);
    renderRoute('/auth/signin', <SignInPage />);
    await fillAndSubmit();
    expect(await screen.findByText('route: /dashboard')).toBeTruthy();
    expect(screen.getByText('Failed to fetch plan status')).toBeTruthy();
    expect(localStorage.getItem('plan_status')).toBeNull();
  });

  it("shows the server's detail, else 'Login failed.'", async () => {
    let answer = jsonResponse(401, { detail: 'Invalid email or password' });
    vi.stubGlobal('fetch', scriptedFetch({ 'POST /api/auth/signin': () => answer }).fetchImpl);
    renderRoute('/auth/signin', <SignInPage />);
    await fillAndSubmit();
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    answer = new Response('oops', { status: 502 });
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Login failed.')).toBeTruthy();
    expect(screen.queryByText(/route:/)).toBeNull();
  });

  it('explains an unusable confirmation link and clears it from the address', async () => {
    vi.stubGlobal('fetch', scriptedFetch({}).fetchImpl);
    const { router } = renderRoute('/auth/signin', <SignInPage />, '/auth/signin?error=confirm_expired');
    expect(await screen.findByText(/This confirmation link has expired/)).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
