import { expect, test, type Page } from '@playwright/test';

/** The server's side of the browser checks: the real app and the API docs under the site's CSP. */
function watchCsp(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

const publicRoutes = ['/home', '/features', '/about-us', '/methodology', '/contact', '/support/privacy-policy', '/support/terms-of-service', '/no/such/page'];

test.describe('Content-Security-Policy in a real browser', () => {
  for (const path of publicRoutes) {
    test(`${path} renders under the CSP without violations`, async ({ page }) => {
      const problems = watchCsp(page);
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      const res = await page.goto(path, { waitUntil: 'networkidle' });
      expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page).toHaveTitle(/Corisk/);
      expect(problems).toEqual([]);
    });
  }

  test('the page refuses to be framed', async ({ page, baseURL }) => {
    const refused = new Promise<string>((resolve) => {
      page.on('console', (msg) => {
        if (msg.text().includes("frame-ancestors 'none'")) resolve(msg.text());
      });
    });
    await page.setContent(`<iframe src="${baseURL}/home" title="framed"></iframe>`);
    expect(await refused).toMatch(/has been blocked/);
  });
});

test.describe('API documentation', () => {
  test('the docs page at /api/docs shows the public API only', async ({ page }) => {
    const problems = watchCsp(page);
    await page.goto('/api/docs', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: /Corisk API/ })).toBeVisible();
    await expect(page.locator('.opblock-summary-path').first()).toBeVisible();
    const paths = await page.locator('.opblock-summary-path').allTextContents();
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) expect(path.replace(/\u200b/g, '')).toMatch(/^\/api\/v1\//);
    expect(problems).toEqual([]);
  });

  test("the team's Swagger UI loads at /api/internal/docs and Try it out calls the API", async ({ page }) => {
    const problems = watchCsp(page);
    await page.goto('/api/internal/docs', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: /Corisk API/ })).toBeVisible();
    const health = page.locator('#operations-system-get_api_health');
    await health.locator('.opblock-summary-control').click();
    await page.getByRole('button', { name: 'Try it out' }).click();
    await page.getByRole('button', { name: 'Execute' }).click();
    await expect(health.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');
    expect(problems).toEqual([]);
  });
});

test('hashed assets arrive compressed and cached for a year', async ({ page }) => {
  const assets: { url: string; encoding?: string; cache?: string }[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/assets/')) {
      assets.push({ url: res.url(), encoding: res.headers()['content-encoding'], cache: res.headers()['cache-control'] });
    }
  });
  await page.goto('/home', { waitUntil: 'networkidle' });
  const scripts = assets.filter((a) => a.url.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const a of assets) expect(a.cache, a.url).toBe('public, max-age=31536000, immutable');
  const big = scripts.filter((a) => /\/index-[\w-]+\.js$/.test(a.url));
  expect(big.map((a) => a.encoding)).toEqual(['br']);
});
