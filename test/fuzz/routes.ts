import type { FastifyInstance, HTTPMethods } from 'fastify';

/** A JSON Schema as the OpenAPI document carries it (the subset the fuzz reads). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** One route of the running app, with what its OpenAPI entry says about its input. */
export interface AppRoute {
  method: HTTPMethods;
  /** Fastify's pattern: `/api/reports/:id`, `/*` for the SPA fallback. */
  url: string;
  /** Path parameter names, in order. */
  params: string[];
  /** JSON body schema (OpenAPI requestBody application/json), when the route declares one. */
  bodySchema?: JsonSchema;
  /** Does the route declare a multipart body? */
  multipart: boolean;
  /** Query parameter schemas by name. */
  query: Record<string, JsonSchema>;
  /** Does the OpenAPI entry say the route needs a bearer token? */
  bearer: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}
type OpenApiDoc = { paths?: Record<string, Record<string, OpenApiOperation>> };

/**
 * Every route the app has, read from Fastify's own route tree (`printRoutes`) so a route added
 * tomorrow is fuzzed without touching the tests. Each parsed entry is checked with `hasRoute`,
 * so a change in the tree's format fails loudly instead of silently fuzzing nothing.
 */
export async function listRoutes(app: FastifyInstance): Promise<AppRoute[]> {
  // The radix tree (common prefixes shared): a route's pattern is its nodes' labels joined.
  const tree = app.printRoutes();
  const stack: string[] = [];
  const found: { method: HTTPMethods; url: string }[] = [];
  for (const line of tree.split('\n')) {
    if (!line.trim()) continue;
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!m) throw new Error(`unexpected line in printRoutes(): ${JSON.stringify(line)}`);
    const depth = (m[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(m[2] ?? '');
    const url = stack.join('');
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
      found.push({ method: method as HTTPMethods, url });
    }
  }
  for (const r of found) {
    if (!app.hasRoute(r)) throw new Error(`parsed a route Fastify does not have: ${r.method} ${r.url}`);
  }

  // The whole document, as the app builds it (its public one holds only /api/v1; the team's page needs dev tools).
  const doc = app.swagger() as unknown as OpenApiDoc;
  return found.map(({ method, url }) => {
    const params = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((p) => p[1] ?? '');
    const op = doc.paths?.[url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[method.toLowerCase()];
    const query: Record<string, JsonSchema> = {};
    for (const p of op?.parameters ?? []) if (p.in === 'query') query[p.name] = p.schema ?? {};
    const content = op?.requestBody?.content ?? {};
    return {
      method,
      url,
      params,
      bodySchema: content['application/json']?.schema,
      multipart: 'multipart/form-data' in content,
      query,
      bearer: Boolean(op?.security?.length),
    };
  });
}

/** The SPA fallback and Swagger UI's files: no JSON API, only "never a 5xx" applies. */
export function isPageRoute(route: Pick<AppRoute, 'url'>): boolean {
  return route.url === '/*' || [`/api/docs`, '/api/internal/docs'].some((docs) => route.url === docs || route.url.startsWith(`${docs}/`));
}
