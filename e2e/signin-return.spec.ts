import { expect, test, type Page } from '@playwright/test';
import { E2E_PASSWORD, signUpAndSignIn } from './support/sign-up.js';

/**
 * Where signing in leads: back to the page the user was on when the session ran out; to the
 * dashboard after the user's own logout (the page is not remembered then).
 */

async function signInThroughForm(page: Page, email: string): Promise<void> {
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** A well-formed access token that expired an hour ago. */
function expiredToken(): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'x', exp: Math.floor(Date.now() / 1000) - 3600 })}.c2ln`;
}

test('a session that runs out on a page: signing in again returns to that page', async ({ page }) => {
  test.setTimeout(90_000);
  const email = await signUpAndSignIn(page, 'expired');
  await page.goto('/portfolio?from=e2e');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolios' })).toBeVisible();

  // The access token runs out and cannot be renewed; the session check on focus ends the session.
  await page.evaluate((token) => {
    sessionStorage.setItem('access_token', token);
    sessionStorage.removeItem('refresh_token');
    window.dispatchEvent(new Event('focus'));
  }, expiredToken());
  await expect(page).toHaveURL(/\/auth\/signin$/, { timeout: 40_000 });
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: /expired|Invalid session/ })).toBeVisible();

  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/portfolio\?from=e2e$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolios' })).toBeVisible();
  // The sign-in screen is not left behind in the history.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/auth\/signin/);
});

test("after the user's own logout, signing in goes to the dashboard, not back to the page", async ({ page }) => {
  test.setTimeout(90_000);
  const email = await signUpAndSignIn(page, 'ownlogout');
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolios' })).toBeVisible();
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Inês' }).hover();
  await banner.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);

  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
});
