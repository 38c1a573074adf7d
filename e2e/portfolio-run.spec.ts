import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { subscribeToBasic } from './support/checkout.js';
import { signUpAndSignIn } from './support/sign-up.js';

/**
 * A portfolio in a real browser against the built app (sample directory, offline geocoder,
 * embedded analyst, the job queue on the embedded database): a 20-row file with 2 bad rows is
 * uploaded, previewed and confirmed, the run is watched to its end, a site's report opens, and
 * both exports download.
 */

/** 18 sites of the sample companies (each at its own address) and 2 bad rows, as a broker's semicolon CSV. */
function bookCsv(): string {
  const companies = [
    ['PT500697256', 'Portugal', '4000-447 Porto'],
    ['DE143454214', 'Germany', '69190 Walldorf'],
    ['FR59542051180', 'France', '92400 Courbevoie'],
    ['ATU33864707', 'Austria', '5330 Fuschl am See'],
    ['RO14056826', 'Romania', '551130 Mediaș'],
    ['ESA28015865', 'Spain', '28050 Madrid'],
  ] as const;
  const lines = ['NIF;País;Referência;Morada'];
  for (let i = 0; i < 18; i++) {
    const [vat, country, city] = companies[i % companies.length]!;
    lines.push(`${vat};${country};Site ${i + 1};Rua ${i + 1}, ${city}`);
  }
  lines.push('500697257;Portugal;Typo in the VAT;Rua 99, 4000-447 Porto');
  lines.push('500697256;Atlantis;Unknown country;');
  return `${lines.join('\r\n')}\r\n`;
}

test('a 20-row book with 2 bad rows: preview, confirm, progress to the end, a report, both exports', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, 'portfolio');
  await subscribeToBasic(page);

  await page.goto('/portfolio');
  await page.getByLabel('Portfolio file (CSV or XLSX)').setInputFiles({ name: 'book.csv', mimeType: 'text/csv', buffer: Buffer.from(bookCsv(), 'utf8') });

  // The preview: every row checked, the two bad ones in words, nothing spent yet.
  await expect(page.getByText('20 rows read.', { exact: false })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Invalid VAT number for Portugal/)).toBeVisible();
  await expect(page.getByText("Unsupported country 'Atlantis': Corisk covers the 27 EU member states.")).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and assess 18 sites' }).click();

  // The run, watched without reloading, to its end.
  await expect(page.getByRole('progressbar', { name: 'Portfolio progress' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Assessment finished')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('link', { name: /^Open report/ })).toHaveCount(18);
  // The 2 bad rows say what is wrong; their data must be corrected, so they offer no Retry.
  await expect(page.locator('[data-failed-reason]')).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Retry row/ })).toHaveCount(0);

  // Both exports, one line per row.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csvPath = test.info().outputPath('book.csv');
  await (await csvDownload).saveAs(csvPath);
  const csv = (await readFile(csvPath, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(csv).toHaveLength(21);
  expect(csv[0]).toMatch(/^Row,Reference,Fiscal number,Country,Company,Site address,Status,Grade,Score,Worst hazard,/);
  expect(csv.filter((l) => l.includes(',done,'))).toHaveLength(18);
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  const xlsx = await (await xlsxDownload).path();
  expect((await readFile(xlsx!)).subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');

  // A site's full report.
  await page.getByRole('link', { name: /^Open report/ }).first().click();
  await expect(page.getByText('Your Risk Assessment Report')).toBeVisible({ timeout: 15_000 });
});
