import { expect, test } from '@playwright/test';
import { messages } from './support/messages.js';
import { E2E_PASSWORD, signUpAndSignIn } from './support/sign-up.js';

/**
 * The language of the e-mails, chosen on the profile: it is the account's language, so the
 * screens switch to it at once and after a reload, and the next mail the account gets (here the
 * notice that its password changed) is written in it.
 */

interface OutboxMail {
  subject: string;
  html: string;
}

test('choosing Deutsch on the profile: the screens and the next e-mail come in German', async ({ page }) => {
  const de = messages('de', 'web/profile');
  const email = await signUpAndSignIn(page, 'email-language');
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Emails' });
  const language = card.getByLabel('Language of emails');
  await expect(language).toHaveValue('en');
  await language.selectOption({ label: 'Deutsch' });
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Email settings saved!')).toBeVisible();

  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByRole('region', { name: de('profile.emails.title') }).screenshot({ path: test.info().outputPath('email-language.png') });

  // Reloaded, the choice is the account's: the page opens in German.
  await page.reload();
  await expect(page.getByRole('region', { name: de('profile.emails.title') }).getByLabel(de('profile.emails.language'))).toHaveValue('de');
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');

  const password = page.getByRole('region', { name: de('profile.password.title') });
  await password.getByLabel(de('profile.password.current')).fill(E2E_PASSWORD);
  await password.getByLabel(de('profile.password.new'), { exact: true }).fill('Correct-Horse-43-Battery');
  await password.getByLabel(de('profile.password.confirm')).fill('Correct-Horse-43-Battery');
  await password.getByRole('button', { name: de('profile.password.submit') }).click();

  await expect(async () => {
    const res = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    const { mails } = (await res.json()) as { mails: OutboxMail[] };
    const notice = mails.find((m) => m.subject === 'Ihr Corisk-Passwort wurde geändert');
    expect(notice).toBeTruthy();
    expect(notice!.html).toContain('<html lang="de">');
  }).toPass({ timeout: 10_000 });
});
