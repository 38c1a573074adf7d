import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/app.js';
import { publicDocument } from './docs.js';

/**
 * The API's documents: the public one (`/api/v1/openapi.json`, and the product's docs page at
 * `/api/docs`) holds only /api/v1 and the API-key scheme; the whole one is the team's, at
 * `/api/internal/docs`, and only with dev tools on.
 */

type Doc = {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, { security?: Record<string, string[]>[]; parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, unknown>; schemas?: Record<string, unknown> };
  tags?: { name: string }[];
};

const t = useTestApp();

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the public OpenAPI document', () => {
  it('is valid against the official OpenAPI schema and holds only /api/v1 with the API-key scheme', async () => {
    const res = await get('/api/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json<Doc>();
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toMatch(/^3\./);

    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) {
      expect(path).toMatch(/^\/api\/v1\//);
      expect(path).not.toMatch(/^\/api\/(admin|dev|stripe|auth|internal)/);
    }
    expect(doc.components.securitySchemes).toEqual({ apiKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
    for (const ops of Object.values(doc.paths)) for (const op of Object.values(ops)) expect(op.security).toEqual([{ apiKey: [] }]);
    expect((doc.tags ?? []).map((tag) => tag.name)).not.toContain('auth');
    expect(doc.info).toMatchObject({ title: 'Corisk API', version: t.config.version });
    expect(doc.info.description).toMatch(/cursor/);
    expect(doc.info.description).not.toMatch(/admin|webhook|session calls/i);
    // Nothing of the internal routes anywhere in it, not even in a description.
    expect(JSON.stringify(doc)).not.toMatch(/\/api\/(admin|dev|stripe|auth|internal|portfolios\/preview)/);

    const expected = [
      ['/api/v1/assessments', 'get'],
      ['/api/v1/assessments', 'post'],
      ['/api/v1/assessments/{id}', 'get'],
      ['/api/v1/assessments/{id}/pdf', 'get'],
      ['/api/v1/portfolios', 'get'],
      ['/api/v1/portfolios', 'post'],
      ['/api/v1/portfolios/{id}', 'get'],
      ['/api/v1/portfolios/{id}/export.csv', 'get'],
      ['/api/v1/portfolios/{id}/export.xlsx', 'get'],
    ] as const;
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    for (const path of ['/api/v1/assessments', '/api/v1/portfolios']) {
      const list = doc.paths[path]!.get!;
      expect(list.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'limit', in: 'query' }), expect.objectContaining({ name: 'cursor', in: 'query' })]),
      );
      expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    }
    expect(doc.paths['/api/v1/portfolios/{id}/export.xlsx']!.get!.responses['200']).toMatchObject({
      content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': expect.anything() },
    });
  });

  it('is what the docs page at /api/docs shows', async () => {
    const page = await get('/api/docs/json');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual((await get('/api/v1/openapi.json')).json());
    const ui = await get('/api/docs');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    expect((await get('/api/docs/static/swagger-initializer.js')).body).toContain("resolveUrl('./json')");
  });
});

describe('the internal document', () => {
  it('holds every route for the team at /api/internal/docs while dev tools are on', async () => {
    const res = await get('/api/internal/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<Doc>();
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/auth/signup', '/api/portfolios', '/api/v1/assessments']));
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'bearerAuth']);
    // The docs routes themselves are not operations.
    expect(paths.some((p) => p.includes('openapi.json') || p.startsWith('/api/docs') || p.startsWith('/api/internal'))).toBe(false);
    const ui = await get('/api/internal/docs');
    expect(ui.statusCode).toBe(200);
    // A docs page gets the site's page CSP, not an API answer's 'none'.
    expect(String(ui.headers['content-security-policy'])).toMatch(/script-src 'self'/);
  });

  it('is not served without dev tools (as in production); the public one is', { timeout: 120_000 }, async () => {
    const prod = await createTestApp({ ENABLE_DEV_TOOLS: 'false' });
    try {
      for (const url of ['/api/internal/docs', '/api/internal/docs/json']) {
        const res = await prod.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
      }
      const pub = await prod.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      expect(pub.statusCode).toBe(200);
      expect(Object.keys(pub.json<Doc>().paths).every((p) => p.startsWith('/api/v1/'))).toBe(true);
    } finally {
      await prod.close();
    }
  });
});

describe('publicDocument', () => {
  it('keeps the component schemas the public paths use (and what those refer to), nothing else', () => {
    const full = {
      openapi: '3.0.3',
      info: { title: 'x', version: '1', description: 'internal' },
      tags: [{ name: 'public' }, { name: 'auth' }],
      paths: {
        '/api/v1/things': { get: { tags: ['public'], responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } } } },
        '/api/auth/me': { get: { tags: ['auth'], responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } } } },
      },
      components: {
        schemas: { Thing: { properties: { part: { $ref: '#/components/schemas/Part' } } }, Part: { type: 'string' }, User: { type: 'object' } },
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' }, apiKey: { type: 'http', scheme: 'bearer' } },
      },
    };
    const doc = publicDocument(full, 'public');
    expect(Object.keys(doc.paths ?? {})).toEqual(['/api/v1/things']);
    expect(Object.keys(doc.components?.schemas ?? {}).sort()).toEqual(['Part', 'Thing']);
    expect(Object.keys(doc.components?.securitySchemes ?? {})).toEqual(['apiKey']);
    expect(doc.tags).toEqual([{ name: 'public' }]);
    expect(doc.info.description).toBe('public');
  });
});
