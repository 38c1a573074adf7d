import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LISTED_COMPANY, LISTED_ENTRY } from './support/sanctions-list.js';
import { signUpAndSignIn } from './support/sign-up.js';
import { openAssessmentFor } from './support/assessment-form.js';

/**
 * Sanctions screening in a real browser against the built app: the e2e server downloads an EU
 * list from a local list server at start (support/sanctions-list.ts) that names one sample
 * company by its registration number. Its report shows the red banner with the hit; an analyst
 * marks the hit a false positive with a note, and the report shows the decision (who, when,
 * the note) and the company cleared, also after a reload and in the PDF.
 */

const require = createRequire(import.meta.url);

/** The text of a PDF's first page, read with pdf.js. */
async function firstPageText(path: string): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts/');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(await readFile(path)), standardFontDataUrl, isEvalSupported: false }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  await doc.destroy();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' ');
}

/** A call of the signed-in app's API from the page (its session token). */
async function apiGet<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  return page.evaluate(async (path) => {
    const token = localStorage.getItem('access_token') ?? sessionStorage.getItem('access_token');
    const res = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as T };
  }, path);
}

interface ListsAnswer {
  lists: { list: string; entries: number; stale: boolean; generated_at: string | null }[];
}

test('a report of a listed company shows the red banner; a false positive is recorded with its note and shown, also after a reload', async ({ page }) => {
  test.setTimeout(150_000);
  const email = await signUpAndSignIn(page, 'screening');

  // The list the server downloaded on start: the EU list alone, current, with its one entry.
  await expect
    .poll(async () => (await apiGet<ListsAnswer>(page, '/api/sanctions/lists')).body.lists, { timeout: 60_000 })
    .toEqual([expect.objectContaining({ list: 'EU', entries: 1, stale: false })]);

  await openAssessmentFor(page, LISTED_COMPANY.fiscalNumber, LISTED_COMPANY.country);
  await page.getByRole('button', { name: /Generate Risk Assessment/ }).click();
  await expect(page.getByText('Successfully generated risk assessment.')).toBeVisible({ timeout: 90_000 });
  const report = page.getByRole('article', { name: 'Your Risk Assessment Report' });
  const reportId = (await report.locator('dd.font-mono').first().textContent())!.trim();
  await expect(page).toHaveURL(new RegExp(`\\?report=${reportId}$`));

  // The red banner right under the report's header: the hit's list, entry, both names, facts and reasons.
  const banner = report.getByRole('region', { name: 'Sanctions match: cover must not be given without a licence' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(/Screened .* against EU list of /);
  const hit = banner.getByRole('list', { name: 'Sanctions hits' }).getByRole('listitem', { name: LISTED_ENTRY.names[0] });
  await expect(hit).toBeVisible();
  await expect(hit.getByText('Matched name (company)').locator('xpath=following-sibling::p')).toHaveText(LISTED_COMPANY.name);
  const facts = async () =>
    Object.fromEntries(await hit.locator('dl > div').evaluateAll((rows) => rows.map((r) => [r.querySelector('dt')!.textContent, r.querySelector('dd')!.textContent])));
  expect(await facts()).toEqual({
    'List:': 'EU',
    'Entry:': LISTED_ENTRY.ref,
    'Subject:': 'Company',
    'Score:': '1.00',
    'Programme:': LISTED_ENTRY.programme,
    'Designated:': LISTED_ENTRY.designationDate,
  });
  // The identifier alone makes the match: one reason names it (the national ID is the VAT number's digits).
  await expect(hit.getByRole('list', { name: `Reasons for ${LISTED_ENTRY.names[0]}` }).getByRole('listitem')).toHaveText([
    'identifier: regnumber 40003032949 (LV) = national ID and VAT number of the screened company',
  ]);
  // The first key takeaway says so too.
  const firstTakeaway = report.getByRole('heading', { name: 'Key Takeaways for Insurers' }).locator('xpath=following::li[1]');
  await expect(firstTakeaway).toContainText(`Sanctions match: ${LISTED_COMPANY.name} matches EU list entry ${LISTED_ENTRY.ref}`);
  await banner.screenshot({ path: test.info().outputPath('screening-match-1280.png') });

  // Mark it a false positive: the dialog shows both names and asks for a note.
  await hit.getByRole('button', { name: 'Mark false positive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark this hit as a false positive' });
  await expect(dialog).toContainText(`Listed name (EU list, entry ${LISTED_ENTRY.ref})`);
  await expect(dialog).toContainText(LISTED_COMPANY.name);
  const note = 'Checked with the registry: the listed entity is a different trading company.';
  await dialog.getByRole('textbox', { name: /^Note/ }).fill(note);
  await page.screenshot({ path: test.info().outputPath('screening-dialog-1280.png') });
  await dialog.getByRole('button', { name: 'Mark false positive' }).click();
  await expect(page.getByText('Hit marked as a false positive.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The banner is gone: the company is cleared, and the decided hit stays on the report with its decision.
  const decided = async () => {
    await expect(banner).toHaveCount(0);
    await expect(firstTakeaway).not.toContainText('Sanctions match');
    const screening = report.getByRole('region', { name: 'Sanctions screening' });
    await expect(screening).toContainText(/No open match on EU list of .*: 1 hit marked false positive/);
    const item = screening.getByRole('listitem', { name: LISTED_ENTRY.names[0] });
    await expect(item).toContainText('Decision: False positive');
    await expect(item).toContainText(note);
    await expect(item).toContainText(`By ${email} on `);
    await expect(item.getByRole('button')).toHaveCount(0);
  };
  await decided();
  // The decided hit holds the focus (its buttons are gone).
  await expect(report.getByRole('listitem', { name: LISTED_ENTRY.names[0] })).toBeFocused();
  await report.getByRole('region', { name: 'Sanctions screening' }).screenshot({ path: test.info().outputPath('screening-decided-1280.png') });

  // Stored: the API answers it, and a reload shows it.
  const stored = await apiGet<{ screening: { status: string; hits: { entry_id: string; decision?: { decision: string; note: string; decided_by: string } }[] } }>(
    page,
    `/api/reports/${reportId}`,
  );
  expect(stored.body.screening.status).toBe('clear');
  expect(stored.body.screening.hits).toEqual([
    expect.objectContaining({ entry_id: LISTED_ENTRY.ref, decision: expect.objectContaining({ decision: 'false_positive', note, decided_by: email }) }),
  ]);
  await page.reload();
  await expect(report.locator('dd.font-mono').first()).toHaveText(reportId, { timeout: 20_000 });
  await decided();

  // The PDF says the same: the cleared line, then the hit with its decision and note.
  const downloading = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Download Full Report (PDF)' }).first().click();
  const pdfPath = test.info().outputPath('screening-decided.pdf');
  await (await downloading).saveAs(pdfPath);
  const pdf = await firstPageText(pdfPath);
  expect(pdf).toMatch(/No open match on EU list of .*: 1 hit marked false positive/);
  expect(pdf).toContain(LISTED_ENTRY.names[0]);
  expect(pdf).toContain(`Decision: False positive, marked by ${email} on`);
  expect(pdf).toContain(`Note: ${note}`);
  expect(pdf).not.toContain('Sanctions match');

  await page.setViewportSize({ width: 375, height: 740 });
  await report.getByRole('region', { name: 'Sanctions screening' }).screenshot({ path: test.info().outputPath('screening-decided-375.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
