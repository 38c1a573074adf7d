import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PublicConfig } from '../../shared/contracts/common.js';
import { allLocalisedPaths, localisedPages, localisedPath, pageAlternates, pageLocale } from '../../shared/i18n/pages.js';
import { routeMessages, routeModules } from '../../shared/route-modules.js';
import { registerCrawlerFiles } from './crawlers.js';
import { isApiPath } from './security.js';
import { requestLocale } from '../lib/errors.js';
import { webDistDir } from '../lib/paths.js';

const CONFIG_MARKER = '<!--app-config-->';

export const cacheControl = {
  /** Vite's content-hashed files under /assets never change. */
  hashedAsset: 'public, max-age=31536000, immutable',
  /** favicon and other unhashed public files. */
  publicFile: 'public, max-age=3600',
  /** The app page carries the runtime config and the current asset names: always revalidate. */
  appPage: 'no-cache',
} as const;

function escapeAttr(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** index.html with the runtime config as a meta tag: no inline script, no extra round trip. */
export function renderIndexHtml(template: string, publicConfig: PublicConfig): string {
  const meta = `<meta name="app-config" content="${escapeAttr(JSON.stringify(publicConfig))}">`;
  return template.replace(CONFIG_MARKER, meta);
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The JavaScript files a page's modules need (each module's chunk and its static imports, from
 * the build's manifest), minus what the entry already loads. Unknown modules add nothing.
 */
export function preloadFiles(manifest: Manifest, modules: readonly string[]): string[] {
  const entry = manifest['index.html'];
  const loaded = new Set([entry?.file, ...(entry?.imports ?? []).map((k) => manifest[k]?.file)]);
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || key === 'index.html' || loaded.has(chunk.file)) return;
    loaded.add(chunk.file);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return files;
}

function readManifest(dir: string): Manifest | null {
  const manifestFile = join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  try {
    return JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** The page for each path of routeModules: the app page with modulepreload hints for that path's code. */
function routePages(indexHtml: string, manifest: Manifest | null): Map<string, string> {
  const pages = new Map<string, string>();
  if (!manifest) return pages;
  for (const [path, modules] of Object.entries(routeModules)) {
    const files = preloadFiles(manifest, modules);
    if (files.length === 0) continue;
    const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${escapeAttr(f)}">`).join('');
    pages.set(path, indexHtml.replace('</head>', `${links}</head>`));
  }
  return pages;
}

/** The message files of the browser build: language → bundle → address (scripts/vite-messages.mjs). */
type MessageFiles = Record<string, Record<string, string>>;

function readMessageFiles(dir: string): MessageFiles | null {
  try {
    return JSON.parse(readFileSync(join(dir, '.vite', 'messages.json'), 'utf8')) as MessageFiles;
  } catch {
    return null;
  }
}

/** A page's messages in its language (the shared bundle and the page's own): fetched while the code downloads. */
export function messagePreloads(files: MessageFiles | null, locale: string, bundles: readonly string[]): string {
  return ['common', ...bundles]
    .map((bundle) => files?.[locale]?.[bundle])
    .filter((url): url is string => Boolean(url))
    .map((url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttr(url)}">`)
    .join('');
}

/** The JavaScript of a page in load order: the entry, its static imports, then the page's own chunks. */
export function pageScripts(manifest: Manifest, modules: readonly string[]): string[] {
  const entry = manifest['index.html'];
  if (!entry) return [];
  const shared = (entry.imports ?? []).map((k) => manifest[k]?.file).filter((f): f is string => Boolean(f));
  return [entry.file, ...shared, ...preloadFiles(manifest, modules)];
}

/**
 * A server-rendered page: the app page with the page's markup in #root, and its code started by
 * /app-loader.js once that markup has painted, instead of by the entry's module script and
 * preload hints in <head>. The first paint then waits for the HTML and the stylesheet only.
 */
export function prerenderedPage(indexHtml: string, markup: string, scripts: readonly string[], head?: PageHead, preloads = ''): string {
  const list = scripts.map((f) => `/${f}`).join(' ');
  const loader = `<script src="/app-loader.js" data-modules="${escapeAttr(list)}" async></script>`;
  return (head ? withHead(indexHtml, head) : indexHtml)
    .replace('</head>', () => `${preloads}</head>`)
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>${loader}`);
}

/** What a rendered page's <head> says: crawlers that run no script read the page's own title and description. */
export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  /** The page's language (older renderers leave it out: English). */
  lang?: string;
}

/**
 * The template's language, title, description, their Open Graph copies, a canonical link and the
 * page's address in every other language, for one page.
 */
function withHead(html: string, head: PageHead): string {
  const title = escapeAttr(head.title);
  const description = escapeAttr(head.description);
  const canonical = new URL(head.canonical);
  const page = pageLocale(canonical.pathname);
  const alternates = page
    ? pageAlternates(page.page, canonical.origin)
        .map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeAttr(a.href)}" />`)
        .join('')
    : '';
  return html
    .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeAttr(head.lang ?? page?.locale ?? 'en')}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${description}" />`)
    .replace(/<meta property="og:title" content="[^"]*" \/>/, () => `<meta property="og:title" content="${title}" />`)
    .replace(/<meta property="og:description" content="[^"]*" \/>/, () => `<meta property="og:description" content="${description}" />`)
    .replace('</head>', () => `<link rel="canonical" href="${escapeAttr(head.canonical)}" />${alternates}</head>`);
}

/** The server-side renderer of the public pages (dist/prerender/prerender.js, from src/web/prerender.tsx). */
interface PageRenderer {
  setRenderConfig(config: PublicConfig): void;
  /** A page, or (older renderers) only its markup; null when the path renders no page of its own. */
  renderPage(path: string, origin: string): Promise<{ markup: string; head: PageHead } | string | null>;
}

/**
 * Renders the prerendered paths on demand, each once per process (the config is fixed for the
 * process's life). Without a renderer in the build, or when a render fails, the path gets the
 * client-rendered page.
 */
function pageRenderer(
  app: FastifyInstance,
  rendererFile: string,
  publicConfig: PublicConfig,
  indexHtml: string,
  manifest: Manifest | null,
  messages: MessageFiles | null,
) {
  const paths = new Set(allLocalisedPaths());
  const cache = new Map<string, Promise<string | null>>();
  let renderer: Promise<PageRenderer | null> | null = null;
  const load = () =>
    (renderer ??= import(pathToFileURL(rendererFile).href).then(
      (m: PageRenderer) => {
        m.setRenderConfig(publicConfig);
        return m;
      },
      (err: unknown) => {
        app.log.warn({ err }, 'page renderer could not be loaded: public pages are rendered in the browser');
        return null;
      },
    ));
  const render = async (path: string): Promise<string | null> => {
    const r = await load();
    if (!r || !manifest) return null;
    try {
      const page = await r.renderPage(path, publicConfig.appUrl);
      if (page === null) return null;
      const target = pageLocale(path) ?? { locale: 'en', page: path };
      const scripts = pageScripts(manifest, routeModules[target.page] ?? []);
      const preloads = messagePreloads(messages, target.locale, routeMessages[target.page] ?? []);
      return typeof page === 'string'
        ? prerenderedPage(indexHtml, page, scripts, undefined, preloads)
        : prerenderedPage(indexHtml, page.markup, scripts, page.head, preloads);
    } catch (err) {
      app.log.warn({ err, path }, 'page could not be rendered on the server: it is rendered in the browser');
      return null;
    }
  };
  const available = existsSync(rendererFile) && manifest !== null;
  return {
    /** The rendered page for `path`, or undefined when the path is not rendered on the server. */
    page(path: string): Promise<string | null> | undefined {
      if (!available || !paths.has(path)) return undefined;
      let page = cache.get(path);
      if (!page) cache.set(path, (page = render(path)));
      return page;
    },
    /**
     * Renders every public page ahead of its first visitor (a first render costs the visitor
     * most of a second): the English pages, then each other language's landing page, then the rest.
     */
    async warm(): Promise<void> {
      if (!available) return;
      const others = [...paths].filter((p) => !localisedPages.includes(p));
      const landing = others.filter((p) => p.endsWith('/home'));
      for (const path of [...localisedPages, ...landing, ...others.filter((p) => !landing.includes(p))]) {
        await new Promise((resolve) => setImmediate(resolve));
        await this.page(path);
      }
    },
  };
}

/**
 * Serves the built web app: hashed assets cached for a year (pre-compressed .br/.gz when the
 * build made them), every other non-API GET gets the SPA, which renders its own 'Page not found'.
 */
export async function registerWeb(
  app: FastifyInstance,
  publicConfig: PublicConfig,
  dir: string = webDistDir,
): Promise<void> {
  const indexFile = join(dir, 'index.html');
  const indexHtml = existsSync(indexFile) ? renderIndexHtml(readFileSync(indexFile, 'utf8'), publicConfig) : null;
  const manifest = readManifest(dir);
  const pages = indexHtml ? routePages(indexHtml, manifest) : new Map<string, string>();
  const rendered = indexHtml
    ? pageRenderer(app, join(dirname(dir), 'prerender', 'prerender.js'), publicConfig, indexHtml, manifest, readMessageFiles(dir))
    : null;
  if (rendered) {
    // After start-up, so loading the renderer never delays the first health check.
    app.addHook('onListen', (done) => {
      setTimeout(() => void rendered.warm(), 500).unref();
      done();
    });
  }
  const assetsDir = join(dir, 'assets') + sep;
  registerCrawlerFiles(app, publicConfig.appUrl);

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: dir,
      // One route per file of the build, listed at start: any other path goes straight to the
      // not-found handler below, without touching the disk (a wildcard would stat every unknown URL).
      wildcard: false,
      // The raw template, build metadata (dot folders are never listed) and the compressed copies,
      // which preCompressed sends in place of the file they compress.
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        reply.header('cache-control', path.startsWith(assetsDir) ? cacheControl.hashedAsset : cacheControl.publicFile);
      },
    });
  }

  // Each page variant is compressed once per encoding, like the pre-compressed assets.
  const compressed = new Map<string, { br?: Buffer; gzip?: Buffer }>();
  const encode = (page: string, encoding: 'br' | 'gzip') => {
    let bodies = compressed.get(page);
    if (!bodies) compressed.set(page, (bodies = {}));
    return (bodies[encoding] ??= encoding === 'br' ? brotliCompressSync(page) : gzipSync(page));
  };

  const sendApp = async (reply: FastifyReply, rawPath: string, acceptEncoding: string) => {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build` (npm start builds it for you).');
    }
    const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
    const page = (await rendered?.page(path)) ?? pages.get(path) ?? indexHtml;
    reply.type('text/html; charset=utf-8').header('cache-control', cacheControl.appPage).header('vary', 'accept-encoding');
    const encoding = /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : undefined;
    if (!encoding) return reply.send(page);
    return reply.header('content-encoding', encoding).send(encode(page, encoding));
  };

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path)) {
      return reply.status(404).send({ detail: `No such API route: ${request.method} ${path}`, code: 'not_found' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ detail: 'Not found', code: 'not_found' });
    }
    // A missing hashed asset is a real 404, not the app (a stale tab must not parse HTML as JS).
    if (path.startsWith('/assets/')) {
      return reply.status(404).send({ detail: 'Not found', code: 'not_found' });
    }
    // The site's root opens the landing page in the visitor's language: their saved choice, else their browser's.
    if (path === '/') {
      const locale = requestLocale(request);
      // The query (campaign tags, a referral) goes along.
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.header('vary', 'accept-language, cookie').header('cache-control', 'no-cache').redirect(`${localisedPath('/home', locale)}${query}`, 302);
    }
    return sendApp(reply, path, String(request.headers['accept-encoding'] ?? ''));
  });
}
