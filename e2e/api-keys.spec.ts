import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.js';
import { signUpAndSignIn } from './support/sign-up.js';

/**
 * API keys in a real browser against the built app: a key made on the profile's API keys tab
 * opens /api/v1 for a program (an assessment, its PDF), and once revoked there the same call is 401.
 */

test('a key made on the profile opens /api/v1 until it is revoked there', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpAndSignIn(page, 'api-keys');

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=api-keys$/);
  await expect(page.getByText('No API keys yet. Create one to call the API from your own systems.')).toBeVisible();

  await page.getByLabel('Key name').fill('Underwriting system');
  await page.getByRole('button', { name: 'Create key' }).click();
  const panel = page.getByRole('region', { name: 'Copy your new key “Underwriting system” now' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('This is the only time the key is shown.', { exact: false })).toBeVisible();
  const secret = await panel.getByLabel('New API key').inputValue();
  expect(secret).toMatch(/^crk_[0-9A-Za-z]{43}$/);
  await panel.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByText('API key copied to the clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  const row = page.getByRole('row', { name: /Underwriting system/ });
  await expect(row).toContainText(`${secret.slice(0, 12)}…`);
  await expect(row).toContainText('Never');
  await page.screenshot({ path: test.info().outputPath('api-key-created.png'), fullPage: true });
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);

  // A program calls the API with the key: an assessment, then its PDF.
  const authorization = `Bearer ${secret}`;
  const made = await request.post('/api/v1/assessments', {
    headers: { authorization, 'idempotency-key': 'e2e-1' },
    data: { fiscal_number: '500697256', country: 'PT' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const report = (await made.json()) as { id: string; overallScoreGrade: string; company_data: { name: string } };
  expect(report.company_data.name).toBe('EDP, S.A.');
  const pdf = await request.get(`/api/v1/assessments/${report.id}/pdf`, { headers: { authorization } });
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The list shows when it was last used.
  await page.reload();
  await expect(page.getByRole('row', { name: /Underwriting system/ })).not.toContainText('Never');

  await page.getByRole('button', { name: 'Revoke Underwriting system' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke “Underwriting system”?' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('api-key-revoke-dialog.png') });
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('API key revoked')).toBeVisible();
  await expect(page.getByText('No API keys yet.', { exact: false })).toBeVisible();

  const refused = await request.get(`/api/v1/assessments/${report.id}`, { headers: { authorization } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ detail: 'This API key has been revoked.' });
});

test.describe('accessibility', () => {
  // axe is injected as a script: this block alone bypasses the CSP (shell.spec.ts checks the CSP).
  test.use({ bypassCSP: true });

  for (const [name, viewport] of Object.entries({ desktop: { width: 1280, height: 900 }, mobile: { width: 360, height: 780 } })) {
    test(`the API keys tab at ${name} width: list, new key and revoke dialog without serious axe violations`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signUpAndSignIn(page, 'api-keys');
      await page.goto('/profile?tab=api-keys');
      await expect(page.getByText('No API keys yet.', { exact: false })).toBeVisible();
      expect(await seriousViolations(page, 'api keys')).toEqual([]);

      await page.getByLabel('Key name').fill('Broker portal');
      await page.getByRole('button', { name: 'Create key' }).click();
      await expect(page.getByLabel('New API key')).toBeVisible();
      await expect(page.getByRole('row', { name: /Broker portal/ })).toBeVisible();
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
      expect(await seriousViolations(page, 'api keys')).toEqual([]);
      await page.getByRole('tabpanel').screenshot({ path: test.info().outputPath(`api-keys-${name}.png`) });

      // Keyboard: the dialog opens on Enter, starts on Cancel, and Escape closes it.
      await page.getByRole('button', { name: 'Revoke Broker portal' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      expect(await seriousViolations(page, 'api keys')).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Revoke Broker portal' })).toBeFocused();
    });
  }
});
