import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';

export const docsPrefix = '/api/docs';

/** The Corisk mark (as in the web app's logo), for the docs' top bar and tab icon. */
const mark =
  '<rect width="32" height="32" rx="7" fill="#0f2a4a"/>' +
  '<path d="M16 5l9 4v6c0 6-4 10.5-9 12-5-1.5-9-6-9-12V9z" fill="#22c55e"/>' +
  '<path d="M12 16l3 3 5-6" stroke="#fff" stroke-width="2.4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>';
const favicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${mark}</svg>`;
const logo = (name: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="40" viewBox="0 0 180 40">` +
  `<g transform="translate(0 4)">${mark}</g>` +
  `<text x="42" y="28" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="20" font-weight="700" fill="#fff">${name} API</text></svg>`;

/**
 * OpenAPI document (`/api/docs/json`) built from the routes' zod schemas, and Swagger UI at
 * `/api/docs`. The UI loads only same-origin scripts, so it runs under the site's own CSP.
 * Register before the feature modules: routes added later are collected into the document.
 */
export async function registerDocs(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.productName} API`,
        version: config.version,
        description:
          'Every error response is JSON `{ "detail": "…", "code": "…" }`.\n\n' +
          '**Public API (`/api/v1`)**: send an API key (create one under Account Settings, API keys) as ' +
          '`Authorization: Bearer crk_…`. A key opens only `/api/v1`; a session token is refused there. ' +
          `Each key may make ${config.apiRateLimitPerMinute} requests a minute (429 with \`Retry-After\` beyond). ` +
          'Every POST accepts an `Idempotency-Key` header: a retry with the same key returns the first answer and spends nothing more. ' +
          'An assessment costs 1 credit; without credits the answer is 403.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Session access token of the web app (sign-in)' },
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'API key (crk_…)', description: 'An API key from your profile; only for /api/v1' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: docsPrefix,
    // No per-route CSP: the site-wide policy (frame-ancestors 'none', no inline script) applies.
    staticCSP: false,
    uiConfig: { deepLinking: true, tryItOutEnabled: false },
    logo: { type: 'image/svg+xml', content: Buffer.from(logo(config.productName)), href: '/home', target: '_self' },
    theme: {
      title: `${config.productName} API`,
      favicon: [{ filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: Buffer.from(favicon) }],
    },
  });
}
