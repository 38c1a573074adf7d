import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.js';
import { tempWebBuild, writeManifest } from './web-build.js';

/**
 * The real server-side renderer (src/web/prerender.tsx, what `vite build --ssr` bundles) behind
 * the web plugin: the HTML a crawler or a browser without script gets for the operator's pages.
 */

let root: string;
let t: TestApp;
beforeAll(async () => {
  const build = tempWebBuild('corisk-ssr-operator-');
  root = build.root;
  const web = build.web;
  mkdirSync(join(root, 'prerender'));
  writeFileSync(join(web, 'assets/x-abc.js'), 'export {};\n');
  writeManifest(web, { 'index.html': { file: 'assets/x-abc.js' } });
  writeFileSync(join(root, 'prerender/prerender.js'), `export * from ${JSON.stringify(resolve('src/web/prerender.tsx'))};\n`);
  t = await createTestApp(
    {
      APP_URL: 'https://risk.example.eu',
      OPERATOR_NAME: 'Risiko & Söhne GmbH',
      OPERATOR_ADDRESS: 'Marienplatz 1, 80331 München, Germany',
      OPERATOR_REGISTER: 'Amtsgericht München, HRB 123456',
      OPERATOR_VAT_ID: 'DE123456789',
      OPERATOR_EMAIL: 'legal@risk.example.eu',
      OPERATOR_REPRESENTATIVE: 'Erika Mustermann',
      OPERATOR_DPO_EMAIL: 'dpo@risk.example.eu',
      STRIPE_SECRET_KEY: 'sk_test_ssr',
      SMTP_URL: 'smtps://mailer:pw@smtp.mail.example.eu:465',
    },
    { webDir: web },
  );
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const rootMarkup = (html: string) => /<div id="root">([\s\S]*)<\/div><script src="\/app-loader\.js"/.exec(html)?.[1] ?? '';

describe('server-rendered operator pages', () => {
  it('/imprint carries the operator from the configuration, with its own title, description and canonical URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/imprint' });
    expect(res.statusCode).toBe(200);
    const markup = rootMarkup(res.body);
    for (const text of ['Risiko &amp; Söhne GmbH', 'Marienplatz 1, 80331 München, Germany', 'Amtsgericht München, HRB 123456', 'DE123456789', 'Erika Mustermann', 'legal@risk.example.eu', 'dpo@risk.example.eu']) {
      expect(markup).toContain(text);
    }
    expect(markup).not.toContain('not configured');
    expect(res.body).toContain('<title>Imprint | Corisk</title>');
    expect(res.body).toMatch(/<meta name="description" content="Who operates this Corisk service/);
    expect(res.body).toContain('<link rel="canonical" href="https://risk.example.eu/imprint" />');
  });

  it('/support/sub-processors lists the services this deployment is configured with, and only those', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/support/sub-processors' });
    const markup = rootMarkup(res.body);
    expect(markup).toContain('Stripe Payments Europe, Ltd. (Ireland), at api.stripe.com');
    expect(markup).toContain('smtp.mail.example.eu, as configured by the operator');
    expect(markup).not.toContain('mailer:pw');
    // The test environment's sources are the bundled directory and gazetteer: nothing to list.
    expect(markup).not.toContain('Nominatim');
    expect(markup).not.toContain('VIES');
    expect(markup).not.toContain('AI analyst');
    expect(res.body).toContain('<link rel="canonical" href="https://risk.example.eu/support/sub-processors" />');
  });

  it('the privacy policy names the operator as controller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/support/privacy-policy' });
    expect(rootMarkup(res.body)).toMatch(/is <strong>Risiko &amp; Söhne GmbH<\/strong>/);
  });

  it('sitemap.xml lists /imprint and /support/sub-processors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.body).toContain('<loc>https://risk.example.eu/imprint</loc>');
    expect(res.body).toContain('<loc>https://risk.example.eu/support/sub-processors</loc>');
  });
});
