import type { Locator, Page } from '@playwright/test';
import {
  createConfirmedAccount,
  expect,
  logoutThroughNav,
  mailLink,
  newAccount,
  sessionStorageState,
  signInThroughUi,
  test,
} from './support/auth-app.js';

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Types the new password twice and submits: the reset page and Account Settings' password form alike. */
async function submitNewPassword(form: Page | Locator, password: string) {
  await form.getByLabel('New Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm New Password').fill(password);
  await form.getByRole('button', { name: 'Update Password' }).click();
}

test.describe('accounts and sessions', () => {
  test('sign up → e-mail → confirm → sign in (session storage) → dashboard → logout → guard', async ({ page, authApp }) => {
    const account = newAccount('Beatriz');

    await page.goto('/auth/signup');
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
    await page.getByLabel(/^First Name/).fill(account.firstName);
    await page.getByLabel(/^Last Name/).fill(account.lastName);
    await page.getByLabel(/^Email Address/).fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByLabel(/^Confirm Password/).fill(account.password);
    await page.getByLabel(/^Company Name/).fill(account.companyName);
    await page.getByLabel(/^Fiscal Number/).fill(account.fiscalNumber);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, 'You must agree to the Terms and Conditions')).toBeVisible();
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // The answer waits for the password hash and the SMTP hand-off: slow when two workers share the machine.
    await expect(toast(page, 'Signup successful! Check your email to confirm your account.')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/home$/);

    // The confirmation mail arrived over SMTP.
    const { mail, link } = await mailLink(authApp.smtp, account.email, '/api/auth/confirm');
    expect(mail.subject).toMatch(/confirm/i);
    expect(link.startsWith(authApp.url)).toBe(true);

    // Not confirmed yet: sign-in is refused with the server's detail.
    await page.goto('/auth/signin');
    await page.getByLabel('Email Address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(toast(page, 'Please confirm your email address')).toBeVisible();

    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\/confirm$/);
    await expect(page.getByRole('heading', { name: 'Your Account Activated' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/signin$/, { timeout: 8000 });

    // The link works once; a second visit explains why.
    await page.goto(link);
    await expect(toast(page, 'This confirmation link has already been used. Please sign in.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/signin$/);

    await signInThroughUi(page, account, false);
    await expect(toast(page, 'Logged in successfully')).toBeVisible();
    const stored = await sessionStorageState(page);
    expect(stored.session).toBeTruthy();
    expect(stored.local).toBeNull();
    expect(stored.type).toBe('session');
    // The plan status was fetched with the new token and stored (free trial: signup credits).
    expect(JSON.parse(stored.planStatus ?? 'null')).toMatchObject({ signup_credits: expect.any(Number) });
    await expect(toast(page, 'Failed to fetch plan status')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: account.firstName })).toBeVisible();

    await logoutThroughNav(page, account.firstName);
    await expect(toast(page, 'Logged out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    expect((await sessionStorageState(page)).session).toBeNull();

    // The guard sends signed-out visitors to sign-in, replacing the history entry.
    await page.goto('/home');
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/home$/);
  });

  test("'Keep me logged in' keeps the session in localStorage, shared with new tabs", async ({ page, context, authApp }) => {
    const account = await createConfirmedAccount(page.request, authApp.smtp, newAccount('Carlos'));
    await signInThroughUi(page, account, true);
    const stored = await sessionStorageState(page);
    expect(stored.local).toBeTruthy();
    expect(stored.session).toBeNull();
    expect(stored.type).toBe('local');

    const second = await context.newPage();
    await second.goto('/profile');
    await expect(second.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    const overview = second.getByRole('tabpanel', { name: 'Overview' });
    await expect(overview.getByText(`${account.firstName} ${account.lastName}`)).toBeVisible();
    await expect(overview.getByText('Email & Password')).toBeVisible();
    await expect(overview.getByText(account.fiscalNumber)).toBeVisible();
  });

  test('logging out in one tab logs out the other', async ({ page, context, authApp }) => {
    const account = await createConfirmedAccount(page.request, authApp.smtp, newAccount('Diana'));
    await signInThroughUi(page, account, true);
    const other = await context.newPage();
    await other.goto('/profile');
    await expect(other.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

    await logoutThroughNav(page, account.firstName);
    await expect(toast(page, 'Logged out successfully')).toBeVisible();
    await expect(toast(other, 'You have been logged out from another tab.')).toBeVisible();
    await expect(other).toHaveURL(/\/auth\/signin$/);
    expect(await other.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  test('recovery → reset → sign in with the new password', async ({ page, authApp }) => {
    const account = await createConfirmedAccount(page.request, authApp.smtp, newAccount('Eva'));
    const newPassword = 'Lighthouse-Keeper-77';

    await page.goto('/auth/signin');
    await page.getByRole('link', { name: /Forgot your password/ }).click();
    await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(toast(page, 'Please enter your email address')).toBeVisible();
    await page.getByLabel('Email Address').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(toast(page, 'Password reset link sent! Check your email')).toBeVisible();
    await expect(page.getByLabel('Email Address')).toHaveValue('');

    const { link } = await mailLink(authApp.smtp, account.email, '/auth/reset-password?access_token=');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
    await submitNewPassword(page, 'short');
    await expect(toast(page, 'Password must be at least 6 characters long')).toBeVisible();
    await submitNewPassword(page, newPassword);
    await expect(toast(page, 'Password updated successfully! Please sign in with your new password.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/signin$/);

    // The old password no longer works; the new one does.
    await page.getByLabel('Email Address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(toast(page, 'Invalid email or password')).toBeVisible();
    await signInThroughUi(page, { email: account.email, password: newPassword }, false);

    // The reset link works once.
    await page.goto(link);
    await submitNewPassword(page, 'Another-Secret-2025');
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/reset-password/);
  });

  test('a reset link without a token shows Invalid Reset Link, then goes to sign-in', async ({ page }) => {
    await page.goto('/auth/reset-password');
    await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
    await expect(toast(page, 'Invalid or missing reset token')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute('href', '/auth/password-recovery');
    await expect(page).toHaveURL(/\/auth\/signin$/, { timeout: 10_000 });
  });

  test('Account Settings: change the e-mail and the password', async ({ page, authApp }) => {
    const account = await createConfirmedAccount(page.request, authApp.smtp, newAccount('Filipa'));
    await signInThroughUi(page, account, false);
    await page.goto('/profile');
    const profile = page.getByRole('region', { name: 'Profile Information' });
    const newEmail = account.email.replace('@', '+new@');
    await profile.getByLabel('Email Address').fill(newEmail);
    await profile.getByRole('button', { name: 'Update Email' }).click();
    await expect(toast(page, 'Email updated successfully!')).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Overview' }).getByText(newEmail)).toBeVisible();

    const passwords = page.getByRole('region', { name: 'Password Management' });
    await passwords.getByLabel('Current Password').fill('wrong-password-1');
    await submitNewPassword(passwords, 'Northern-Star-2025');
    await expect(toast(page, 'Current password is incorrect')).toBeVisible();
    await passwords.getByLabel('Current Password').fill(account.password);
    await passwords.getByRole('button', { name: 'Update Password' }).click();
    await expect(toast(page, 'Password updated successfully!')).toBeVisible();
    await expect(passwords.getByLabel('Current Password')).toHaveValue('');

    await logoutThroughNav(page, account.firstName);
    await signInThroughUi(page, { email: newEmail, password: 'Northern-Star-2025' }, false);
  });
});

test.describe('server-rendered public pages for a signed-in visitor', () => {
  // The HTML is the same for everyone; a signed-in visitor must never see, not even for a frame,
  // an offer or a button meant for visitors without an account.
  const signedOutOnly = ['Start Free Trial', 'Get Started Free', 'Run your first assessment today', 'Sign in to subscribe', 'Login'];

  test('never shows a signed-out call to action while the page starts', async ({ page, request, authApp }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const account = await createConfirmedAccount(request, authApp.smtp, newAccount('Carla'));
    await signInThroughUi(page, account, true);
    await page.addInitScript((texts) => {
      const seen: string[] = [];
      (window as unknown as { seenSignedOut: string[] }).seenSignedOut = seen;
      const scan = () => {
        for (const el of document.querySelectorAll('a, p, h2')) {
          const text = el.textContent?.trim() ?? '';
          if (texts.some((t) => text === t || text.startsWith(t)) && el.checkVisibility({ visibilityProperty: true })) seen.push(text);
        }
      };
      new MutationObserver(scan).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      const everyFrame = () => {
        scan();
        if (!document.documentElement.hasAttribute('data-ready')) requestAnimationFrame(everyFrame);
      };
      requestAnimationFrame(everyFrame);
    }, signedOutOnly);
    for (const path of ['/home', '/features', '/about-us', '/methodology', '/contact', '/products']) {
      await page.goto(path);
      await page.locator('html[data-ready]').waitFor({ state: 'attached' });
      await expect(page.getByRole('banner').getByRole('button', { name: 'Carla' })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { seenSignedOut: string[] }).seenSignedOut), path).toEqual([]);
    }
    await page.goto('/home');
    await expect(page.getByRole('link', { name: 'Start an Assessment' })).toBeVisible();
  });
});

test.describe('session monitor in the browser (controlled clock)', () => {
  const MIN = 60_000;
  const token = (page: Page) => page.evaluate(() => localStorage.getItem('access_token'));

  test('logs out after 30 minutes without activity', async ({ page, authApp }) => {
    const account = await createConfirmedAccount(page.request, authApp.smtp, newAccount('Gil'));
    await page.clock.install();
    await signInThroughUi(page, account, true);
    await page.clock.fastForward(29 * MIN);
    await page.clock.fastForward(30_000);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.clock.fastForward(2 * MIN);
    await expect(toast(page, 'Logged out due to inactivity.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    expect(await token(page)).toBeNull();
  });

  test('renews the token at 15 minutes left while the user is active', async ({ page, authApp }) => {
    const account = await createConfirmedAccount(page.request, authApp.smtp, newAccount('Helena'));
    await page.clock.install();
    await signInThroughUi(page, account, true);
    const first = await token(page);
    for (const step of [20 * MIN, 20 * MIN]) {
      await page.clock.fastForward(step);
      await page.mouse.move(100 + step / MIN, 200);
    }
    expect(await token(page)).toBe(first); // 20 minutes left: nothing to do yet
    await page.clock.fastForward(6 * MIN); // 14 minutes left
    await expect.poll(() => token(page)).not.toBe(first);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('warns once when the token cannot be renewed, then logs out when it expires', async ({ page, authApp }) => {
    const account = await createConfirmedAccount(page.request, authApp.smtp, newAccount('Ines'));
    await page.clock.install();
    await signInThroughUi(page, account, true);
    await page.route('**/api/auth/refresh', (route) => route.abort('internetdisconnected'));
    for (const step of [25 * MIN, 25 * MIN]) {
      await page.clock.fastForward(step);
      await page.mouse.move(100 + step / MIN, 200);
    }
    // 10 minutes left: the renewal fails for lack of network, so the warning shows.
    await expect(toast(page, /Your session will expire in 10 minutes/)).toBeVisible();
    await page.clock.fastForward(MIN);
    await expect(toast(page, /Your session will expire in/)).toHaveCount(1);
    for (let i = 0; i < 3; i++) {
      await page.mouse.move(300 + i, 200);
      await page.clock.fastForward(5 * MIN);
    }
    // Past exp + 5 minutes.
    await expect(toast(page, 'Your session has expired. Please log in again.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/signin$/);
  });
});
