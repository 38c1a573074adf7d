import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderIndexHtml } from '../src/server/plugins/web.js';
import { publicConfig } from '../src/server/modules/system/system.service.js';
import type { PublicConfig } from '../src/shared/contracts/common.js';
import { createTestApp, type TestApp } from './app.js';
import { indexTemplate as template, tempWebBuild, writeManifest } from './web-build.js';

/** Serving the built web app: SPA fallback, runtime config, cache headers (a temp build folder). */
const assetJs = `export const answer = 42; // ${'padding '.repeat(200)}\n`;
/** The chunks of the entry, the home page and the sign-in page, with the chunks they share. */
const pageChunks = {
  'index.html': { file: 'assets/x-abc.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  '_icons.js': { file: 'assets/icons.js', imports: ['_shared.js'] },
  'features/marketing/home-page.tsx': { file: 'assets/home.js', imports: ['_shared.js', '_icons.js', 'index.html'] },
  'features/auth/signin-page.tsx': { file: 'assets/signin.js', imports: ['_icons.js'] },
};

let root: string;
let webDir: string;
let t: TestApp;
beforeAll(async () => {
  ({ root, web: webDir } = tempWebBuild('corisk-web-'));
  writeFileSync(join(root, 'secret.txt'), 'outside-the-build');
  writeFileSync(join(webDir, 'assets/x-abc.js'), assetJs);
  writeFileSync(join(webDir, 'assets/x-abc.js.br'), brotliCompressSync(assetJs));
  writeFileSync(join(webDir, 'assets/x-abc.js.gz'), gzipSync(assetJs));
  writeFileSync(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeManifest(webDir, { ...pageChunks, 'app/query-layer.tsx': { file: 'assets/query.js', imports: ['_shared.js'] } });
  t = await createTestApp({ CONTACT_EMAIL_INFO: 'info@example.eu' }, { webDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

/** The runtime config the page carries, read back the way the browser does. */
function metaConfig(html: string): unknown {
  const match = /<meta name="app-config" content="([^"]*)">/.exec(html);
  if (!match?.[1]) throw new Error('no app-config meta tag');
  const decoded = match[1]
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(decoded);
}

describe('SPA fallback', () => {
  it.each(['/home', '/home/', '/de/home', '/pl/methodology', '/assets-like-page', '/features', '/auth/signin', '/no/such/page', '/home?ref=mail', '/index.html'])(
    'GET %s gets the app with the runtime config',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/x-abc.js"></script>');
      expect(res.body).not.toContain('<!--app-config-->');
      expect(metaConfig(res.body)).toEqual(publicConfig(t.config));
      expect(metaConfig(res.body)).toMatchObject({ contactEmailInfo: 'info@example.eu' });
    },
  );

  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it.each([
    ['/home', ['/assets/home.js', '/assets/icons.js']],
    ['/home/', ['/assets/home.js', '/assets/icons.js']],
    ['/auth/signin', ['/assets/query.js', '/assets/signin.js', '/assets/icons.js']],
    ['/features', []],
    ['/dashboard', []],
    ['/no/such/page', []],
  ])("GET %s preloads that page's code, not what the entry already loads", async (url, expected) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(preloads(res.body)).toEqual(expected);
    expect(res.body.indexOf('modulepreload') < 0 || res.body.indexOf('modulepreload') < res.body.indexOf('</head>')).toBe(true);
  });

  it.each([
    [{}, '/home'],
    [{ 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' }, '/de/home'],
    [{ 'accept-language': 'pt-BR, en;q=0.3' }, '/pt/home'],
    [{ 'accept-language': 'ja' }, '/home'],
    [{ 'accept-language': 'de', cookie: 'theme=dark; corisk_locale=fr' }, '/fr/home'],
    [{ cookie: 'corisk_locale=en' }, '/home'],
    [{ 'accept-language': 'nl', cookie: 'corisk_locale=xx' }, '/nl/home'],
  ])('GET / with %j opens the landing page in the visitor’s language: %s', async (headers, location) => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
    expect(res.headers.vary).toMatch(/accept-language/i);
  });

  it('GET / keeps its query on the way to the landing page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/?utm_source=mail&ref=a%20b', headers: { 'accept-language': 'it' } });
    expect(res.headers.location).toBe('/it/home?utm_source=mail&ref=a%20b');
  });

  it.each([
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
  ] as const)('the page is sent compressed to a client that accepts %s', async (accept, encoding, decompress) => {
    const plain = await t.app.inject({ method: 'GET', url: '/home' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const res = await t.app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': accept } });
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(decompress(res.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('HEAD of a page answers 200', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/about-us' });
    expect(res.statusCode).toBe(200);
  });

  it('a non-GET request to a page path is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/home', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found', code: 'not_found' });
  });

  it('build metadata is not served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(res.body).not.toContain('"file"');
  });
});

describe('static files', () => {
  it('hashed assets are cached for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/x-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(assetJs);
  });

  it('hashed assets are sent pre-compressed when the client accepts it', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/x-abc.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({ method: 'GET', url: '/assets/x-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(assetJs.length);
  });

  it.each(['/assets/x-gone.js', '/assets/'])('a missing asset (%s) is a 404, not the app', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found', code: 'not_found' });
  });

  it.each(['/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt'])(
    'no path (%s) leaves the build folder',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('outside-the-build');
    },
  );

  it('unhashed public files are cached briefly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('renderIndexHtml', () => {
  it('HTML-escapes the config so no value can break out of the attribute', () => {
    const hostile: PublicConfig = {
      ...publicConfig(t.config),
      productName: `"><script>alert(1)</script><meta x='`,
      contactEmailInfo: 'a&b@example.eu',
    };
    const html = renderIndexHtml(template, hostile);
    expect(html).not.toContain('<script>alert(1)');
    // The config's own meta tag is the only one added (the template has two).
    expect(html.match(/<meta /g)).toHaveLength(3);
    expect(metaConfig(html)).toEqual(hostile);
  });
});

describe('without a build', () => {
  it('pages explain how to build while the API keeps working', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'corisk-noweb-'));
    const bare = await createTestApp({}, { webDir: empty });
    try {
      const page = await bare.app.inject({ method: 'GET', url: '/home' });
      expect(page.statusCode).toBe(503);
      expect(page.body).toMatch(/npm run build/);
      const api = await bare.app.inject({ method: 'GET', url: '/api/nope' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('not_found');
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt is plain text, keeps crawlers out of the API and the signed-in pages, and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).not.toContain('<html');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/dashboard', '/profile', '/products/', '/checkout/', '/dev/']) expect(lines).toContain(`Disallow: ${path}`);
    // The public pages stay crawlable.
    expect(lines).not.toContain('Disallow: /products');
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${t.config.appUrl}/sitemap.xml`);
  });

  it('sitemap.xml lists the public pages with absolute URLs from APP_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const base = t.config.appUrl;
    for (const path of ['/home', '/features', '/products', '/about-us', '/methodology', '/contact', '/support/privacy-policy', '/support/terms-of-service']) {
      expect(locs).toContain(`${base}${path}`);
    }
    for (const loc of locs) expect(loc).toMatch(/^https?:\/\//);
    // Each public page in every language, each entry naming all its versions and x-default.
    for (const path of ['/de/home', '/fr/features', '/pl/methodology', '/nl/products', '/it/support/privacy-policy']) expect(locs).toContain(`${base}${path}`);
    const home = /<url><loc>[^<]*\/es\/home<\/loc>(.*?)<\/url>/.exec(res.body)?.[1] ?? '';
    expect([...home.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`)).toEqual([
      ...['en', 'de', 'fr', 'it', 'es', 'pt', 'pl', 'nl'].map((l) => `${l} ${base}${l === 'en' ? '' : `/${l}`}/home`),
      `x-default ${base}/home`,
    ]);
    // Sign-in and sign-up have one address.
    expect(locs.filter((l) => l?.endsWith('/auth/signup'))).toEqual([`${base}/auth/signup`]);
    expect(locs.some((l) => /dashboard|profile|\/api\/|risk-assessment/.test(l ?? ''))).toBe(false);
  });

  it('uses the deployment\'s APP_URL', async () => {
    const other = await createTestApp({ APP_URL: 'https://risk.example.eu' }, { webDir });
    try {
      const sitemap = await other.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(sitemap.body).toContain('<loc>https://risk.example.eu/products</loc>');
      const robots = await other.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.body).toContain('Sitemap: https://risk.example.eu/sitemap.xml');
    } finally {
      await other.close();
    }
  });
});

describe('server-rendered public pages', () => {
  // A build with a page renderer beside it (dist/prerender, from src/web/prerender.tsx): this one
  // renders each path with the config it was given, refuses /about-us and fails on /methodology.
  const renderer = `let config;
export function setRenderConfig(c) { config = c; }
export async function renderPage(path, origin) {
  if (path === '/about-us') return null;
  if (path === '/methodology') throw new Error('render failed');
  if (path.endsWith('/products')) return { markup: '<main><h1>Plans</h1></main>', head: { title: 'Products & plans | Corisk', description: 'Plans "for" <brokers>', canonical: origin + path } };
  return '<main><h1>' + path + ' at ' + origin + ' for ' + config.contactEmailInfo + '</h1></main>';
}
`;
  let rootDir: string;
  let app: TestApp;
  beforeAll(async () => {
    const build = tempWebBuild('corisk-ssr-');
    rootDir = build.root;
    const web = build.web;
    mkdirSync(join(rootDir, 'prerender'));
    writeFileSync(join(web, 'assets/x-abc.js'), assetJs);
    writeManifest(web, pageChunks);
    writeFileSync(join(rootDir, 'prerender/prerender.js'), renderer);
    const messageFiles = Object.fromEntries(
      ['en', 'de'].map((l) => [l, Object.fromEntries(['common', 'home', 'marketing', 'app'].map((b) => [b, `/assets/messages/${l}-${b}-0123456789.json`]))]),
    );
    writeFileSync(join(web, '.vite/messages.json'), JSON.stringify(messageFiles));
    app = await createTestApp({ CONTACT_EMAIL_INFO: 'ssr@example.eu', APP_URL: 'https://risk.example.eu' }, { webDir: web });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(rootDir, { recursive: true, force: true });
  });

  it('a public page carries its markup, rendered with the runtime config, and no module script in <head>', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/home' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><main><h1>/home at https://risk.example.eu for ssr@example.eu</h1></main></div>');
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('modulepreload');
    expect(metaConfig(res.body)).toMatchObject({ contactEmailInfo: 'ssr@example.eu' });
  });

  it("a page's own title, description and canonical URL are in its HTML head, escaped", async () => {
    const res = await app.app.inject({ method: 'GET', url: '/products' });
    expect(res.body).toContain('<div id="root"><main><h1>Plans</h1></main></div>');
    expect(res.body).toContain('<title>Products &amp; plans | Corisk</title>');
    expect(res.body).toContain('<meta name="description" content="Plans &quot;for&quot; &lt;brokers&gt;" />');
    expect(res.body).toContain('<meta property="og:title" content="Products &amp; plans | Corisk" />');
    expect(res.body).toContain('<link rel="canonical" href="https://risk.example.eu/products" /><link rel="alternate" hreflang="en"');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
  });

  it("its code is started by the loader after the first paint: the entry first, then the entry's and the page's imports", async () => {
    const res = await app.app.inject({ method: 'GET', url: '/home/' });
    const loader = /<script src="\/app-loader\.js" data-modules="([^"]+)" async><\/script>/.exec(res.body);
    expect(loader?.[1]?.split(' ')).toEqual(['/assets/x-abc.js', '/assets/shared.js', '/assets/home.js', '/assets/icons.js']);
    expect(res.body.indexOf('app-loader.js')).toBeGreaterThan(res.body.indexOf('<div id="root">'));
  });

  it("a page's messages, in its language, are fetched while its code downloads", async () => {
    const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloads((await app.app.inject({ method: 'GET', url: '/home' })).body)).toEqual([
      '/assets/messages/en-common-0123456789.json',
      '/assets/messages/en-home-0123456789.json',
    ]);
    const features = (await app.app.inject({ method: 'GET', url: '/de/features' })).body;
    expect(preloads(features)).toEqual(['common', 'home', 'marketing'].map((b) => `/assets/messages/de-${b}-0123456789.json`));
    expect(features.indexOf('rel="preload"')).toBeLessThan(features.indexOf('</head>'));
  });

  it('a page in another language names its language and its address in every language', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/de/features' });
    expect(res.body).toContain('<div id="root"><main><h1>/de/features at https://risk.example.eu for ssr@example.eu</h1></main></div>');
    const products = await app.app.inject({ method: 'GET', url: '/pl/products' });
    expect(products.body).toContain('<html lang="pl">');
    expect(products.body).toContain('<link rel="canonical" href="https://risk.example.eu/pl/products" />');
    const alternates = [...products.body.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(alternates).toEqual([
      ...['en', 'de', 'fr', 'it', 'es', 'pt', 'pl', 'nl'].map((l) => `${l} https://risk.example.eu${l === 'en' ? '' : `/${l}`}/products`),
      'x-default https://risk.example.eu/products',
    ]);
    const english = await app.app.inject({ method: 'GET', url: '/products' });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('hreflang="de" href="https://risk.example.eu/de/products"');
  });

  it('a private page has no language address: /de/dashboard is the app’s not-found page', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/de/dashboard' });
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('the same page is sent compressed', async () => {
    const plain = await app.app.inject({ method: 'GET', url: '/home' });
    const res = await app.app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it.each(['/about-us', '/methodology'])('%s, which the renderer refuses or fails on, gets the client-rendered app', async (url) => {
    const res = await app.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/x-abc.js"></script>');
  });

  it('pages that are not server-rendered keep their preload hints', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/auth/signin' });
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/signin.js">');
  });
});
