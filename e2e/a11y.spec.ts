import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe.js';
import { signInThroughForm, signUpForLink } from './support/sign-up.js';

/**
 * Accessibility (issue 7): axe-core on every route of the app in Chromium, public routes
 * signed out and protected ones signed in, at desktop and at the narrowest supported width
 * (360 px), plus the unknown-path screen and the open mobile menu. No serious or critical
 * violation is allowed.
 *
 * The site's CSP allows same-origin scripts only, so this spec alone runs with Playwright's
 * bypassCSP to inject axe; the CSP itself is checked by shell.spec.ts and server.spec.ts.
 */

const publicRoutes = [
  '/home',
  '/auth/signin',
  '/auth/signup',
  '/auth/forgot-password',
  '/auth/password-recovery',
  '/auth/reset-password',
  '/auth/confirm',
  '/products',
  '/features',
  '/about-us',
  '/methodology',
  '/contact',
  '/support/privacy-policy',
  '/support/terms-of-service',
  '/no-such-page',
];

const protectedRoutes = [
  '/dashboard',
  '/auth/profile',
  '/profile',
  '/products/risk-assessment',
  '/portfolio',
  '/products/premium-assessment',
  '/products/enterprise-assessment',
];

const viewports = {
  desktop: { width: 1280, height: 900 },
  mobile: { width: 360, height: 780 },
} as const;


test.use({ bypassCSP: true });

/** Waits until the route has rendered: no request in flight, no route or auth loading indicator. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.locator('#main')).toBeVisible();
  // Let entrance transitions finish so colour contrast is measured on the final colours.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

async function auditRoutes(page: Page, routes: readonly string[], label: string): Promise<string[]> {
  const problems: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await settle(page);
    expect(new URL(page.url()).pathname, `${route} stayed on its page`).toBe(route);
    problems.push(...(await seriousViolations(page, `${label} ${route}`)));
  }
  return problems;
}

/** Creates and confirms an account (API + dev mailbox), then signs in through the UI. */
async function signIn(page: Page): Promise<void> {
  const email = `a11y-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  await page.request.get(await signUpForLink(page, email, { firstName: 'Ada', lastName: 'Access', companyName: 'Access Lda' }));
  await signInThroughForm(page, email, true);
}

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`accessibility at ${name} width (${viewport.width}px)`, () => {
    test.use({ viewport });

    for (const route of publicRoutes) {
      test(`${route}, signed out: no serious or critical axe violation`, async ({ page }) => {
        expect(await auditRoutes(page, [route], name)).toEqual([]);
      });
    }

    test('a portfolio: its preview and its results, no serious or critical axe violation', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page);
      // Two sites (the free trial's credits) and a bad row, created through the API the screen uses.
      const id = await page.evaluate(async () => {
        const res = await fetch('/api/portfolios', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('access_token')}` },
          body: JSON.stringify({
            name: 'Accessible book',
            rows: [
              { fiscal_number: 'PT500697256', country: 'PT', reference: 'HQ' },
              { fiscal_number: 'PT500697256', country: 'PT', reference: 'Porto', site_address: 'Avenida da Boavista 1, 4100-113 Porto' },
              { fiscal_number: 'PT500697257', country: 'PT', reference: 'Bad' },
            ],
          }),
        });
        return ((await res.json()) as { id: string }).id;
      });
      await page.goto(`/portfolio/${id}`);
      await expect(page.getByRole('heading', { name: 'Assessment finished' })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole('img', { name: /Map of the sites/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const problems = await seriousViolations(page, `${name} /portfolio/:id`);

      await page.goto('/portfolio');
      await page.getByRole('tab', { name: /Paste rows/ }).click();
      await page.getByLabel(/Rows \(CSV/).fill('PT500697256,PT,HQ\nPT500697257,PT,Bad');
      await page.getByRole('button', { name: 'Check rows' }).click();
      await expect(page.getByRole('region', { name: 'Check the rows' })).toBeVisible();
      problems.push(...(await seriousViolations(page, `${name} /portfolio preview`)));
      expect(problems).toEqual([]);
    });

    test('protected routes, signed in: no serious or critical axe violation', async ({ page }) => {
      test.setTimeout(180_000);
      await signIn(page);
      const problems = await auditRoutes(page, protectedRoutes, name);
      // The signed-in navigation (account menu) on a public page too.
      problems.push(...(await auditRoutes(page, ['/home'], `${name} signed-in`)));
      expect(problems).toEqual([]);
    });
  });
}

test('the open mobile menu has no serious or critical axe violation', async ({ page }) => {
  await page.setViewportSize(viewports.mobile);
  await page.goto('/home');
  await settle(page);
  await page.getByRole('button', { name: 'Open main menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  expect(await seriousViolations(page, 'mobile menu')).toEqual([]);
});
