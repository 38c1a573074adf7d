import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import { expect, test, type Page } from '@playwright/test';
import { ownNetwork } from './support/client-ip.js';

/**
 * Accessibility (issue 7): axe-core on every route of the app in Chromium, public routes
 * signed out and protected ones signed in, at desktop and at the narrowest supported width
 * (360 px), plus the unknown-path screen and the open mobile menu. No serious or critical
 * violation is allowed.
 *
 * The site's CSP allows same-origin scripts only, so this spec alone runs with Playwright's
 * bypassCSP to inject axe; the CSP itself is checked by shell.spec.ts and server.spec.ts.
 */

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

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

const password = 'A11y-Check-Route-2025';

test.use({ bypassCSP: true });

/** Waits until the route has rendered: no request in flight, no route or auth loading indicator. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.locator('#main')).toBeVisible();
  // Let entrance transitions finish so colour contrast is measured on the final colours.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/** Runs axe on the page; returns its serious and critical violations, one readable line each. */
async function seriousViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const results = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } };
    return axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
  });
  return results.violations
    .filter((v: Result) => v.impact === 'serious' || v.impact === 'critical')
    .map((v: Result) => {
      const targets = v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ');
      const why = (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240);
      return `${where}: [${v.impact}] ${v.id} — ${v.help} — ${targets} — ${why}`;
    });
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
  const signup = await page.request.post('/api/auth/signup', {
    headers: ownNetwork(),
    data: { firstName: 'Ada', lastName: 'Access', email, password, confirmPassword: password, companyName: 'Access Lda', fiscalNumber: 'PT501964843' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  let link: string | undefined;
  await expect(async () => {
    const res = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    const { mails } = (await res.json()) as { mails: { links: string[] }[] };
    link = mails.flatMap((m) => m.links).find((l) => l.includes('/api/auth/confirm'));
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  await page.request.get(link!);
  await page.goto('/auth/signin');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByLabel('Keep me logged in').check();
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
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
