// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, scriptedFetch, resetBrowserEachTest } from '../../../../test/web/auth-harness';
import { CONFIRM_REDIRECT_MS, ConfirmPage } from './confirm-page';
import { ForgotPasswordPage } from './forgot-password-page';
import { INVALID_LINK_REDIRECT_MS, ResetPasswordPage, validateNewPassword } from './reset-password-page';

resetBrowserEachTest();
afterEach(() => {
  vi.useRealTimers();
});

describe('Reset Your Password', () => {
  it('requires the email address', async () => {
    const api = scriptedFetch({});
    vi.stubGlobal('fetch', api.fetchImpl);
    renderRoute('/auth/forgot-password', <ForgotPasswordPage />);
    expect(screen.getByRole('link', { name: 'Go back to login' }).getAttribute('href')).toBe('/auth/signin');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter your email address')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the link, says so and clears the field', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const api = scriptedFetch({
      'POST /api/auth/password-recovery': async () => {
        await gate;
        return jsonResponse(200, { detail: 'sent' });
      },
    });
    vi.stubGlobal('fetch', api.fetchImpl);
    renderRoute('/auth/password-recovery', <ForgotPasswordPage />);
    const email = screen.getByLabelText('Email Address') as HTMLInputElement;
    await userEvent.type(email, 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeTruthy();
    release();
    expect(await screen.findByText('Password reset link sent! Check your email')).toBeTruthy();
    expect(email.value).toBe('');
    expect(api.calls[0]?.body).toEqual({ email: 'ana@example.com' });
  });

  it("shows detail, else 'Failed to send reset email', and the network message", async () => {
    let answer: () => Response | Promise<Response> = () => jsonResponse(429, { detail: 'Too many requests' });
    vi.stubGlobal('fetch', scriptedFetch({ 'POST /api/auth/password-recovery': () => answer() }).fetchImpl);
    renderRoute('/auth/forgot-password', <ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText('Email Address'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Too many requests')).toBeTruthy();
    answer = () => jsonResponse(500, {});
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Failed to send reset email')).toBeTruthy();
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Network error. Please try again.')).toBeTruthy();
  });
});

describe('Set New Password', () => {
  it('validates in order: required, length, match', () => {
    expect(validateNewPassword('', '')).toBe('Please enter a new password');
    expect(validateNewPassword('12345', '12345')).toBe('Password must be at least 6 characters long');
    expect(validateNewPassword('123456', '123457')).toBe('Passwords do not match');
    expect(validateNewPassword('123456', '123456')).toBeNull();
  });

  it('sends the token as bearer and in the body, then goes to sign-in', async () => {
    const api = scriptedFetch({ 'POST /api/auth/password-reset': () => jsonResponse(200, { detail: 'ok' }) });
    vi.stubGlobal('fetch', api.fetchImpl);
    renderRoute('/auth/reset-password', <ResetPasswordPage />, '/auth/reset-password?access_token=tok123');
    expect(screen.getByRole('heading', { name: 'Set New Password' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('New Password'), 'n3w-Passw0rd');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'n3w-Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('route: /auth/signin')).toBeTruthy();
    expect(screen.getByText('Password updated successfully! Please sign in with your new password.')).toBeTruthy();
    expect(api.calls[0]?.headers.get('authorization')).toBe('Bearer tok123');
    expect(api.calls[0]?.body).toEqual({ password: 'n3w-Passw0rd', access_token: 'tok123' });
  });

  it("shows detail, else 'Failed to update password'", async () => {
    let answer = jsonResponse(401, { detail: 'Invalid or expired reset link' });
    vi.stubGlobal('fetch', scriptedFetch({ 'POST /api/auth/password-reset': () => answer }).fetchImpl);
    renderRoute('/auth/reset-password', <ResetPasswordPage />, '/auth/reset-password?access_token=tok123');
    await userEvent.type(screen.getByLabelText('New Password'), 'n3w-Passw0rd');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'n3w-Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Invalid or expired reset link')).toBeTruthy();
    answer = new Response('bad gateway', { status: 502 });
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Failed to update password')).toBeTruthy();
  });

  it('without a token shows Invalid Reset Link, the error toast, then goes to sign-in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('fetch', scriptedFetch({}).fetchImpl);
    renderRoute('/auth/reset-password', <ResetPasswordPage />);
    expect(screen.getByRole('heading', { name: 'Invalid Reset Link' })).toBeTruthy();
    expect(screen.getByText(/invalid or has expired/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request New Reset Link' }).getAttribute('href')).toBe('/auth/password-recovery');
    expect(await screen.findByText('Invalid or missing reset token')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(INVALID_LINK_REDIRECT_MS));
    expect(await screen.findByText('route: /auth/signin')).toBeTruthy();
  });
});

describe('Your Account Activated', () => {
  it('redirects to sign-in after 4 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('fetch', scriptedFetch({}).fetchImpl);
    renderRoute('/auth/confirm', <ConfirmPage />);
    expect(screen.getByRole('heading', { name: 'Your Account Activated' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(CONFIRM_REDIRECT_MS - 100));
    expect(screen.queryByText('route: /auth/signin')).toBeNull();
    await act(async () => vi.advanceTimersByTime(100));
    expect(await screen.findByText('route: /auth/signin')).toBeTruthy();
  });
});
