import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { lead, messages } from './support/messages.js';
import { appReady } from './support/ready.js';
import { E2E_PASSWORD } from './support/sign-up.js';

/**
 * Corisk in the reader's language: a French visitor switches on the landing page, signs up (the
 * confirmation e-mail is French), assesses a company, reads the report and downloads its PDF in
 * French; a reload keeps the language.
 */

const require = createRequire(import.meta.url);

async function pdfText(path: string): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts/');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(await readFile(path)), standardFontDataUrl, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join(' ');
}

interface OutboxMail {
  subject: string;
  html: string;
  links: string[];
}

test('a French visitor: the landing page, sign-up, the e-mail, a report and its PDF in French', async ({ page }) => {
  const common = messages('fr', 'web/common');
  const home = messages('fr', 'web/home');
  const auth = messages('fr', 'web/auth');
  const assessment = messages('fr', 'web/assessment');
  const mail = messages('fr', 'mail');
  const pdf = messages('fr', 'pdf');
  const email = `langue-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;

  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await appReady(page);
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Français' });
  await expect(page).toHaveURL(/\/fr\/home$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(lead(home('home.hero.title')));
  // A reload keeps the language: the address names it, and the server renders the page in it.
  await page.reload();
  await expect(page.getByRole('navigation', { name: common('common.nav.main') }).getByRole('link', { name: common('common.nav.features') })).toBeVisible();

  // Sign-up in French: the account takes the language, and its confirmation e-mail is French.
  await page.goto('/auth/signup');
  await expect(page.getByRole('heading', { name: auth('auth.signup.title') })).toBeVisible();
  // A field by its whole label (a required field's label ends in an asterisk).
  const field = (label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
  await field(auth('auth.signup.firstName')).fill('Camille');
  await field(auth('auth.signup.lastName')).fill('Durand');
  await field(auth('auth.field.email')).fill(email);
  await field(auth('auth.field.password')).fill(E2E_PASSWORD);
  await field(auth('auth.signup.confirmPassword')).fill(E2E_PASSWORD);
  await field(auth('auth.signup.companyName')).fill('Durand Courtage');
  await field(auth('auth.signup.fiscalNumber')).fill('PT501964843');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: auth('auth.signup.submit') }).click();
  await expect(page.getByText(auth('auth.signup.success'))).toBeVisible();

  let confirmation: OutboxMail | undefined;
  await expect(async () => {
    const res = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    const { mails } = (await res.json()) as { mails: OutboxMail[] };
    confirmation = mails.find((m) => m.subject === mail('confirm.subject').replace('{productName}', 'Corisk'));
    expect(confirmation).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  expect(confirmation!.html).toContain('<html lang="fr">');
  expect(confirmation!.html).toContain(mail('confirm.action'));
  await page.goto(confirmation!.links.find((l) => l.includes('/api/auth/confirm'))!);
  await expect(page.getByRole('heading', { name: auth('auth.confirm.title') })).toBeVisible();

  await page.goto('/auth/signin');
  await page.getByLabel(auth('auth.field.email')).fill(email);
  await page.getByLabel(auth('auth.field.password'), { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: auth('auth.signin.submit') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  // A report in French: the screen's words and the engine's.
  await page.goto('/products/risk-assessment');
  await expect(page.getByRole('heading', { name: assessment('assessment.page.title') })).toBeVisible();
  await page.getByLabel(new RegExp(assessment('assessment.form.fiscalNumber'))).fill('ATU33864707');
  await page.getByLabel(new RegExp(assessment('assessment.form.country'))).selectOption({ value: 'Austria' });
  await page.getByRole('button', { name: new RegExp(assessment('assessment.form.submit')) }).click();
  await expect(page.getByText(assessment('assessment.run.success'))).toBeVisible({ timeout: 60_000 });
  const report = page.getByRole('article', { name: assessment('assessment.report.title') });
  await expect(report.getByRole('heading', { name: assessment('assessment.report.takeawaysTitle') })).toBeVisible();
  await expect(report.getByRole('heading', { level: 4, name: messages('fr', 'risk-names')('risk.earthquake') })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('report-fr.png'), fullPage: true });

  const downloading = page.waitForEvent('download');
  await report.getByRole('button', { name: assessment('assessment.report.download') }).first().click();
  const download = await downloading;
  const path = test.info().outputPath('report-fr.pdf');
  await download.saveAs(path);
  const text = await pdfText(path);
  expect(text).toContain(messages('fr', 'risk-names')('risk.earthquake'));
  expect(text).toContain(pdf('pdf.takeaways.heading'));
  expect(text).not.toMatch(/\bpdf\.[a-z]/);

  // Reloaded, the private page is still French (the account's language).
  await page.reload();
  await expect(page.getByRole('heading', { name: assessment('assessment.page.title') })).toBeVisible();
});
