import { expect, test, type Page } from '@playwright/test';
import { signUpAndSignIn } from './support/sign-up.js';

/**
 * Monitoring in a real browser against the built app (sample company directory, the job queue
 * and its workers): a two-site portfolio is watched from its screen, checked now, the check is
 * seen to its end, and the Alerts inbox shows that nothing changed. Sample companies do not
 * change between checks, so the inbox's list of events is covered by the unit tests.
 */

/** A call of the API with the session the page holds. */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('access_token') ?? sessionStorage.getItem('access_token');
      const res = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { method, path, body },
  );
}

test('a portfolio is watched and checked now from its screen; the inbox is empty', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, 'monitoring');

  const created = await api(page, 'POST', '/api/portfolios', {
    name: 'Watched book',
    rows: [
      { fiscal_number: 'PT500697256', country: 'Portugal', reference: 'EDP' },
      { fiscal_number: 'DE143454214', country: 'Germany', reference: 'SAP' },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = (created.body as { id: string }).id;

  await page.goto(`/portfolio/${id}`);
  await expect(page.getByText('Assessment finished')).toBeVisible({ timeout: 60_000 });

  const panel = page.getByRole('region', { name: 'Monitoring' });
  const watch = panel.getByRole('switch', { name: 'Watch this portfolio' });
  await expect(watch).toHaveAttribute('aria-checked', 'false');
  await expect(panel.getByText('Not checked yet')).toBeVisible();

  // On from the keyboard, then weekly: each change is saved at once.
  await watch.focus();
  await page.keyboard.press('Space');
  await expect(watch).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Monitoring is on: the sites are checked daily.')).toBeVisible();
  await panel.getByLabel('Check frequency').selectOption('weekly');
  await expect(page.getByText('Monitoring is on: the sites are checked weekly.')).toBeVisible();
  await expect(panel.getByText('Off: turn monitoring on to schedule checks')).toHaveCount(0);
  const setting = await api(page, 'GET', `/api/portfolios/${id}/monitoring`);
  expect(setting.body).toMatchObject({ enabled: true, frequency: 'weekly' });
  expect((setting.body as { next_check_at: string | null }).next_check_at).not.toBeNull();

  // Check now: the run is followed to its end.
  await panel.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByText('Checking 2 sites now.')).toBeVisible();
  await expect(page.getByText('The check has finished. Any change found is in Alerts.')).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByText('Not checked yet')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Check now' })).toBeEnabled();
  await panel.screenshot({ path: test.info().outputPath('monitoring-panel.png') });
  await page.screenshot({ path: test.info().outputPath('portfolio-page.png'), fullPage: true });

  // The inbox, from the header: nothing changed, so nothing to acknowledge.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No alerts yet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Acknowledge all' })).toBeDisabled();
  await page.getByLabel('Portfolio').selectOption({ label: 'Watched book' });
  await expect(page).toHaveURL(new RegExp(`/events\\?portfolio=${id}$`));
  await expect(page.getByRole('heading', { name: 'No alerts match these filters' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('inbox.png'), fullPage: true });
});
