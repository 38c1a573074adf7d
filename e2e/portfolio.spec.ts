import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { subscribeToBasic } from './support/checkout.js';
import { signUpAndSignIn } from './support/sign-up.js';

/**
 * A portfolio in a real browser against the built app (sample company directory, offline
 * geocoder, embedded analyst, the background worker): a 20-row CSV file with 2 bad rows and one
 * company at three sites, its preview, the run to the end, a report opened from it, both
 * exports and the PDF summary read back, and the portfolio on the dashboard.
 */

interface Sample {
  name: string;
  fiscal_number: string;
  country: string;
}

const require = createRequire(import.meta.url);

/** The bundled sample companies, as the signed-in app lists them. */
async function samples(page: Page): Promise<Sample[]> {
  return page.evaluate(async () => {
    const res = await fetch('/api/companies/samples', { headers: { authorization: `Bearer ${localStorage.getItem('access_token') ?? sessionStorage.getItem('access_token')}` } });
    return (await res.json()) as Sample[];
  });
}

/** The credit balance, from the plan status (the free trial's credits are the balance until a plan starts). */
async function creditsLeft(page: Page): Promise<number> {
  const body = await page.evaluate(async () => {
    const res = await fetch('/api/stripe/plan-status', { headers: { authorization: `Bearer ${localStorage.getItem('access_token') ?? sessionStorage.getItem('access_token')}` } });
    return { status: res.status, body: (await res.json()) as { credits: number; signup_credits: number } };
  });
  expect(body.status, JSON.stringify(body.body)).toBe(200);
  return body.body.credits;
}

const csvField = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** EDP and 15 other sample companies (every other one by its code), EDP at two more sites, then two bad rows: 20 rows. */
function bookCsv(list: Sample[]): { csv: string; companies: string[] } {
  const edp = list.find((s) => s.fiscal_number === 'PT500697256');
  if (!edp) throw new Error('EDP is not among the sample companies');
  const others = list.filter((s) => s.fiscal_number !== edp.fiscal_number).slice(0, 15);
  expect(others).toHaveLength(15);
  const lines = ['Fiscal number,Country,Reference,Site address'];
  lines.push(['PT500697256', 'Portugal', 'EDP-LIS', ''].map(csvField).join(','));
  // The VAT prefix is the ISO code, but for Greece's EL, which the app accepts as well.
  others.forEach((s, i) => lines.push([s.fiscal_number, i % 2 ? s.country : s.fiscal_number.slice(0, 2), `POL-${1001 + i}`, ''].map(csvField).join(',')));
  lines.push(['PT500697256', 'PT', 'EDP-PORTO', 'Avenida da Boavista 1, 4100-113 Porto'].map(csvField).join(','));
  lines.push(['PT 500 697 256', 'Portugal', 'EDP-COIMBRA', 'Rua da Sofia 10, 3000-389 Coimbra'].map(csvField).join(','));
  lines.push(['PT500697257', 'Portugal', 'BAD-DIGITS', ''].map(csvField).join(','));
  lines.push(['DE143454214', 'Narnia', 'BAD-COUNTRY', ''].map(csvField).join(','));
  expect(lines).toHaveLength(21);
  return { csv: `${lines.join('\r\n')}\r\n`, companies: [edp.name, ...others.map((s) => s.name)] };
}

async function saved(download: Download, name: string): Promise<string> {
  const path = test.info().outputPath(name);
  await download.saveAs(path);
  return path;
}

/** The text of each page of a PDF, read with pdf.js. */
async function pdfText(path: string): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts/');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(await readFile(path)), standardFontDataUrl, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

test('a 20-row file: preview with 2 problems, confirm, progress to the end, a report, CSV, XLSX and PDF, the dashboard', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndSignIn(page, 'portfolio');
  await subscribeToBasic(page);
  const { csv, companies } = bookCsv(await samples(page));
  expect(companies).toHaveLength(16);
  const before = await creditsLeft(page);
  expect(before).toBeGreaterThanOrEqual(18);

  // Entry point from the assessment tool.
  await page.goto('/products/risk-assessment');
  await page.getByRole('link', { name: /Assess a portfolio/ }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolios' })).toBeVisible();
  await expect(page.getByText('No portfolios yet')).toBeVisible();

  // The template downloads from the page itself.
  const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download the CSV template/ }).click()]);
  expect(template.suggestedFilename()).toBe('corisk-portfolio-template.csv');
  expect(await readFile(await saved(template, 'template.csv'), 'utf8')).toContain('fiscal_number,country,reference,site_address');

  // Upload: the preview shows every row, the two problems in words, the cost against the balance.
  await page.getByLabel('Portfolio file (CSV or XLSX)').setInputFiles({ name: 'book-2026.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  const preview = page.getByRole('region', { name: 'Check the rows' });
  await expect(preview).toBeVisible();
  await expect(preview.getByText('Valid rows').locator('xpath=following-sibling::dd')).toHaveText('18');
  await expect(preview.getByText('Rows with problems').locator('xpath=following-sibling::dd')).toHaveText('2');
  await expect(preview.getByText(/of your/)).toHaveText(new RegExp(`18 of your ${before} credits`));
  const bad = preview.locator('tr[data-invalid]');
  await expect(bad).toHaveCount(2);
  await expect(bad.nth(0)).toContainText('PT500697257');
  await expect(bad.nth(0)).toContainText(/Portugal|VAT|fiscal/i);
  await expect(bad.nth(1)).toContainText('Narnia');
  await expect(preview.getByRole('table').locator('tbody tr')).toHaveCount(20);
  await expect(preview.getByLabel('Portfolio name')).toHaveValue('book 2026');

  // Confirm: the portfolio's own screen, progress to the end.
  await preview.getByLabel('Portfolio name').fill('E2E book 2026');
  await preview.getByRole('button', { name: 'Confirm and assess 18 sites' }).click();
  await expect(page).toHaveURL(/\/portfolio\/[0-9a-f-]{36}$/);
  const portfolioUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'E2E book 2026' })).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Portfolio progress' });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Assessment finished' })).toBeVisible({ timeout: 120_000 });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(bar).toHaveAttribute('aria-valuetext', '100%: 20 of 20 sites settled: 18 assessed, 2 failed');

  // Results: the map has a dot per assessed site, the charts count them, failed rows say why.
  const map = page.getByRole('img', { name: /Map of the sites of E2E book 2026/ });
  await expect(map.locator('circle')).toHaveCount(18);
  await expect(map.locator('circle title').first()).toHaveText(/grade [ABCDF], \d+\/100/);
  const grades = page.getByRole('region', { name: 'Grade distribution' });
  const counts = await grades.getByRole('listitem').allInnerTexts();
  expect(counts.map((t) => Number(/(\d+) \(/.exec(t)?.[1])).reduce((a, b) => a + b, 0)).toBe(18);
  await expect(page.getByRole('region', { name: 'Hazards that dominate the book' }).getByRole('listitem').first()).toBeVisible();
  const sites = page.getByRole('region', { name: 'Sites', exact: true });
  // The 2 bad rows say what is wrong; their data must be corrected, so they offer no Retry.
  await expect(sites.locator('[data-failed-reason]')).toHaveCount(2);
  await expect(sites.getByRole('button', { name: /^Retry row/ })).toHaveCount(0);
  await expect(sites.getByRole('link', { name: /^Open report:/ })).toHaveCount(18);
  // EDP at three sites, each its own assessment.
  await sites.getByLabel('Search').fill('EDP-');
  await expect(sites.getByRole('link', { name: /^Open report: EDP/ })).toHaveCount(3);
  await expect(sites.getByText('Avenida da Boavista 1, 4100-113 Porto')).toBeVisible();
  await sites.getByRole('button', { name: 'Clear filters' }).click();
  // Worst score first.
  await sites.getByRole('button', { name: /^Score/ }).click();
  const scores = (await sites.locator('tbody tr td:nth-child(4)').allInnerTexts()).map((t) => Number(/(\d+)\/100/.exec(t)?.[1])).filter((n) => n > 0);
  expect(scores).toHaveLength(18);
  expect([...scores].sort((a, b) => a - b)).toEqual(scores);

  // Exports: the files the server answers, read back.
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(csvDownload.suggestedFilename()).toMatch(/\.csv$/);
  const csvText = (await readFile(await saved(csvDownload, 'export.csv'), 'utf8')).replace(/^\uFEFF/, '');
  const csvLines = csvText.trim().split(/\r?\n/);
  expect(csvLines).toHaveLength(21);
  expect(csvLines[0]).toMatch(/^Row,Reference,Fiscal number,Country,Company,Site address,Status,Grade,Score,Worst hazard,/);
  expect(csvLines.filter((l) => l.includes(',done,'))).toHaveLength(18);
  expect(csvLines.filter((l) => l.includes(',failed,'))).toHaveLength(2);
  expect(csvText).toContain('EDP-PORTO');
  expect(csvText).toContain('Narnia');

  const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export XLSX' }).click()]);
  expect(xlsxDownload.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await saved(xlsxDownload, 'export.xlsx'));
  const sheet = workbook.worksheets[0]!;
  expect(sheet.rowCount).toBe(21);
  expect(sheet.getRow(1).getCell(1).value).toBe('Row');
  expect(sheet.getColumn(1).values.slice(2)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  const references = sheet.getColumn(2).values.slice(2).map(String);
  expect(references).toEqual(expect.arrayContaining(['EDP-LIS', 'EDP-PORTO', 'EDP-COIMBRA', 'BAD-DIGITS', 'BAD-COUNTRY']));
  const statuses = sheet.getColumn(7).values.slice(2).map(String);
  expect(statuses.filter((s) => s === 'done')).toHaveLength(18);

  const [pdfDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF summary' }).click()]);
  expect(pdfDownload.suggestedFilename()).toBe('E2E_book_2026_summary.pdf');
  const pdf = await pdfText(await saved(pdfDownload, 'summary.pdf'));
  expect(pdf).toContain('PORTFOLIO RISK SUMMARY');
  expect(pdf).toContain('E2E book 2026');
  expect(pdf).toContain('Grade distribution');
  expect(pdf).toContain('Hazards that dominate the book');
  expect(pdf).toContain('EDP-COIMBRA');
  expect(pdf).toContain('BAD-COUNTRY');
  expect(pdf).toMatch(/Page 1 of \d/);

  // A report opens in the report screen; back returns to the portfolio.
  await sites.getByRole('link', { name: /^Open report: EDP, S\.A\. \(EDP-PORTO\)/ }).click();
  await expect(page).toHaveURL(/\/products\/risk-assessment\?report=/);
  // The site's own report: the Porto address, not the head office.
  const report = page.getByRole('article', { name: 'Your Risk Assessment Report' });
  // The site's own address is the assessed site, beside the registered office (Lisboa).
  await expect(report.getByRole('region', { name: 'Assessed Site' })).toContainText('Avenida da Boavista 1, 4100-113 Porto', { timeout: 20_000 });
  await expect(report.getByRole('region', { name: 'Company Data' })).toContainText('1249-300 Lisboa');
  await expect(report.getByRole('img', { name: 'Location map of EDP, S.A.' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(portfolioUrl);
  await expect(page.getByRole('heading', { name: 'Assessment finished' })).toBeVisible();

  // The dashboard lists it with its state; only the assessed sites were charged.
  await page.goto('/dashboard');
  const listed = page.getByRole('region', { name: 'Portfolios' });
  await expect(listed.getByRole('link', { name: 'E2E book 2026' })).toHaveAttribute('href', new URL(portfolioUrl).pathname);
  await expect(listed.getByText('Done, 2 failed')).toBeVisible();
  expect(await creditsLeft(page)).toBe(before - 18);
});

test('credits run out mid-portfolio: the preview warns, the rows beyond the balance fail, and one is retried after a purchase', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndSignIn(page, 'portfolio');
  expect(await creditsLeft(page)).toBe(3);

  await page.goto('/portfolio');
  await page.getByRole('tab', { name: /Paste rows/ }).click();
  await page
    .getByLabel(/Rows \(CSV/)
    .fill(['PT500697256,PT,A', 'DE143454214,DE,B', 'FR59542051180,FR,C', 'IT00905811006,IT,D', 'ESA28015865,ES,E'].join('\n'));
  await page.getByRole('button', { name: 'Check rows' }).click();
  const preview = page.getByRole('region', { name: 'Check the rows' });
  await expect(preview.getByRole('alert')).toContainText('this portfolio needs 5 credits and you have');
  await preview.getByLabel('Portfolio name').fill('Short of credits');
  await preview.getByRole('button', { name: 'Confirm and assess 5 sites' }).click();
  await expect(page).toHaveURL(/\/portfolio\/[0-9a-f-]{36}$/);
  const portfolioUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Assessment finished' })).toBeVisible({ timeout: 120_000 });
  const sites = page.getByRole('region', { name: 'Sites', exact: true });
  await expect(sites.getByRole('link', { name: /^Open report:/ })).toHaveCount(3);
  await expect(sites.getByRole('button', { name: /^Retry row/ })).toHaveCount(2);

  // Refused while the credits are out: the server's reason, nothing queued.
  await sites.getByRole('button', { name: /^Retry row/ }).first().click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: /credit/i })).toBeVisible();
  await expect(sites.getByRole('button', { name: /^Retry row/ })).toHaveCount(2);

  await subscribeToBasic(page);
  await page.goto(portfolioUrl);
  await expect(page.getByRole('heading', { name: 'Assessment finished' })).toBeVisible();
  await sites.getByRole('button', { name: /^Retry row/ }).first().click();
  await expect(page.getByText(/^Row \d+ is queued again\.$/)).toBeVisible();
  // Followed without a reload until it is done.
  await expect(sites.getByRole('link', { name: /^Open report:/ })).toHaveCount(4, { timeout: 60_000 });
  await expect(sites.getByRole('button', { name: /^Retry row/ })).toHaveCount(1);
  await expect(page.getByRole('progressbar', { name: 'Portfolio progress' })).toHaveAttribute('aria-valuetext', '100%: 5 of 5 sites settled: 4 assessed, 1 failed');
});
