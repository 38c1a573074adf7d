import { expect, test, type Page } from '@playwright/test';
import { signUpAndSignIn } from './support/sign-up.js';
import { openAssessmentFor } from './support/assessment-form.js';

/**
 * The assessed site, placed and shown: a second site of a company in another district of the
 * same city gets its own coordinates (offline postal-code centroids), the registered office stays
 * beside it, and the pin moved with the keyboard re-places the site ("Placed by the user").
 */

/** The facts of the report's "Assessed Site" block, label → value. */
async function siteFacts(page: Page): Promise<Record<string, string>> {
  const block = page.getByRole('region', { name: 'Assessed Site' });
  await expect(block).toBeVisible();
  const labels = await block.locator('dt').allTextContents();
  const values = await block.locator('dd').allTextContents();
  return Object.fromEntries(labels.map((l, i) => [l.trim(), (values[i] ?? '').trim()]));
}

/** Runs an assessment and waits for its report (the previous one makes way while it runs). */
async function generate(page: Page, start: () => Promise<void>) {
  const before = page.url();
  await start();
  await expect(page.getByRole('progressbar', { name: 'Assessment progress' })).toBeVisible();
  // The new report, not the one before it: its id takes the earlier one's place in the address.
  await expect.poll(() => page.url() !== before && /[?&]report=/.test(page.url()), { timeout: 90_000 }).toBe(true);
  await expect(page.getByRole('region', { name: 'Assessed Site' })).toBeVisible();
}

const generateButton = (page: Page) => () => page.getByRole('button', { name: /Generate Risk Assessment/ }).click();

test('two sites in two districts of München get different coordinates; the pin moved by keyboard is placed by the user', async ({ page }) => {
  test.setTimeout(300_000);
  await signUpAndSignIn(page, 'siteplace');
  await openAssessmentFor(page, 'DE129274202', 'Germany');

  // The head office: no site address, so the site is the registered address.
  await generate(page, generateButton(page));
  const head = await siteFacts(page);
  expect(head['Site address']).toBe('Werner-von-Siemens-Straße 1, 80333 München');
  expect(head['Placement']).toBe('Postal code area');

  // A second site in another district of the same city.
  await page.getByLabel(/Site address/).fill('Otto-Hahn-Ring 6, 81739 München');
  await generate(page, generateButton(page));
  const second = await siteFacts(page);
  expect(second['Site address']).toBe('Otto-Hahn-Ring 6, 81739 München');
  expect([second['Latitude'], second['Longitude']]).not.toEqual([head['Latitude'], head['Longitude']]);
  // The registered office is still shown, beside the site.
  const company = page.getByRole('region', { name: 'Company Data' });
  await expect(company.getByText('Werner-von-Siemens-Straße 1, 80333 München')).toBeVisible();

  // Move the pin with the keyboard and assess there.
  const pin = page.getByRole('button', { name: /^Site pin at / });
  await pin.focus();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('status').filter({ hasText: /Pin moved to/ })).toBeVisible();
  await generate(page, () => page.getByRole('button', { name: 'Assess the site at the pin' }).click());
  const placed = await siteFacts(page);
  expect(placed['Placement']).toBe('Placed by the user');
  expect(placed['Site address']).toBe('Otto-Hahn-Ring 6, 81739 München');
  expect(Number(placed['Longitude'])).toBeGreaterThan(Number(second['Longitude']));
  expect(Number(placed['Latitude'])).toBeGreaterThan(Number(second['Latitude']));
});
