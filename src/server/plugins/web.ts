import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PublicConfig } from '../../shared/contracts/common.js';
import { webDistDir } from '../lib/paths.js';

const CONFIG_MARKER = '<!--app-config-->';

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** index.html with the runtime config as a meta tag: no inline script, no extra round trip. */
export function renderIndexHtml(template: string, publicConfig: PublicConfig): string {
  const meta = `<meta name="app-config" content="${escapeAttr(JSON.stringify(publicConfig))}">`;
  return template.replace(CONFIG_MARKER, meta);
}

/** Serves the built web app: hashed assets cached for a year, every other page gets the SPA. */
export async function registerWeb(
  app: FastifyInstance,
  publicConfig: PublicConfig,
  dir: string = webDistDir,
): Promise<void> {
  const indexFile = join(dir, 'index.html');
  const hasBuild = existsSync(indexFile);
  const indexHtml = hasBuild ? renderIndexHtml(readFileSync(indexFile, 'utf8'), publicConfig) : null;

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: true,
      index: false,
      setHeaders(res, path) {
        if (path.includes(`${join(dir, 'assets')}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'public, max-age=3600');
        }
      },
    });
  }

  const sendApp = (reply: FastifyReply) => {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build` (npm start builds it for you).');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  };

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({ detail: `No such API route: ${request.method} ${path}`, code: 'not_found' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ detail: 'Not found', code: 'not_found' });
    }
    // A missing hashed asset is a real 404, not the app.
    if (path.startsWith('/assets/')) {
      return reply.status(404).send({ detail: 'Not found', code: 'not_found' });
    }
    return sendApp(reply);
  });
}
