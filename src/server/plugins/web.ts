import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PublicConfig } from '../../shared/contracts/common.js';
import { routeModules } from '../../shared/route-modules.js';
import { registerCrawlerFiles } from './crawlers.js';
import { isApiPath } from './security.js';
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

/** The page for each path of routeModules: the app page with modulepreload hints for that path's code. */
function routePages(indexHtml: string, dir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const manifestFile = join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return pages;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  } catch {
    return pages;
  }
  for (const [path, modules] of Object.entries(routeModules)) {
    const files = preloadFiles(manifest, modules);
    if (files.length === 0) continue;
    const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${escapeAttr(f)}">`).join('');
    pages.set(path, indexHtml.replace('</head>', `${links}</head>`));
  }
  return pages;
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
  const pages = indexHtml ? routePages(indexHtml, dir) : new Map<string, string>();
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

  const sendApp = (reply: FastifyReply, path: string, acceptEncoding: string) => {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build` (npm start builds it for you).');
    }
    const page = pages.get(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path) ?? indexHtml;
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
    return sendApp(reply, path, String(request.headers['accept-encoding'] ?? ''));
  });
}
