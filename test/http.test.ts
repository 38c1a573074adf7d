import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitBytes } from '../src/server/app.js';
import { AppError } from '../src/server/lib/errors.js';
import { createTestApp, type TestApp } from './app.js';

/** Integration: the real app over app.inject — errors, headers, API docs. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      setup: (app) => {
        const r = app.withTypeProvider<ZodTypeProvider>();
        r.post(
          '/api/test/echo',
          { schema: { body: z.object({ email: z.email(), age: z.number().int().min(18) }) } },
          async (request) => request.body,
        );
        r.get('/api/test/boom', async () => {
          throw new Error('connection string postgres://admin:hunter2@db/internal');
        });
        r.get('/api/test/conflict', async () => {
          throw new AppError(409, 'already_exists', 'That e-mail is already registered');
        });
        r.get(
          '/api/test/bad-response',
          { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
          async () => ({ ok: false }) as unknown as { ok: true },
        );
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
});

/** POST /api/test/echo with a raw body sent as `contentType`. */
const echoRaw = (contentType: string, payload: string) =>
  t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': contentType }, payload });

const expectJsonError = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, status: number) => {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = res.json() as { detail?: unknown; code?: unknown };
  expect(typeof body.detail).toBe('string');
  expect(typeof body.code).toBe('string');
  return body as { detail: string; code: string };
};

describe('errors are JSON {detail, code}', () => {
  it('unknown /api/* routes answer 404 for every method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      const body = expectJsonError(await t.app.inject({ method, url: '/api/no/such/route?x=1' }), 404);
      expect(body.detail).toBe(`No such API route: ${method} /api/no/such/route`);
      expect(body.code).toBe('not_found');
    }
    expectJsonError(await t.app.inject({ method: 'GET', url: '/api' }), 404);
  });

  it('a body that is not valid JSON answers 400', async () => {
    const res = await echoRaw('application/json', '{"email": "a@b.eu",');
    expect(expectJsonError(res, 400)).toEqual({ detail: 'Request body is not valid JSON', code: 'invalid_json' });
  });

  it('an empty JSON body answers 400', async () => {
    const res = await echoRaw('application/json', '');
    expect(expectJsonError(res, 400).code).toBe('invalid_json');
  });

  it('a body failing its schema answers 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'a@b.eu', age: 12 } });
    const body = expectJsonError(res, 400);
    expect(body.code).toBe('validation_error');
    expect(body.detail).toMatch(/^Invalid age: /);
  });

  it('a valid body passes', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'a@b.eu', age: 30 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'a@b.eu', age: 30 });
  });

  it(`a body over ${bodyLimitBytes} bytes answers 413`, async () => {
    const res = await echoRaw('application/json', JSON.stringify({ email: 'a@b.eu', pad: 'x'.repeat(bodyLimitBytes) }));
    expect(expectJsonError(res, 413)).toEqual({ detail: 'Request body is too large', code: 'body_too_large' });
  });

  it('an unsupported content type answers 415', async () => {
    const res = await echoRaw('application/xml', '<a/>');
    expect(expectJsonError(res, 415).code).toBe('unsupported_media_type');
  });

  it('an AppError keeps its status, code and message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(expectJsonError(res, 409)).toEqual({ detail: 'That e-mail is already registered', code: 'already_exists' });
  });

  it('an unexpected error answers 500 without leaking internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(expectJsonError(res, 500)).toEqual({ detail: 'Internal server error', code: 'internal' });
    expect(res.body).not.toContain('hunter2');
  });

  it('a response that breaks its own schema answers 500, not the data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/bad-response' });
    expect(expectJsonError(res, 500).code).toBe('internal');
  });
});

describe('security headers', () => {
  const directives = (csp: string) =>
    new Map(
      csp
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => {
          const [name = '', ...values] = d.split(/\s+/);
          return [name, values] as const;
        }),
    );

  it.each(['/home', '/no-such-page', '/api/docs', '/api/internal/docs'])('page %s carries the CSP and the other headers', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each(['/api/health', '/api/no-such-route', '/api/stripe/plan-status'])('API answer %s carries the API headers: a CSP that allows nothing, no store', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(directives(String(res.headers['content-security-policy']))).toEqual(
      new Map([
        ['default-src', ["'none'"]],
        ['frame-ancestors', ["'none'"]],
      ]),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('production on https adds HSTS and upgrade-insecure-requests; analytics hosts only with GA', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      APP_URL: 'https://corisk.example.eu',
      GA_MEASUREMENT_ID: 'G-ABC123',
    });
    try {
      const api = await prod.app.inject({ method: 'GET', url: '/api/health' });
      expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const res = await prod.app.inject({ method: 'GET', url: '/home' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.has('upgrade-insecure-requests')).toBe(true);
      expect(csp.get('script-src')).toEqual(["'self'", 'https://www.googletagmanager.com', 'https://www.google-analytics.com']);
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    } finally {
      await prod.close();
    }
  });
});

describe('API documentation', () => {
  it('serves the whole OpenAPI document for the team at /api/internal/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/internal/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info).toMatchObject({ title: 'Corisk API', version: t.config.version });
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/config']));
    expect(doc.paths['/api/health'].get.responses).toHaveProperty('503');
  });

  it.each(['/api/docs', '/api/internal/docs'])('serves Swagger UI at %s with same-origin scripts only', async (prefix) => {
    const res = await t.app.inject({ method: 'GET', url: prefix });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, inline] of scripts) {
      expect(attrs).toContain(`src="${prefix}/static/`);
      expect(inline?.trim()).toBe('');
    }
    const bundle = await t.app.inject({ method: 'GET', url: `${prefix}/static/swagger-ui-bundle.js` });
    expect(bundle.statusCode).toBe(200);
    const init = await t.app.inject({ method: 'GET', url: `${prefix}/static/swagger-initializer.js` });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain("resolveUrl('./json')");
  });
});

describe('validation messages', () => {
  it("show a contract's own message as it is, and name the field for generic ones", async () => {
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'Ana', lastName: 'Silva', email: 'ana@example.eu', password: 'short',
        companyName: 'Acme', fiscalNumber: 'PT501964843',
      },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ detail: 'Password must be at least 8 characters long', code: 'validation_error' });

    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'a@b.eu' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/^Invalid password: /);
  });
});
