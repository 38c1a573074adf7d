// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTestToken } from '../../../../test/web/make-test-token';
import { jsonResponse, renderRoute, scriptedFetch, type RecordedCall, resetBrowserEachTest } from '../../../../test/web/auth-harness';
import { currentLocale, setLocale } from '../../lib/i18n';
import { saveSession } from '../../lib/storage';
import { AuthProfilePage } from './auth-profile-page';
import { ProfilePage } from './profile-page';

const user = { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', companyName: 'Acme Lda', fiscalNumber: 'PT501964843' };
const token = makeTestToken({ expMs: Date.now() + 3_600_000 });

function serve(routes: Record<string, (call: RecordedCall) => Response>) {
  const api = scriptedFetch({
    'GET /api/auth/me': () => jsonResponse(200, { user_id: 'u1', data: user, locale: 'en' }),
    'GET /api/auth/me/settings': () => jsonResponse(200, { digest_frequency: 'daily', locale: 'en' }),
    ...routes,
  });
  vi.stubGlobal('fetch', api.fetchImpl);
  return api;
}

const section = (name: string) => screen.getByRole('region', { name });

/** A save's three failures and the message each shows: the server's detail (400), the form's own (500), no API behind the proxy (502). */
function failedSaves(detail: string, failed: string, unavailable: string): [Response, string][] {
  return [
    [jsonResponse(400, { detail }), detail],
    [jsonResponse(500, {}), failed],
    [new Response('Bad gateway', { status: 502 }), unavailable],
  ];
}

resetBrowserEachTest();
beforeEach(() => {
  saveSession({ accessToken: token, refreshToken: 'r1', user, userId: 'u1' }, true);
});

// A saved language switches the screens: each test starts in English again.
afterEach(() => setLocale('en'));

describe('Account Settings', () => {
  it('shows the Overview from the stored user data and both tabs', () => {
    serve({});
    renderRoute('/profile', <ProfilePage />);
    expect(screen.getByRole('heading', { name: 'Account Settings' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Plan & Billing' })).toBeTruthy();
    const overview = screen.getByRole('tabpanel');
    for (const text of ['Ana Silva', 'ana@example.com', 'Email & Password', 'Acme Lda', 'PT501964843']) {
      expect(within(overview).getByText(text)).toBeTruthy();
    }
    expect(within(overview).getByText('Tax / Fiscal Number')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your portfolios' }).getAttribute('href')).toBe('/portfolio');
  });

  it("shows 'No Plan' by default, the stored plan otherwise, and links to /products", () => {
    serve({});
    renderRoute('/profile', <ProfilePage />);
    const sub = section('Subscription Information');
    expect(within(sub).getByText('No Plan')).toBeTruthy();
    expect(within(sub).getByRole('link', { name: 'Change Subscription Plan' }).getAttribute('href')).toBe('/products');
    cleanup();
    localStorage.setItem('plan_status', JSON.stringify({ plan: 'basic_year', status: 'active' }));
    renderRoute('/profile', <ProfilePage />);
    expect(within(section('Subscription Information')).getByText('Basic (Yearly)')).toBeTruthy();
  });

  it('updates the e-mail and the stored user data', async () => {
    const api = serve({
      'POST /api/auth/update-email': (call) =>
        jsonResponse(200, { detail: 'Email updated successfully!', data: { ...user, email: (call.body as { email: string }).email } }),
    });
    renderRoute('/profile', <ProfilePage />);
    const form = section('Profile Information');
    const input = within(form).getByLabelText('Email Address');
    await userEvent.clear(input);
    await userEvent.type(input, 'ana.silva@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Update Email' }));
    expect(await screen.findByText('Email updated successfully!')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('user_data') ?? '{}').email).toBe('ana.silva@example.com');
    const call = api.calls.find((c) => c.url === '/api/auth/update-email');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(call?.body).toEqual({ email: 'ana.silva@example.com' });
  });

  it.each([
    [jsonResponse(409, { detail: 'This email address is already in use.' }), 'This email address is already in use.'],
    [jsonResponse(500, {}), 'Failed to update email.'],
    [new Response('<html>Not found</html>', { status: 404, headers: { 'content-type': 'text/html' } }), 'Email update not available (404)'],
  ])('e-mail errors: %#', async (answer, message) => {
    serve({ 'POST /api/auth/update-email': () => answer });
    renderRoute('/profile', <ProfilePage />);
    await userEvent.click(within(section('Profile Information')).getByRole('button', { name: 'Update Email' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("refuses empty or different passwords: 'Passwords do not match or are empty'", async () => {
    const api = serve({});
    renderRoute('/profile', <ProfilePage />);
    const form = section('Password Management');
    await userEvent.click(within(form).getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Passwords do not match or are empty')).toBeTruthy();
    toast.dismiss();
    await userEvent.type(within(form).getByLabelText('Current Password'), 'old-pass-1');
    await userEvent.type(within(form).getByLabelText('New Password'), 'new-pass-1');
    await userEvent.type(within(form).getByLabelText('Confirm New Password'), 'new-pass-2');
    await userEvent.click(within(form).getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Passwords do not match or are empty')).toBeTruthy();
    expect(api.calls.some((c) => c.url === '/api/auth/update-password')).toBe(false);
  });

  it('changes the password and clears the three fields', async () => {
    const api = serve({ 'POST /api/auth/update-password': () => jsonResponse(200, { detail: 'ok' }) });
    renderRoute('/profile', <ProfilePage />);
    const form = section('Password Management');
    const fields = ['Current Password', 'New Password', 'Confirm New Password'].map((l) => within(form).getByLabelText(l) as HTMLInputElement);
    await userEvent.type(fields[0]!, 'old-pass-1');
    await userEvent.type(fields[1]!, 'new-pass-1');
    await userEvent.type(fields[2]!, 'new-pass-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password updated successfully!')).toBeTruthy();
    expect(fields.map((f) => f.value)).toEqual(['', '', '']);
    expect(api.calls.find((c) => c.url === '/api/auth/update-password')?.body).toEqual({
      current_password: 'old-pass-1',
      new_password: 'new-pass-1',
    });
  });

  it.each(failedSaves('Current password is incorrect', 'Failed to update password.', 'Password update not available (502)'))('password errors: %#', async (answer, message) => {
    serve({ 'POST /api/auth/update-password': () => answer });
    renderRoute('/profile', <ProfilePage />);
    const form = section('Password Management');
    await userEvent.type(within(form).getByLabelText('Current Password'), 'old-pass-1');
    await userEvent.type(within(form).getByLabelText('New Password'), 'new-pass-1');
    await userEvent.type(within(form).getByLabelText('Confirm New Password'), 'new-pass-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });
});

describe('Emails', () => {
  it('shows the stored digest setting and saves a new one', async () => {
    const api = serve({
      'GET /api/auth/me/settings': () => jsonResponse(200, { digest_frequency: 'off', locale: 'en' }),
      // The server keeps what the body leaves out (the language) and answers every setting.
      'PUT /api/auth/me/settings': (call) => jsonResponse(200, { locale: 'en', ...(call.body as object) }),
    });
    renderRoute('/profile', <ProfilePage />);
    const form = section('Emails');
    const select = within(form).getByLabelText('Digest of other changes') as HTMLSelectElement;
    await vi.waitFor(() => expect(select.value).toBe('off'));
    await userEvent.selectOptions(select, 'weekly');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email settings saved!')).toBeTruthy();
    const put = api.calls.find((c) => c.method === 'PUT' && c.url === '/api/auth/me/settings');
    expect(put?.body).toEqual({ digest_frequency: 'weekly' });
    expect(put?.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(select.value).toBe('weekly');
  });

  it('shows the language of emails by its own name and saves only what was changed', async () => {
    const api = serve({
      'GET /api/auth/me/settings': () => jsonResponse(200, { digest_frequency: 'weekly', locale: 'pl' }),
      'PUT /api/auth/me/settings': (call) => jsonResponse(200, { digest_frequency: 'weekly', locale: 'pl', ...(call.body as object) }),
    });
    renderRoute('/profile', <ProfilePage />);
    const form = section('Emails');
    const language = within(form).getByLabelText('Language of emails') as HTMLSelectElement;
    await vi.waitFor(() => expect(language.value).toBe('pl'));
    expect([...language.options].map((o) => o.text)).toEqual(['English', 'Deutsch', 'Français', 'Italiano', 'Español', 'Português', 'Polski', 'Nederlands']);

    await userEvent.selectOptions(language, 'de');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email settings saved!')).toBeTruthy();
    const puts = () => api.calls.filter((c) => c.method === 'PUT' && c.url === '/api/auth/me/settings');
    expect(puts()[0]?.body).toEqual({ locale: 'de' });
    expect(language.value).toBe('de');
    // The account has one language: the screens follow it (and the next visit opens in it).
    await vi.waitFor(() => expect(currentLocale()).toBe('de'));
    expect(document.cookie).toContain('corisk_locale=de');
    await setLocale('en');

    // Both changed: both sent.
    await userEvent.selectOptions(language, 'nl');
    await userEvent.selectOptions(within(form).getByLabelText('Digest of other changes'), 'off');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]?.body).toEqual({ locale: 'nl', digest_frequency: 'off' });
    await vi.waitFor(() => expect(currentLocale()).toBe('nl'));
  });

  it('keeps a language picked when its save fails, and sends it again on retry; Save with nothing picked sends the digest shown', async () => {
    let fail = true;
    const api = serve({
      'GET /api/auth/me/settings': () => jsonResponse(200, { digest_frequency: 'daily', locale: 'en' }),
      'PUT /api/auth/me/settings': (call) =>
        fail ? jsonResponse(500, {}) : jsonResponse(200, { digest_frequency: 'daily', locale: 'en', ...(call.body as object) }),
    });
    renderRoute('/profile', <ProfilePage />);
    const form = section('Emails');
    const language = within(form).getByLabelText('Language of emails') as HTMLSelectElement;
    await vi.waitFor(() => expect(language.disabled).toBe(false));
    const puts = () => api.calls.filter((c) => c.method === 'PUT').map((c) => c.body);

    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(puts()).toEqual([{ digest_frequency: 'daily' }]));

    await userEvent.selectOptions(language, 'it');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save email settings.')).toBeTruthy();
    expect(language.value).toBe('it');
    fail = false;
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email settings saved!')).toBeTruthy();
    expect(puts().slice(1)).toEqual([{ locale: 'it' }, { locale: 'it' }]);
    await vi.waitFor(() => expect(currentLocale()).toBe('it'));
    // Each language is marked as written in itself, for screen readers.
    expect([...language.options].map((o) => o.lang)).toEqual(['en', 'de', 'fr', 'it', 'es', 'pt', 'pl', 'nl']);
  });

  it.each(failedSaves('digest_frequency: Invalid option', 'Failed to save email settings.', 'Settings update not available (502)'))('save errors: %#', async (answer, message) => {
    serve({ 'PUT /api/auth/me/settings': () => answer });
    renderRoute('/profile', <ProfilePage />);
    const form = section('Emails');
    const select = within(form).getByLabelText('Digest of other changes') as HTMLSelectElement;
    await vi.waitFor(() => expect(select.disabled).toBe(false));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('says so when the setting cannot be loaded, and offers no save', async () => {
    serve({ 'GET /api/auth/me/settings': () => jsonResponse(503, { detail: 'down' }) });
    renderRoute('/profile', <ProfilePage />);
    const form = section('Emails');
    expect(await within(form).findByText(/could not be loaded/)).toBeTruthy();
    expect((within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('/auth/profile', () => {
  it('summarises the account and links to Account Settings', () => {
    serve({});
    renderRoute('/auth/profile', <AuthProfilePage />);
    expect(screen.getByRole('heading', { name: 'Ana Silva' })).toBeTruthy();
    expect(screen.getByText('Acme Lda')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Account Settings' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'My Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('logs out', async () => {
    serve({ 'POST /api/auth/logout': () => jsonResponse(200, { detail: 'Logged out successfully' }) });
    renderRoute('/auth/profile', <AuthProfilePage />);
    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('route: /auth/signin')).toBeTruthy();
    expect(screen.getByText('Logged out successfully')).toBeTruthy();
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
