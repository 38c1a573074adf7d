import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';

/** The product's docs page: the public API only (linked from the profile's API keys tab). */
export const docsPrefix = '/api/docs';
/** The whole document (sessions, admin, webhooks, dev tools) for the team: dev tools only, linked from nowhere. */
export const internalDocsPrefix = '/api/internal/docs';
/** The public API's OpenAPI document, for clients and generators. */
export const publicDocumentPath = '/api/v1/openapi.json';
const publicPathPrefix = '/api/v1/';

/** Pages of the docs (Swagger UI and its files), which get the page headers rather than an API answer's. */
export const isDocsPath = (url: string) => url.startsWith(docsPrefix) || url.startsWith(internalDocsPrefix);

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

type OpenApiDocument = Record<string, unknown> & {
  info: Record<string, unknown>;
  paths?: Record<string, unknown>;
  tags?: { name: string }[];
  components?: Record<string, Record<string, unknown> | undefined>;
};

/** Every `$ref` inside a value. */
function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') found.add(v);
      else refsIn(v, found);
    }
  }
  return found;
}

/**
 * The public document out of the whole one: the /api/v1 paths, the component schemas they use,
 * the API-key scheme and the tags they name, with the public API's own introduction.
 */
export function publicDocument(full: OpenApiDocument, description: string): OpenApiDocument {
  const paths = Object.fromEntries(Object.entries(full.paths ?? {}).filter(([path]) => path.startsWith(publicPathPrefix)));
  const schemas = full.components?.schemas ?? {};
  const used: Record<string, unknown> = {};
  // Schemas may refer to others: follow the references until no new one appears.
  let pending = [...refsIn(paths)];
  while (pending.length) {
    const next: string[] = [];
    for (const ref of pending) {
      const name = ref.match(/^#\/components\/schemas\/(.+)$/)?.[1];
      if (!name || name in used || !(name in schemas)) continue;
      used[name] = schemas[name];
      next.push(...refsIn(schemas[name]));
    }
    pending = next;
  }
  const tagNames = new Set(Object.values(paths).flatMap((ops) => Object.values(ops as Record<string, { tags?: string[] }>).flatMap((op) => op.tags ?? [])));
  const { apiKey } = (full.components?.securitySchemes ?? {}) as Record<string, unknown>;
  return {
    openapi: full.openapi,
    info: { ...full.info, description },
    ...(full.tags ? { tags: full.tags.filter((t) => tagNames.has(t.name)) } : {}),
    paths,
    components: { ...(Object.keys(used).length ? { schemas: used } : {}), securitySchemes: { apiKey } },
  };
}

/**
 * The OpenAPI document built from the routes' zod schemas, shown two ways: the public API alone
 * (`/api/v1/openapi.json`, and Swagger UI at `/api/docs`), and the whole of it for the team at
 * `/api/internal/docs` when dev tools are on (never in production). The UIs load only same-origin
 * scripts, so they run under the site's own CSP. Register before the feature modules: routes
 * added later are collected into the document.
 */
export async function registerDocs(app: FastifyInstance, config: Config): Promise<void> {
  const title = `${config.productName} API`;
  const publicIntro =
    'Every error response is JSON `{ "detail": "…", "code": "…" }`.\n\n' +
    'Send an API key (create one under Account Settings, API keys) as `Authorization: Bearer crk_…`. ' +
    'A key opens only `/api/v1`; a session token is refused there. ' +
    `Each key may make ${config.apiRateLimitPerMinute} requests a minute (429 with \`Retry-After\` beyond). ` +
    'Every POST accepts an `Idempotency-Key` header: a retry with the same key returns the first answer and spends nothing more. ' +
    'An assessment costs 1 credit; without credits the answer is 403. ' +
    'Lists are newest first, a page at a time: `limit` (1–100, default 20) and `cursor` (the `next` of the previous page; null on the last page). ' +
    'A call that creates something answers its URL in `Location`.';
  await app.register(swagger, {
    openapi: {
      info: {
        title,
        version: config.version,
        description:
          'The whole API, for the team: the web app\'s session calls, admin, webhooks and dev tools besides the public API.\n\n' + publicIntro,
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

  // Built once, on first request (every route is known by then).
  let cached: OpenApiDocument | undefined;
  const publicDoc = () => (cached ??= publicDocument(app.swagger() as unknown as OpenApiDocument, publicIntro));
  app.get(publicDocumentPath, { schema: { hide: true } }, () => publicDoc());

  const ui = (prefix: string, name: string, transform?: () => OpenApiDocument) =>
    // Each UI in its own scope: the plugin decorates the instance it is registered on.
    app.register(async (scope) => {
      await scope.register(swaggerUi, {
        routePrefix: prefix,
        // No per-route CSP: the site-wide policy (frame-ancestors 'none', no inline script) applies.
        staticCSP: false,
        uiConfig: { deepLinking: true, tryItOutEnabled: false },
        logo: { type: 'image/svg+xml', content: Buffer.from(logo(name)), href: '/home', target: '_self' },
        theme: {
          title: `${name} API`,
          favicon: [{ filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: Buffer.from(favicon) }],
        },
        ...(transform ? { transformSpecification: transform, transformSpecificationClone: false } : {}),
      });
    });
  await ui(docsPrefix, config.productName, publicDoc);
  if (config.devTools) await ui(internalDocsPrefix, `${config.productName} internal`);
}
