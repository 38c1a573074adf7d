import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';

export const docsPrefix = '/api/docs';

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
        description: 'Every error response is JSON `{ "detail": "…", "code": "…" }`.',
      },
      servers: [{ url: config.appUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: docsPrefix,
    // No per-route CSP: the site-wide policy (frame-ancestors 'none', no inline script) applies.
    staticCSP: false,
    uiConfig: { deepLinking: true, tryItOutEnabled: false },
    theme: { title: `${config.productName} API` },
  });
}
