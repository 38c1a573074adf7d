import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitBytes } from '../../src/server/app.js';
import { ANALYSIS_IMAGE_MAX_BYTES } from '../../src/shared/contracts/assessment-api.js';
import { PORTFOLIO_FILE_MAX_BYTES } from '../../src/shared/contracts/portfolio.js';
import { createTestApp, type TestApp } from '../app.js';
import { multipartFile, TINY_PNG } from '../assessment-helpers.js';
import { apiKeyOf, createSignedInUser, uniqueIp, type TestUser } from '../auth.js';
import { hasBody } from './harness.js';
import { listRoutes, type AppRoute } from './routes.js';

/**
 * Body size limits (docs/security.md, "Body size limits"): one limit for every JSON and raw
 * body (bodyLimitBytes, the Stripe webhook included); the analysis call's multipart map image
 * has its own, ANALYSIS_IMAGE_MAX_BYTES, and the API's portfolio upload (JSON rows or a CSV file) the
 * portfolio file limit. Over a limit → 413 `{detail}`, before any work is done.
 */

/** Routes whose body may be larger than the JSON limit, and their own limit. */
const ownLimits: Record<string, number> = { 'POST /api/v1/portfolios': PORTFOLIO_FILE_MAX_BYTES };

let t: TestApp;
let routes: AppRoute[];
let user: TestUser;
/** `user`'s credentials for /api/v1, where only an API key opens. */
let apiKeyHeaders: Record<string, string>;
/** The body limit Fastify applies to each route, as the route reports it on a request. */
const limits = new Map<string, number>();
const key = (method: string, url: string) => `${method} ${url}`;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      setup: (app) => {
        app.addHook('onRequest', async (request: FastifyRequest) => {
          if (request.routeOptions.url) limits.set(key(request.method, request.routeOptions.url), request.routeOptions.bodyLimit);
        });
      },
    },
  );
  routes = (await listRoutes(t.app)).filter((r) => hasBody(r.method));
  user = await createSignedInUser(t.app);
  apiKeyHeaders = await apiKeyOf(t.app, user, 'limits');
});
afterAll(async () => {
  await t?.close();
});

const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, 'x').replace('*', 'x');
/** A JSON text of exactly `bytes` bytes. */
const jsonOfSize = (bytes: number) => `{"pad":"${'x'.repeat(bytes - 10)}"}`;

function expect413(res: { statusCode: number; json(): unknown }, what: string) {
  expect(res.statusCode, what).toBe(413);
  expect(res.json(), what).toEqual({ detail: 'Request body is too large', code: 'body_too_large' });
}

describe('body size limits', () => {
  it(`every route with a body is held to the one limit of ${bodyLimitBytes} bytes, but the API's portfolio upload`, async () => {
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      await t.app.inject({ method: route.method, url: concrete(route.url), remoteAddress: uniqueIp() });
      const name = key(route.method, route.url);
      expect(limits.get(name), name).toBe(ownLimits[name] ?? bodyLimitBytes);
    }
  });

  it('the API portfolio upload answers 413 {detail} one byte over its own limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/portfolios',
      headers: { ...apiKeyHeaders, 'content-type': 'application/json' },
      payload: jsonOfSize(PORTFOLIO_FILE_MAX_BYTES + 1),
      remoteAddress: uniqueIp(),
    });
    expect413(res, 'POST /api/v1/portfolios');
  });

  it('a JSON body one byte over the limit answers 413 {detail} on every route, signed in or not', async () => {
    for (const route of routes.filter((r) => !ownLimits[key(r.method, r.url)])) {
      const signedIn = route.url.startsWith('/api/v1/') ? apiKeyHeaders : user.headers;
      for (const headers of [{}, signedIn]) {
        const res = await t.app.inject({
          method: route.method,
          url: concrete(route.url),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: jsonOfSize(bodyLimitBytes + 1),
          remoteAddress: uniqueIp(),
        });
        if (route.url === '/api/stripe/webhook' || Object.keys(headers).length || !route.bearer) {
          expect413(res, key(route.method, route.url));
        } else {
          // Routes that authenticate on onRequest refuse an anonymous caller before reading the body.
          expect([401, 413], key(route.method, route.url)).toContain(res.statusCode);
        }
      }
    }
  });

  it('a JSON body of exactly the limit is read (and then validated)', async () => {
    const payload = jsonOfSize(bodyLimitBytes);
    expect(Buffer.byteLength(payload)).toBe(bodyLimitBytes);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload,
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error' });
  });

  it('a body streamed without Content-Length is cut off at the limit too', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const stream = new Readable({
      read() {
        sent += chunk.length;
        this.push(sent > bodyLimitBytes * 4 ? null : chunk);
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: stream,
      remoteAddress: uniqueIp(),
    });
    expect413(res, 'streamed');
  });

  it(`the analysis map image may exceed the JSON limit, up to ${ANALYSIS_IMAGE_MAX_BYTES} bytes; over that → 413 {detail}`, async () => {
    const url = '/api/openai/company?company=PT500697256&location=Portugal&company_name=EDP';
    const big = multipartFile(Buffer.concat([TINY_PNG, Buffer.alloc(bodyLimitBytes * 2)]));
    const ok = await t.app.inject({ method: 'POST', url, headers: { ...user.headers, ...big.headers }, payload: big.payload });
    expect(ok.statusCode, ok.body).toBe(200);

    const tooBig = multipartFile(Buffer.concat([TINY_PNG, Buffer.alloc(ANALYSIS_IMAGE_MAX_BYTES)]));
    const res = await t.app.inject({ method: 'POST', url, headers: { ...user.headers, ...tooBig.headers }, payload: tooBig.payload });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'The map image is larger than 5 MB.', code: 'image_too_large' });
  });

  it('multipart is accepted by the analysis call only: elsewhere it is an unsupported content type', async () => {
    for (const route of routes.filter((r) => r.url !== '/api/openai/company')) {
      const body = multipartFile(TINY_PNG);
      const res = await t.app.inject({
        method: route.method,
        url: concrete(route.url),
        headers: { ...user.headers, ...body.headers },
        payload: body.payload,
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode, key(route.method, route.url)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, key(route.method, route.url)).toBeLessThan(500);
      expect(typeof res.json<{ detail?: unknown }>().detail).toBe('string');
    }
  });
});
