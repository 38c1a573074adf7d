import { expect, test, type Page } from '@playwright/test';
import { appReady } from './support/ready.js';
import { signInThroughForm, signUpForLink } from './support/sign-up.js';

/** Collects console errors, page errors and CSP violations of a page. */
async function watchProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return problems;
}

const header = (page: Page) => page.getByRole('banner');


/** Creates and confirms an account through the API and the dev mailbox, then signs in through the UI. */
async function signedIn(page: Page, firstName: string): Promise<void> {
  const email = `shell-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  await page.request.get(await signUpForLink(page, email, { firstName, lastName: 'Nav', companyName: 'Nav Lda' }));
  await signInThroughForm(page, email);
}

test.describe('web shell', () => {
  test('/ redirects to /home', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page).toHaveTitle(/\| Corisk$/);
  });

  test('/home loads without console errors, CSP violations or third-party requests', async ({ page }) => {
    const problems = await watchProblems(page);
    const foreign: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith('http://127.0.0.1')) foreign.push(req.url());
    });
    await page.goto('/home', { waitUntil: 'networkidle' });
    await expect(header(page).getByRole('link', { name: 'Corisk home' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByText('© 2025 Corisk. All rights reserved.')).toBeVisible();
    await expect(page.getByRole('contentinfo').getByText('Empowering Insurance Professionals')).toBeVisible();
    // Without GA_MEASUREMENT_ID there are no optional cookies, so no consent banner.
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(/\/home$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /\| Corisk$/);
  });

  // /products checks the prices it loads with zod, whose compiler probe is an eval the CSP refuses.
  for (const path of ['/products', '/features', '/about-us', '/contact', '/auth/signin']) {
    test(`${path} loads without console errors or CSP violations`, async ({ page }) => {
      const problems = await watchProblems(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/products') await expect(page.getByRole('article', { name: 'Basic' }).getByText('(billed annually)')).toBeVisible();
      expect(problems).toEqual([]);
    });
  }

  test('a full page load warns about nothing (no missing HydrateFallback while the page code loads)', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'warning' || msg.type() === 'error') warnings.push(`${page.url()}: ${msg.text()}`);
    });
    for (const path of ['/home', '/features', '/products', '/auth/signin', '/no-such-page']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    expect(warnings).toEqual([]);
  });

  test('a page opened anew starts at the top; a reload and Back restore where the visitor was', async ({ page }) => {
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
    const scrollTo = async (y: number) => {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await expect.poll(scrollY).toBe(y);
    };
    await page.goto('/features');
    await appReady(page);
    await scrollTo(1200);
    // A full page load of another page, like the redirect back from checkout or the billing portal.
    await page.goto('/about-us');
    await appReady(page);
    await expect.poll(scrollY).toBe(0);
    await scrollTo(900);
    await page.reload();
    await appReady(page);
    await expect.poll(scrollY).toBe(900);
    // Within the app: a link opens the next page at the top, Back returns to the position.
    await header(page).getByRole('link', { name: 'Features' }).first().click();
    await expect(page).toHaveURL(/\/features$/);
    await expect.poll(scrollY).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect.poll(scrollY).toBe(900);
    // The same page opened anew again (typed address, a link in an e-mail): the top, not 900.
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(scrollY).toBe(0);
  });

  test('keyboard navigation: a followed link puts focus on the new page heading, not on the first load', async ({ page }) => {
    await page.goto('/home');
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await header(page).getByRole('link', { name: 'About Us' }).first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    // Tab continues from the page content, not from the nav link that was used.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement))).toBe(true);
  });

  test('an unknown path shows Page not found, and Go Home leads to /home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found | Corisk');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('nav links navigate and every title ends with "| Corisk"', async ({ page }) => {
    await page.goto('/home');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const targets: [string, RegExp][] = [
      ['Products', /\/products$/],
      ['Features', /\/features$/],
      ['About Us', /\/about-us$/],
      ['Home', /\/home$/],
    ];
    for (const [name, url] of targets) {
      await nav.getByRole('link', { name }).click();
      await expect(page).toHaveURL(url);
      await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
      await expect(page).toHaveTitle(/.+ \| Corisk$/);
    }
    await header(page).getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expect(page).toHaveTitle(/\| Corisk$/);
    await header(page).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page).toHaveTitle(/\| Corisk$/);
    await header(page).getByRole('link', { name: 'Corisk home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('the route loading indicator appears on navigation and goes away', async ({ page }) => {
    await page.goto('/home');
    await appReady(page);
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
    // Watched from inside the page: on a busy machine the click itself can outlast the bar's
    // 800 ms, and a check from outside polls too late to see it (nor is it "visible": it grows
    // from scaleX(0), and the browser may draw no frame of that).
    await page.evaluate(() => {
      const seen = () => document.querySelector('[role="progressbar"][aria-label="Loading page"]') !== null;
      const w = window as unknown as { sawRouteProgress: boolean };
      w.sawRouteProgress = false;
      new MutationObserver(() => {
        if (seen()) w.sawRouteProgress = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL(/\/features$/);
    await expect.poll(() => page.evaluate(() => (window as unknown as { sawRouteProgress: boolean }).sawRouteProgress)).toBe(true);
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0, { timeout: 3000 });
  });

  test('footer links lead to the legal pages', async ({ page }) => {
    await page.goto('/home');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/support\/privacy-policy$/);
    await footer.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/support\/terms-of-service$/);
  });

  test('signed in: My Dashboard link and the name badge with its hover menu; Logout signs out', async ({ page }) => {
    await signedIn(page, 'Marta');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(header(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
    const badge = header(page).getByRole('button', { name: /Marta/ });
    await badge.hover();
    const menu = page.getByRole('menu', { name: 'Account' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText(['My Dashboard', 'Profile', 'Logout']);
    await menu.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await badge.click();
    await page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: 'Logout' }).click();
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'My Dashboard' })).toHaveCount(0);
  });

  test.describe('mobile (390 px)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the menu toggle opens a menu with Contact', async ({ page }) => {
      await page.goto('/home');
      await appReady(page);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      const toggle = page.getByRole('button', { name: 'Open main menu' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(page.getByRole('button', { name: 'Close main menu' })).toHaveAttribute('aria-expanded', 'true');
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await expect(menu.getByRole('link', { name: 'Contact' })).toBeVisible();
      await menu.getByRole('link', { name: 'Contact' }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});
