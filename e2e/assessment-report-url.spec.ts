import { expect, test, type Page } from '@playwright/test';
import { E2E_PASSWORD, signUpAndSignIn } from './support/sign-up.js';

/**
 * The assessment tool's URL and credits in a real browser against the built app: a new report
 * is named in the URL (reload, Back and Forward, a link opened in a fresh tab of the same
 * account), the credit balance beside Generate, and the way to the plans once the credits are
 * gone.
 */

/** A call of the signed-in app's API from the page (its session token). */
async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('access_token') ?? sessionStorage.getItem('access_token');
      const res = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, body: (await res.json()) as T };
    },
    { method, path, body },
  );
}

test('a new report is in the URL: reload, Back, Forward and a fresh tab of the same account show it', async ({ page, context }) => {
  test.setTimeout(150_000);
  const email = await signUpAndSignIn(page, 'reporturl');
  await page.goto('/products/risk-assessment');
  await expect(page.getByText('3 credits left')).toBeVisible();

  await page.getByRole('button', { name: /Red Bull GmbH/ }).click();
  await page.getByRole('button', { name: /Generate Risk Assessment/ }).click();
  await expect(page.getByText('Successfully generated risk assessment.')).toBeVisible({ timeout: 90_000 });
  const report = page.getByRole('article', { name: 'Your Risk Assessment Report' });
  await expect(report.getByText('Report ID:')).toBeVisible();
  const reportId = (await report.locator('dd.font-mono').first().textContent())!.trim();
  // The URL names the report the server stored.
  await expect(page).toHaveURL(new RegExp(`/products/risk-assessment\\?report=${reportId}$`));
  const stored = await apiCall<{ result: { id: string } }>(page, 'GET', `/api/reports/${reportId}`);
  expect(stored.body.result.id).toBe(reportId);
  // The credit it cost shows at once.
  await expect(page.getByText('2 credits left')).toBeVisible();
  await page.getByRole('form', { name: 'Risk assessment' }).screenshot({ path: test.info().outputPath('credits-1280.png') });

  // A reload reopens it.
  await page.reload();
  await expect(report.locator('dd.font-mono').first()).toHaveText(reportId, { timeout: 20_000 });

  // Back: the form without a report; Forward: the report again.
  await page.goBack();
  await expect(page).toHaveURL(/\/products\/risk-assessment$/);
  await expect(report).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Risk assessment' })).toBeVisible();
  await page.goForward();
  await expect(report.locator('dd.font-mono').first()).toHaveText(reportId, { timeout: 20_000 });

  // The link in a fresh tab (its session storage is its own): sign in, and the same report opens.
  const shared = await context.newPage();
  await shared.goto(`/products/risk-assessment?report=${reportId}`);
  await expect(shared).toHaveURL(/\/auth\/signin$/);
  await shared.getByLabel(/email/i).fill(email);
  await shared.getByLabel(/^password/i).fill(E2E_PASSWORD);
  await shared.getByRole('button', { name: 'Log In' }).click();
  await expect(shared).toHaveURL(new RegExp(`/products/risk-assessment\\?report=${reportId}$`));
  await expect(shared.getByRole('article', { name: 'Your Risk Assessment Report' }).locator('dd.font-mono').first()).toHaveText(reportId, {
    timeout: 20_000,
  });
});

test('no credit left: Generate disabled with the reason and a link to the plans; a refused run’s toast leads to the plans', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpAndSignIn(page, 'nocredit');
  await page.goto('/products/risk-assessment');
  await expect(page.getByText('3 credits left')).toBeVisible();

  // Spend the three free credits on a portfolio of three sites.
  const samples = (await apiCall<{ fiscal_number: string; country: string }[]>(page, 'GET', '/api/companies/samples')).body;
  const rows = samples.slice(0, 3).map((s) => ({ fiscal_number: s.fiscal_number, country: s.country }));
  const created = await apiCall<{ id: string }>(page, 'POST', '/api/portfolios', { rows });
  expect(created.status).toBe(201);
  await expect
    .poll(async () => (await apiCall<{ status: string; done: number }>(page, 'GET', `/api/portfolios/${created.body.id}`)).body, { timeout: 90_000 })
    .toMatchObject({ status: 'done', done: 3 });

  await page.reload();
  const note = page.locator('#credit-balance');
  await expect(note).toContainText('No credits left.');
  await expect(note).toContainText('Your free trial credits are used up.');
  const generate = page.getByRole('button', { name: /Generate Risk Assessment/ });
  await expect(generate).toBeDisabled();
  await expect(generate).toHaveAttribute('aria-describedby', 'credit-balance');
  await expect(note.getByRole('link', { name: 'View plans' })).toHaveAttribute('href', '/products');
  await page.getByRole('form', { name: 'Risk assessment' }).screenshot({ path: test.info().outputPath('no-credit-1280.png') });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('form', { name: 'Risk assessment' }).screenshot({ path: test.info().outputPath('no-credit-375.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 720 });

  // A screen that still believes a credit is left (as if the last one went in another tab): the
  // server refuses the run, and the toast offers the plans.
  await page.route('**/api/stripe/plan-status', async (route) => {
    try {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...(await res.json()), allowed: true, credits: 1, reason: '' } });
    } catch {
      // A request the reload cut off (its response disposed): the reloaded page asks again.
    }
  });
  await page.reload();
  await expect(page.getByText('1 credit left')).toBeVisible();
  await page.getByRole('button', { name: /Red Bull GmbH/ }).click();
  await generate.click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Your free trial credits are used up.' });
  await expect(toast).toBeVisible({ timeout: 20_000 });
  await toast.getByRole('button', { name: 'View plans' }).click();
  await expect(page).toHaveURL(/\/products$/);
});
