import { expect, type Page } from '@playwright/test';
import { ownNetwork } from './client-ip.js';

interface OutboxMail {
  to: string[];
  links: string[];
}

export const E2E_PASSWORD = 'Correct-Horse-42-Battery';

/**
 * A new account (signed up through the API, confirmed from the dev mailbox), then signed in
 * through the sign-in form; ends on the dashboard. Returns the account's e-mail address.
 */
export async function signUpAndSignIn(page: Page, prefix = 'e2e'): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const password = E2E_PASSWORD;
  const signup = await page.request.post('/api/auth/signup', {
    headers: ownNetwork(),
    data: {
      firstName: 'Inês',
      lastName: 'Marques',
      email,
      password,
      confirmPassword: password,
      companyName: 'Marques Corretores de Seguros',
      fiscalNumber: 'PT501964843',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  let link: string | undefined;
  await expect(async () => {
    const res = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    const { mails } = (await res.json()) as { mails: OutboxMail[] };
    link = mails.flatMap((m) => m.links).find((l) => l.includes('/api/auth/confirm'));
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  await page.goto(link!);
  await expect(page.getByText('Your Account Activated')).toBeVisible();

  await page.goto('/auth/signin');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}
