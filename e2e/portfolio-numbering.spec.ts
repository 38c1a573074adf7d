import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { signUpAndSignIn } from './support/sign-up.js';

/**
 * A small portfolio in a real browser against the built app: one row numbering on every screen,
 * over the API and in the export; a row's report leads back to its portfolio; the sites table on
 * a phone.
 */

/** A header line, a blank line, then three rows; the third repeats the first. */
const PASTE = ['fiscal_number,country,reference', '', 'PT500697256,PT,EDP-LIS', 'DE143454214,DE,SAP-WDF', 'PT500697256,Portugal,EDP-AGAIN'].join('\n');

async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const token = localStorage.getItem('access_token') ?? sessionStorage.getItem('access_token');
    return (await (await fetch(p, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
  }, path);
}

/** Pastes the rows, checks them and confirms; ends on the finished portfolio. Returns its URL. */
async function runPortfolio(page: Page, name: string): Promise<string> {
  await page.goto('/portfolio');
  await page.getByRole('tab', { name: /Paste rows/ }).click();
  await page.getByLabel(/Rows \(CSV/).fill(PASTE);
  await page.getByRole('button', { name: 'Check rows' }).click();
  const preview = page.getByRole('region', { name: 'Check the rows' });
  await expect(preview).toBeVisible();
  await preview.getByLabel('Portfolio name').fill(name);
  await preview.getByRole('button', { name: 'Confirm and assess 2 sites' }).click();
  await expect(page).toHaveURL(/\/portfolio\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Assessment finished' })).toBeVisible({ timeout: 90_000 });
  return page.url();
}

test('one numbering: the preview, the results, the API and the export say row 1, 2, 3; a message cites the row', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpAndSignIn(page, 'rows');
  await page.goto('/portfolio');
  await page.getByRole('tab', { name: /Paste rows/ }).click();
  await page.getByLabel(/Rows \(CSV/).fill(PASTE);
  await page.getByRole('button', { name: 'Check rows' }).click();
  const preview = page.getByRole('region', { name: 'Check the rows' });
  const previewRows = preview.getByRole('table').locator('tbody tr');
  await expect(previewRows).toHaveCount(3);
  await expect(preview.getByRole('columnheader', { name: 'Row' })).toBeVisible();
  // The problem row first: row 3, found on line 5 of the pasted text, citing row 1.
  const bad = preview.locator('tr[data-invalid]');
  await expect(bad.locator('td').first()).toHaveText(/^3\s*line 5$/);
  await expect(bad).toContainText('Same fiscal number as row 1, and no site address');
  await expect(previewRows.nth(1).locator('td').first()).toHaveText(/^1\s*line 3$/);
  await preview.getByLabel('Portfolio name').fill('Numbered book');
  await preview.getByRole('button', { name: 'Confirm and assess 2 sites' }).click();
  await expect(page).toHaveURL(/\/portfolio\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Assessment finished' })).toBeVisible({ timeout: 90_000 });

  const sites = page.getByRole('region', { name: 'Sites', exact: true });
  await expect(sites.getByRole('columnheader', { name: /^Row/ })).toBeVisible();
  const first = sites.locator('tbody tr:not([data-failed-reason])');
  await expect(first).toHaveCount(3);
  expect((await first.locator('td:first-child').allInnerTexts()).map((t) => t.trim())).toEqual(['1', '2', '3']);
  await expect(sites.locator('[data-failed-reason]')).toContainText('Same fiscal number as row 1, and no site address');

  // The API numbers them the same way.
  const detail = await apiGet<{ rows: { row: number; reference: string }[] }>(page, `/api/portfolios/${id}`);
  expect(detail.rows.map((r) => [r.row, r.reference])).toEqual([
    [1, 'EDP-LIS'],
    [2, 'SAP-WDF'],
    [3, 'EDP-AGAIN'],
  ]);

  // So does the export.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const path = test.info().outputPath('rows.csv');
  await download.saveAs(path);
  const lines = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines.map((l) => l.split(',').slice(0, 2).join(','))).toEqual(['Row,Reference', '1,EDP-LIS', '2,SAP-WDF', '3,EDP-AGAIN']);
});

test("a row's report leads back to its portfolio, without an empty assessment form; on a phone the sites table scrolls within itself", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signUpAndSignIn(page, 'rowback');
  const portfolioUrl = await runPortfolio(page, 'Way back book');
  const portfolioPath = new URL(portfolioUrl).pathname;
  const sites = page.getByRole('region', { name: 'Sites', exact: true });
  await sites.getByRole('link', { name: /^Open report: SAP SE/ }).click();
  await expect(page).toHaveURL(/\/products\/risk-assessment\?report=[^&]+&portfolio=[0-9a-f-]{36}$/);
  const report = page.getByRole('article', { name: 'Your Risk Assessment Report' });
  await expect(report).toBeVisible({ timeout: 20_000 });
  const back = page.getByRole('link', { name: 'Back to portfolio Way back book' });
  await expect(back).toHaveAttribute('href', portfolioPath);
  // The link sits above the report, and the single-assessment form is not on the page.
  expect((await back.boundingBox())!.y).toBeLessThan((await report.boundingBox())!.y);
  await expect(page.getByRole('form', { name: 'Risk assessment' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('row-report-1280.png') });
  await back.click();
  await expect(page).toHaveURL(portfolioUrl);

  // A phone, 375 px wide.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(portfolioUrl);
  await expect(page.getByRole('heading', { name: 'Assessment finished' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Sites table' });
  await expect(table).toBeVisible();
  await expect(page.getByText(/Scroll the table sideways for every column/)).toBeVisible();
  // Nothing on the page is wider than the screen.
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, view: window.innerWidth }));
  expect(widths.doc).toBeLessThanOrEqual(widths.view);
  expect(widths.body).toBeLessThanOrEqual(widths.view);
  await page.screenshot({ path: test.info().outputPath('portfolio-375.png'), fullPage: true });
  await page.getByRole('region', { name: 'Sites', exact: true }).screenshot({ path: test.info().outputPath('sites-375.png') });
  // A failed row's reason reads without scrolling sideways.
  const reason = table.locator('[data-failed-reason] p');
  const reasonBox = (await reason.boundingBox())!;
  expect(reasonBox.x + reasonBox.width).toBeLessThanOrEqual(375);

  // The table is reached by keyboard and scrolls to its last column.
  await table.focus();
  await expect(table).toBeFocused();
  const headers = table.getByRole('columnheader');
  const count = await headers.count();
  for (let i = 0; i < count; i += 1) {
    await headers.nth(i).scrollIntoViewIfNeeded();
    const box = (await headers.nth(i).boundingBox())!;
    expect(box.x, `column ${i}`).toBeGreaterThanOrEqual(0);
    expect(box.x + Math.min(box.width, 40), `column ${i}`).toBeLessThanOrEqual(375);
  }
  const reportLink = table.getByRole('link', { name: /^Open report: SAP SE/ });
  await reportLink.scrollIntoViewIfNeeded();
  const linkBox = (await reportLink.boundingBox())!;
  expect(linkBox.x + linkBox.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('portfolio-375-scrolled.png') });
  expect(((await reason.boundingBox())!).x).toBeGreaterThanOrEqual(0);
  // Still no sideways scroll of the page itself.
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
});
