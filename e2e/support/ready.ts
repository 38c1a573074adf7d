import type { Page } from '@playwright/test';

/**
 * Waits until the app answers clicks and keys. A server-rendered page shows its content before
 * its code runs: until then a link loads a new page and a button does nothing.
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}
