// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, scriptedFetch, resetBrowserEachTest } from '../../../../test/web/auth-harness';
import { SignUpPage, validateSignup } from './signup-page';

resetBrowserEachTest();

const complete = {
  firstName: 'Ana',
  lastName: 'Silva',
  email: 'ana@example.com',
  password: 'Tr0ub4dor&3x',
  confirmPassword: 'Tr0ub4dor&3x',
  companyName: 'Acme',
  fiscalNumber: 'PT501964843',
};

describe('validateSignup', () => {
  it.each(['firstName', 'lastName', 'email', 'password', 'companyName', 'fiscalNumber'] as const)('requires %s', (key) => {
    expect(validateSignup({ ...complete, [key]: '  '.slice(key === 'password' ? 2 : 0) }, false, true)).toBe('Please fill all required fields');
  });

  it('requires the confirmation only while the password is hidden', () => {
    expect(validateSignup({ ...complete, confirmPassword: '' }, false, true)).toBe('Please fill all required fields');
    expect(validateSignup({ ...complete, confirmPassword: '' }, true, true)).toBeNull();
  });

  it('checks that the passwords match only while the confirmation is shown', () => {
    expect(validateSignup({ ...complete, confirmPassword: 'other' }, false, true)).toBe('Passwords do not match');
    expect(validateSignup({ ...complete, confirmPassword: 'other' }, true, true)).toBeNull();
  });

  it('requires the agreement, and does not enforce the 8-character hint', () => {
    expect(validateSignup(complete, false, false)).toBe('You must agree to the Terms and Conditions');
    expect(validateSignup({ ...complete, password: 'short', confirmPassword: 'short' }, false, true)).toBeNull();
  });
});

async function fill(values: Partial<typeof complete> = complete) {
  const labels: Record<keyof typeof complete, string> = {
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email Address',
    password: 'Password',
    confirmPassword: 'Confirm Password',
    companyName: 'Company Name',
    fiscalNumber: 'Fiscal Number',
  };
  for (const [key, value] of Object.entries(values) as [keyof typeof complete, string][]) {
    if (value) await userEvent.type(screen.getByLabelText(new RegExp(`^${labels[key]}`), { selector: 'input' }), value);
  }
}

describe('sign-up page', () => {
  it('hides Confirm Password while the password is shown', async () => {
    vi.stubGlobal('fetch', scriptedFetch({}).fetchImpl);
    renderRoute('/auth/signup', <SignUpPage />);
    expect(screen.getByRole('heading', { name: 'Create Your Account' })).toBeTruthy();
    expect(screen.getByPlaceholderText(/Minimum 8 characters/)).toBeTruthy();
    const password = screen.getByLabelText(/^Password/, { selector: 'input' }) as HTMLInputElement;
    expect(password.type).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    expect(screen.queryByLabelText(/^Confirm Password/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText(/^Confirm Password/)).toBeTruthy();
  });

  it('links the terms, the privacy policy and sign-in', () => {
    vi.stubGlobal('fetch', scriptedFetch({}).fetchImpl);
    renderRoute('/auth/signup', <SignUpPage />);
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/support/terms-of-service');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/support/privacy-policy');
    expect(screen.getByRole('link', { name: 'Log in here' }).getAttribute('href')).toBe('/auth/signin');
  });

  it('shows the first failing rule and sends nothing', async () => {
    const api = scriptedFetch({});
    vi.stubGlobal('fetch', api.fetchImpl);
    renderRoute('/auth/signup', <SignUpPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Please fill all required fields')).toBeTruthy();
    await fill({ ...complete, confirmPassword: 'different' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the seven fields and the language being read, then goes to / with the success toast', async () => {
    const api = scriptedFetch({ 'POST /api/auth/signup': () => jsonResponse(201, { detail: 'ok' }) });
    vi.stubGlobal('fetch', api.fetchImpl);
    renderRoute('/auth/signup', <SignUpPage />);
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('You must agree to the Terms and Conditions')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('route: /')).toBeTruthy();
    expect(screen.getByText('Signup successful! Check your email to confirm your account.')).toBeTruthy();
    // The account takes the language the visitor was reading (its confirmation mail comes in it).
    expect(api.calls[0]?.body).toEqual({ ...complete, locale: 'en' });
  });

  it("shows the server's detail, else 'Failed to register.'", async () => {
    let answer = jsonResponse(400, { detail: 'This password is too common. Please choose a less common password.' });
    vi.stubGlobal('fetch', scriptedFetch({ 'POST /api/auth/signup': () => answer }).fetchImpl);
    renderRoute('/auth/signup', <SignUpPage />);
    await fill();
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('This password is too common. Please choose a less common password.')).toBeTruthy();
    answer = jsonResponse(500, {});
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Failed to register.')).toBeTruthy();
  });
});
