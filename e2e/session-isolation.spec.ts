import type { Page } from '@playwright/test';
import { createConfirmedAccount, expect, logoutThroughNav, newAccount, test } from './support/auth-app.js';
import { subscribeToBasic } from './support/checkout.js';

/**
 * One user's data never reaches the next on a shared computer: A subscribes, runs an assessment
 * and signs out through the menu; B signs in in the same tab (no reload, so everything the page
 * kept in memory is still there). From the moment B's sign-in is submitted a MutationObserver
 * checks every DOM change for A's company, report id and plan; B then visits the dashboard, the
 * profile and the assessment screen without reloading.
 */

interface Watch {
  installed: boolean;
  checks: number;
  hits: { needle: string; path: string }[];
}

/** Records, for every DOM change from now on, which needles the body's markup contains. */
async function watchForLeaks(page: Page, needles: string[]): Promise<void> {
  await page.evaluate((list) => {
    const w = window as unknown as { __leakWatch: Watch };
    const watch: Watch = { installed: true, checks: 0, hits: [] };
    w.__leakWatch = watch;
    const scan = () => {
      watch.checks += 1;
      // Markup, not only text: attributes (links, labels, titles) count as shown too.
      const html = document.body.innerHTML;
      for (const needle of list) {
        if (html.includes(needle)) watch.hits.push({ needle, path: location.pathname + location.search });
      }
    };
    new MutationObserver(scan).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    scan();
  }, needles);
}

async function readWatch(page: Page): Promise<Watch | undefined> {
  return page.evaluate(() => (window as unknown as { __leakWatch?: Watch }).__leakWatch);
}

test('after A signs out, B signing in in the same tab never sees A\u2019s company, report or plan', async ({ page, authApp }) => {
  test.setTimeout(180_000);
  const a = await createConfirmedAccount(page.request, authApp.smtp, {
    ...newAccount('Aurelio'),
    companyName: 'Aurelio Underwriting Partners',
  });
  const b = await createConfirmedAccount(page.request, authApp.smtp, newAccount('Beatriz'));
  const assessed = 'Nokia Oyj';
  const planLabel = 'Basic (Yearly)';

  // A signs in and subscribes to Basic yearly through the test checkout.
  await page.goto('/auth/signin');
  await page.getByLabel('Email Address').fill(a.email);
  await page.getByLabel('Password', { exact: true }).fill(a.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await subscribeToBasic(page);

  // A runs an assessment (a company that is not among the sample chips B's screen shows).
  await expect(page.getByRole('heading', { name: 'Company Risk Assessment' })).toBeVisible();
  await page.getByLabel(/Company Fiscal Number/).fill('FI01120389');
  await page.getByLabel(/Company Location/).selectOption('Finland');
  await page.getByRole('button', { name: /Generate Risk Assessment/ }).click();
  await expect(page.getByText('Successfully generated risk assessment.')).toBeVisible({ timeout: 90_000 });
  const report = page.getByRole('article', { name: 'Your Risk Assessment Report' });
  const reportId = (await report.locator('dd.font-mono').first().textContent())!.trim();
  expect(reportId).not.toBe('');

  // A's dashboard (in-app navigation, so the page keeps what it loaded): plan and report listed.
  await page.getByRole('banner').getByRole('link', { name: 'My Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(planLabel).first()).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent reports' });
  await expect(recent.getByRole('link', { name: assessed, exact: true })).toBeVisible();
  // Reopened in the tool, so the report itself is held by the page too.
  await recent.getByRole('link', { name: `Open report: ${assessed}` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?report=${reportId}$`));
  await expect(page.getByRole('article', { name: 'Your Risk Assessment Report' }).getByText(reportId)).toBeVisible();

  // A signs out through the menu and lands on sign-in.
  await logoutThroughNav(page, a.firstName);
  await expect(page).toHaveURL(/\/auth\/signin$/);

  // B signs in on the same page; the watch starts before the submit.
  await page.getByLabel('Email Address').fill(b.email);
  await page.getByLabel('Password', { exact: true }).fill(b.password);
  await watchForLeaks(page, [assessed, reportId, planLabel, a.companyName, a.email]);
  await page.getByRole('button', { name: 'Log In' }).click();

  // B's dashboard, settled: free trial, no reports.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Account Status: Free Trial')).toBeVisible();
  await expect(page.getByText('No active subscription')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent reports' }).getByRole('link', { name: /Open report/ })).toHaveCount(0);

  // B's profile, through the menu.
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: b.firstName }).hover();
  await banner.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText(b.companyName).first()).toBeVisible();

  // B's assessment screen, from the dashboard's tools.
  await banner.getByRole('link', { name: 'My Dashboard' }).click();
  await page.getByRole('region', { name: 'Your Tools' }).getByRole('link', { name: /Launch Tool/ }).click();
  await expect(page).toHaveURL(/\/products\/risk-assessment$/);
  await expect(page.getByRole('heading', { name: 'Company Risk Assessment' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Generate Risk Assessment/ })).toBeEnabled();

  const watch = await readWatch(page);
  // Still the page the watch was installed in (no reload wiped the evidence or the memory).
  expect(watch?.installed).toBe(true);
  expect(watch!.checks).toBeGreaterThan(10);
  expect(watch!.hits).toEqual([]);
});
