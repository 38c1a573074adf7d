import { expect, test } from '@playwright/test';
import { signInThroughForm, signUpAndConfirm } from './support/sign-up.js';

/**
 * Plans and billing in a real browser against the built app in test billing mode:
 * sign up → free-trial dashboard → /products → subscribe Basic yearly → test checkout →
 * dashboard toast and plan card → Plan & Billing → cancel → reactivate.
 */

test('a new user subscribes to Basic yearly, cancels and reactivates', async ({ page }) => {
  const email = `billing-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  await signUpAndConfirm(page, email, { firstName: 'Marta', lastName: 'Costa', companyName: 'Costa Mediação de Seguros' });
  await signInThroughForm(page, email);

  // Free-trial dashboard.
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  await expect(page.getByText('Account Status: Free Trial')).toBeVisible();
  await expect(page.getByText('No active subscription')).toBeVisible();
  const tools = page.getByRole('region', { name: 'Your Tools' });
  await expect(tools.getByText('Risk Assessment')).toBeVisible();
  await expect(tools.getByText('Free Trial')).toBeVisible();

  // Pricing: yearly by default; subscribe to Basic.
  await page.goto('/products');
  await expect(page.getByRole('radio', { name: /Yearly billing/ })).toBeChecked();
  const basic = page.getByRole('article', { name: 'Basic' });
  await expect(basic.getByText('(billed annually)')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Premium' }).getByRole('button', { name: 'Launching soon...' })).toBeDisabled();
  await basic.getByRole('button', { name: 'Subscribe' }).click();

  // The built-in test checkout.
  await expect(page).toHaveURL(/\/checkout\/test\?session=/);
  await expect(page.getByText('Test mode — no payment is taken')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Basic plan · Yearly/ })).toBeVisible();
  await page.getByLabel('Billing address').fill('Rua Augusta 1, 1100-048 Lisboa');
  await page.getByRole('button', { name: 'Complete test payment' }).click();

  // success_url: the assessment route with the purchase parameters (the page then clears them).
  await expect(page).toHaveURL(/\/products\/risk-assessment/);

  // The dashboard flow of the same return: toast, cleared query, the new plan.
  await page.goto('/dashboard?payment_success=true&plan=basic&period=year&price=490');
  await expect(page.getByText('Successfully subscribed to Basic plan! Welcome to your dashboard.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Current Plan', { exact: true })).toBeVisible();
  await expect(page.getByText('Basic (Yearly)')).toBeVisible();
  await expect(tools.getByRole('link', { name: /Launch Tool/ })).toHaveAttribute('href', '/products/risk-assessment');

  // Pricing now marks the current plan.
  await page.goto('/products');
  await expect(page.getByRole('article', { name: 'Basic' }).getByText('Current Plan')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Basic' }).getByRole('link', { name: 'Access Tools' })).toBeVisible();

  // Plan & Billing: cancel (confirm dialog), then reactivate.
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Plan & Billing' }).click();
  const billing = page.getByRole('tabpanel', { name: 'Plan & Billing' });
  await expect(billing.getByText('Status: Active')).toBeVisible();
  await expect(billing.getByText('Basic (Yearly)')).toBeVisible();

  let confirmText = '';
  page.once('dialog', (dialog) => {
    confirmText = dialog.message();
    void dialog.accept();
  });
  await billing.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(page.getByText('Subscription scheduled for cancellation')).toBeVisible();
  expect(confirmText).toBe(
    'Are you sure you want to cancel your subscription? It will remain active until the end of your billing period.',
  );
  await expect(billing.getByText('Will cancel at period end')).toBeVisible();
  await expect(billing.getByText(/reactivate it any time before then/)).toBeVisible();

  await billing.getByRole('button', { name: 'Reactivate Subscription' }).click();
  await expect(page.getByText('Subscription reactivated successfully')).toBeVisible();
  await expect(billing.getByText('Will cancel at period end')).toBeHidden();
  await expect(billing.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
});

test('signed-out visitors are asked to create an account before subscribing', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/auth/signup');
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  // The radios are visually hidden inside their labels: pick by the label text like a user.
  await page.getByText('Monthly billing').click();
  await expect(page.getByRole('radio', { name: /Monthly billing/ })).toBeChecked();
  const basic = page.getByRole('article', { name: 'Basic' });
  await expect(basic.getByText('(billed annually)')).toBeHidden();
  await basic.getByRole('link', { name: 'Sign Up to Subscribe' }).click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
});
