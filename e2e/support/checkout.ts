import { expect, type Page } from '@playwright/test';

/** Basic yearly through the built-in test checkout: 100 credits (the free trial has 3); ends on the assessment screen. */
export async function subscribeToBasic(page: Page): Promise<void> {
  await page.goto('/products');
  await page.getByRole('article', { name: 'Basic' }).getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\?session=/);
  await page.getByLabel('Billing address').fill('Rua Augusta 1, 1100-048 Lisboa');
  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(page).toHaveURL(/\/products\/risk-assessment/);
}
