import type { FastifyInstance } from 'fastify';

/** The public pages a search engine should index (every other page says noindex or needs a session). */
export const sitemapPaths = [
  '/home',
  '/features',
  '/products',
  '/about-us',
  '/methodology',
  '/contact',
  '/auth/signup',
  '/auth/signin',
  '/support/privacy-policy',
  '/support/terms-of-service',
  '/support/sub-processors',
  '/imprint',
] as const;

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

export function renderSitemap(appUrl: string): string {
  const urls = sitemapPaths.map((p) => `  <url><loc>${escapeXml(base(appUrl) + p)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
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
