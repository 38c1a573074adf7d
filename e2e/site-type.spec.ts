import { expect, test } from '@playwright/test';
import { signUpAndSignIn } from './support/sign-up.js';

/**
 * The site type on the assessment screen against the built app (sample directory, embedded
 * analyst): EDP's typical site is a plant, assumed; choosing "Office" rates the same company
 * for an office, and the industry reasons and company facts say so.
 */

test('choosing "Office" changes the industry reasons shown', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndSignIn(page, 'sitetype');
  await page.goto('/products/risk-assessment');
  const siteType = page.getByLabel('Site type');
  await expect(siteType).toHaveValue('');

  await page.getByLabel(/Company Fiscal Number/).fill('PT500697256');
  await expect(page.getByLabel(/Company Location/)).toHaveValue('Portugal');
  await page.getByRole('button', { name: /Generate Risk Assessment/ }).click();
  await expect(page.getByText('Successfully generated risk assessment.').first()).toBeVisible({ timeout: 60_000 });
  let report = page.getByRole('article', { name: 'Your Risk Assessment Report' });
  await expect(report.getByText('Plant (assumed from the activity)', { exact: true })).toBeVisible();
  await expect(report.getByText('generation plant, transformers and fuel', { exact: true })).toBeVisible();
  await expect(report.getByText('site type: plant (assumed from the activity)').first()).toBeVisible();
  await expect(report.getByText(/^Site type assumed from the activity \(plant\): confirm/)).toBeVisible();

  // By keyboard: focus the select and pick Office.
  await siteType.focus();
  await siteType.selectOption('office');
  await page.getByRole('button', { name: /Generate Risk Assessment/ }).click();
  report = page.getByRole('article', { name: 'Your Risk Assessment Report' });
  await expect(report.getByText('Office (chosen)', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(report.getByText('office building: IT equipment, archives and fit-out', { exact: true })).toBeVisible();
  await expect(report.getByText('site type: office (chosen)').first()).toBeVisible();
  await expect(report.getByText('generation plant, transformers and fuel', { exact: true })).toHaveCount(0);
});
