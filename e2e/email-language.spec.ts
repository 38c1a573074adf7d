import { expect, test } from '@playwright/test';
import { E2E_PASSWORD, signUpAndSignIn } from './support/sign-up.js';

/**
 * The language of the e-mails, chosen on the profile: the next mail the account gets (here the
 * notice that its password changed) is written in it.
 */

interface OutboxMail {
  subject: string;
  html: string;
}

test('choosing Deutsch on the profile: the next e-mail comes in German', async ({ page }) => {
  const email = await signUpAndSignIn(page, 'email-language');
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Emails' });
  const language = card.getByLabel('Language of emails');
  await expect(language).toHaveValue('en');
  await language.selectOption({ label: 'Deutsch' });
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Email settings saved!')).toBeVisible();
  await card.screenshot({ path: test.info().outputPath('email-language.png') });

  // Reloaded, the choice is the account's.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Emails' }).getByLabel('Language of emails')).toHaveValue('de');

  const password = page.getByRole('region', { name: 'Password Management' });
  await password.getByLabel('Current Password').fill(E2E_PASSWORD);
  await password.getByLabel('New Password', { exact: true }).fill('Correct-Horse-43-Battery');
  await password.getByLabel('Confirm New Password').fill('Correct-Horse-43-Battery');
  await password.getByRole('button', { name: 'Update Password' }).click();

  await expect(async () => {
    const res = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    const { mails } = (await res.json()) as { mails: OutboxMail[] };
    const notice = mails.find((m) => m.subject === 'Ihr Corisk-Passwort wurde geändert');
    expect(notice).toBeTruthy();
    expect(notice!.html).toContain('<html lang="de">');
  }).toPass({ timeout: 10_000 });
});
