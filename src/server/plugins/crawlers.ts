import type { FastifyInstance } from 'fastify';
import { isLocalisedPage, localisedPages, pageAlternates } from '../../shared/i18n/pages.js';

/**
 * The public pages a search engine should index (every other page says noindex or needs a
 * session): the pages rendered in every language, and sign-up and sign-in, which have one address.
 */
export const sitemapPaths: readonly string[] = [...localisedPages, '/auth/signup', '/auth/signin'];

/** Paths crawlers have no business in: the API, signed-in pages, one-time links, dev tools. */
export const disallowedPaths = [
  '/api/',
  '/dashboard',
  '/profile',
  '/auth/profile',
  '/auth/confirm',
  '/auth/reset-password',
  '/products/',
  '/checkout/',
  '/dev/',
] as const;

const base = (appUrl: string) => appUrl.replace(/\/+$/, '');

export function renderRobots(appUrl: string): string {
  const lines = ['User-agent: *', ...disallowedPaths.map((p) => `Disallow: ${p}`), '', `Sitemap: ${base(appUrl)}/sitemap.xml`, ''];
  return lines.join('\n');
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Every indexable address; a public page once per language, each entry naming all its language
 * versions (`xhtml:link` alternates, as search engines read them from a sitemap).
 */
export function renderSitemap(appUrl: string): string {
  const urls = sitemapPaths.flatMap((p) => {
    if (!isLocalisedPage(p)) return [`  <url><loc>${escapeXml(base(appUrl) + p)}</loc></url>`];
    const alternates = pageAlternates(p, appUrl);
    const links = alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`).join('');
    return alternates.filter((a) => a.hreflang !== 'x-default').map((a) => `  <url><loc>${escapeXml(a.href)}</loc>${links}</url>`);
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    `${urls.join('\n')}\n</urlset>\n`
  );
}

/** `/robots.txt` and `/sitemap.xml`, with absolute URLs from APP_URL; made once at start. */
export function registerCrawlerFiles(app: FastifyInstance, appUrl: string): void {
  const robots = renderRobots(appUrl);
  const sitemap = renderSitemap(appUrl);
  const cache = 'public, max-age=3600';
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', cache).send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', cache).send(sitemap),
  );
}
