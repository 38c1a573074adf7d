import { expect, type Page } from '@playwright/test';
import { ownNetwork } from './client-ip.js';

interface OutboxMail {
  to: string[];
  links: string[];
}

export const E2E_PASSWORD = 'Correct-Horse-42-Battery';

export interface E2EPerson {
  firstName: string;
  lastName: string;
  companyName: string;
}

const ines: E2EPerson = { firstName: 'Inês', lastName: 'Marques', companyName: 'Marques Corretores de Seguros' };

/** A new account signed up through the API; returns the confirmation link the dev mailbox holds for it. */
export async function signUpForLink(page: Page, email: string, person: E2EPerson = ines): Promise<string> {
  const password = E2E_PASSWORD;
  const signup = await page.request.post('/api/auth/signup', {
    headers: ownNetwork(),
    data: { ...person, email, password, confirmPassword: password, fiscalNumber: 'PT501964843' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  let link: string | undefined;
  await expect(async () => {
    const res = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    const { mails } = (await res.json()) as { mails: OutboxMail[] };
    link = mails.flatMap((m) => m.links).find((l) => l.includes('/api/auth/confirm'));
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return link!;
}

/** A new account signed up through the API and confirmed from the dev mailbox (the confirmation screen shown). */
export async function signUpAndConfirm(page: Page, email: string, person: E2EPerson = ines): Promise<void> {
  await page.goto(await signUpForLink(page, email, person));
  await expect(page).toHaveURL(/\/auth\/confirm/);
  await expect(page.getByText('Your Account Activated')).toBeVisible();
}

/** Signs in through the sign-in form; ends on the dashboard. */
export async function signInThroughForm(page: Page, email: string, keepLoggedIn = false): Promise<void> {
  await page.goto('/auth/signin');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(E2E_PASSWORD);
  if (keepLoggedIn) await page.getByLabel('Keep me logged in').check();
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A new account, confirmed, then signed in through the form; ends on the dashboard. Returns its e-mail address. */
export async function signUpAndSignIn(page: Page, prefix = 'e2e'): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  await signUpAndConfirm(page, email);
  await signInThroughForm(page, email);
  return email;
}
