import { expect, test, type Download } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { signUpAndSignIn } from './support/sign-up.js';
import { openAssessmentFor } from './support/assessment-form.js';

/**
 * The assessment tool in a real browser against the built app (sample company directory,
 * offline geocoder and map, embedded analyst): a full run from a sample chip to the PDF, the
 * report reopened and downloaded again from the dashboard, and the error paths.
 */

const require = createRequire(import.meta.url);

/** The text of each page of a PDF, read with pdf.js. */
async function pdfPages(path: string): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts/');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(await readFile(path)), standardFontDataUrl, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' '));
  }
  await doc.destroy();
  return pages;
}

async function savedPdf(download: Download, name: string): Promise<string[]> {
  const path = test.info().outputPath(name);
  await download.saveAs(path);
  return pdfPages(path);
}

test('a sample company: progress, the full report, its PDF, and the report again from the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, 'assess');
  await page.goto('/products/risk-assessment');
  await expect(page.getByRole('heading', { name: 'Company Risk Assessment' })).toBeVisible();
  await expect(page.getByLabel(/Company Location/)).toHaveValue('Portugal');
  await expect(page.getByText('Ready to generate risk assessments: up to 5 per hour.')).toBeVisible();

  // A sample chip fills both fields.
  await page.getByRole('button', { name: /Red Bull GmbH/ }).click();
  await expect(page.getByLabel(/Company Fiscal Number/)).toHaveValue('ATU33864707');
  await expect(page.getByLabel(/Company Location/)).toHaveValue('Austria');

  await page.getByRole('button', { name: /Generate Risk Assessment/ }).click();
  const progress = page.getByRole('progressbar', { name: 'Assessment progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByText(/Elapsed: \d+s/)).toBeVisible();

  await expect(page.getByText('Successfully generated risk assessment.')).toBeVisible({ timeout: 60_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');

  // Every block of the report.
  const report = page.getByRole('article', { name: 'Your Risk Assessment Report' });
  await expect(report.getByText('Report ID:')).toBeVisible();
  const reportId = (await report.locator('dd.font-mono').first().textContent())!.trim();
  expect(reportId).not.toBe('');
  await expect(report.getByText('Date:')).toBeVisible();
  // The registered office's facts; the assessed site beside them has its own block.
  const companyData = report.getByRole('region', { name: 'Company Data' });
  for (const label of ['Company name', 'Address', 'Fiscal number', 'Postal code', 'Latitude', 'Longitude']) {
    await expect(companyData.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(report.getByRole('region', { name: 'Assessed Site' }).getByText('Latitude', { exact: true })).toBeVisible();
  await expect(report.getByText('Red Bull GmbH', { exact: true }).first()).toBeVisible();
  const map = report.getByRole('img', { name: 'Location map of Red Bull GmbH' });
  await expect(map).toBeVisible();
  expect(await map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(report.getByRole('heading', { name: 'Overall Risk Score' })).toBeVisible();
  await expect(report.getByRole('meter', { name: 'Average location risk' })).toBeVisible();
  await expect(report.getByRole('meter', { name: 'Average industry risk' })).toBeVisible();
  await expect(report.getByText(/Likelihood:/).first()).toBeVisible();
  await expect(report.getByText(/Impact:/).first()).toBeVisible();
  await expect(report.getByRole('heading', { name: 'Key Takeaways for Insurers' })).toBeVisible();
  await expect(report.getByRole('note')).toContainText('Sample data');

  const locationRisks = await page.getByRole('region', { name: 'Location-Based Risks' }).getByRole('heading', { level: 4 }).allTextContents();
  const industryRisks = await page
    .getByRole('region', { name: 'Industry-Specific Risks' })
    .getByRole('heading', { level: 4 })
    .allTextContents();
  expect(locationRisks.length).toBeGreaterThan(0);
  expect(industryRisks.length).toBeGreaterThan(0);

  // The usage panel counts the run.
  await expect(page.getByText('4 of 5 assessments remaining this hour.')).toBeVisible();

  // The PDF: named after the company, with the company and every risk in its text.
  const downloading = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Download Full Report (PDF)' }).first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Red_Bull_GmbH.pdf');
  const pages = await savedPdf(download, 'Red_Bull_GmbH.pdf');
  const text = pages.join(' ');
  expect(text).toContain('Red Bull GmbH');
  for (const risk of [...locationRisks, ...industryRisks]) expect(text).toContain(risk.trim());
  for (const pageText of pages) expect(pageText).toContain(`Report ID: ${reportId}`);

  // The dashboard lists the report; it reopens in the tool and downloads again.
  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recent reports' });
  await expect(recent.getByRole('link', { name: 'Red Bull GmbH', exact: true })).toBeVisible();
  await recent.getByRole('link', { name: 'Open report: Red Bull GmbH' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/risk-assessment\\?report=${reportId}$`));
  await expect(page.getByRole('article', { name: 'Your Risk Assessment Report' }).getByText(reportId)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Location map of Red Bull GmbH' })).toBeVisible();

  await page.goto('/dashboard');
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF: Red Bull GmbH' }).click();
  const second = await again;
  expect(second.suggestedFilename()).toBe('Red_Bull_GmbH.pdf');
  expect((await savedPdf(second, 'again.pdf')).join(' ')).toContain('Red Bull GmbH');
});

test('a company name beyond Latin-1 is written with an embedded font', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, 'assess-unicode');
  await openAssessmentFor(page, 'CZ00177041', 'Czech Republic');
  await page.getByRole('button', { name: /Generate Risk Assessment/ }).click();
  await expect(page.getByText('Successfully generated risk assessment.')).toBeVisible({ timeout: 60_000 });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Full Report (PDF)' }).first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('ŠKODA_AUTO_a.s.pdf');
  expect((await savedPdf(download, 'skoda.pdf')).join(' ')).toContain('ŠKODA AUTO a.s.');
});

test('error paths: missing fields, an unknown company, the local limit, and the checkout return', async ({ page }) => {
  await signUpAndSignIn(page, 'assess-errors');

  // After checkout: toast and the query cleared.
  await page.goto('/products/risk-assessment?payment_success=true&plan=basic&period=year&price=490');
  await expect(page.getByText('Successfully subscribed to Basic plan! You can now use the risk assessment tool.')).toBeVisible();
  await expect(page).toHaveURL(/\/products\/risk-assessment$/);

  // Missing fiscal number: toast, nothing sent.
  let validated = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/stripe/validate-service-access')) validated = true;
  });
  await page.getByRole('button', { name: /Generate Risk Assessment/ }).click();
  await expect(page.getByText('Missing fiscal number or location')).toBeVisible();
  expect(validated).toBe(false);

  // A valid Portuguese number that no source knows: the engine's 404.
  await page.getByLabel(/Company Fiscal Number/).fill('501964843');
  await page.getByRole('button', { name: /Generate Risk Assessment/ }).click();
  await expect(page.getByText('Failed to search for company.')).toBeVisible();
  await expect(page.getByText(/No company with VAT number .*501.*964.*843.* was found in Portugal/)).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeHidden();
  await expect(page.getByText('Ready to generate risk assessments: up to 5 per hour.')).toBeVisible();

  // Five requests in the last hour: Generate disabled, the wait shown.
  await page.evaluate(() => {
    const now = Date.now();
    localStorage.setItem('assessment_usage', JSON.stringify([50, 40, 30, 20, 10].map((m) => now - m * 60_000)));
  });
  await page.reload();
  await expect(page.getByRole('button', { name: /Generate Risk Assessment/ })).toBeDisabled();
  await expect(page.getByText(/Usage limit reached: 5 assessments per hour\. Please wait 10 minutes/)).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Assessments used this hour' })).toHaveAttribute('data-colour', 'red');
});
