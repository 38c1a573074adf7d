import type { Page } from '@playwright/test';

/** Opens the assessment form with the company named by its fiscal number and country. */
export async function openAssessmentFor(page: Page, fiscalNumber: string, country: string): Promise<void> {
  await page.goto('/products/risk-assessment');
  await page.getByLabel(/Company Fiscal Number/).fill(fiscalNumber);
  await page.getByLabel(/Company Location/).selectOption(country);
}
