import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { it } from 'vitest';
import { JwtTokens } from '../../src/server/modules/auth/tokens.js';
import { createSignedInUser, uniqueIp, type TestUser } from '../auth.js';
import { anyString, bodyFor, contentTypes, headerSafe, pathParam, queryFor, type FuzzBody } from './arbitraries.js';
import { isPageRoute, listRoutes, type AppRoute } from './routes.js';

/**
 * The fuzz machinery both fuzz files share: the target (app, routes, sessions), the invariants
 * every answer keeps, and one fast-check property per kind of bad input, run route by route.
 */

/** Runs per route and property: FUZZ_RUNS (default 20). A failure prints a seed: FUZZ_SEED/FUZZ_PATH replay it. */
export const fuzzRuns = Number(process.env.FUZZ_RUNS ?? 20);
const replay = process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED), path: process.env.FUZZ_PATH } : {};
export const fcOptions = { numRuns: fuzzRuns, ...replay };
/** Time a fuzz test may take: the default runs finish in seconds; more runs get more time. */
export const fuzzTimeoutMs = Math.max(60_000, fuzzRuns * 4_000);

export interface FuzzRequest {
  method: HTTPMethods;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  label: string;
}

export interface Reply {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** Admin addresses for ADMIN_EMAILS: the fuzz may end a session or change an address, then takes the next. */
export const fuzzAdminEmails = Array.from({ length: 30 }, (_, i) => `fuzz-admin-${i}@example.com`);

export interface FuzzTarget {
  app: FastifyInstance;
  routes: AppRoute[];
  /** Current sessions (replaced when a fuzzed request ends one: logout, e-mail change...). */
  user: TestUser;
  admin: TestUser;
  /** An API key of `user`: the only credential /api/v1 accepts. */
  apiKey: string;
  adminsUsed: number;
  /** Statuses answered to requests with a valid user or admin token or the API key, by route. */
  authenticatedStatuses: Map<AppRoute, Set<number>>;
  /** Tokens that look right but are not. */
  forged: string[];
  /** A deliberate 5xx this configuration answers whatever the input (documented at the call site). */
  expectedUnavailable?: (route: AppRoute, res: Reply) => boolean;
}

/** A small build of the web app, so the SPA fallback answers as in production. */
export function createWebDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'corisk-fuzz-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><!--app-config--><title>Corisk</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets/app-abc123.js'), 'export {};\n');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Routes from the app, a confirmed user and an admin (the app's ADMIN_EMAILS must be fuzzAdminEmails). */
export async function prepareTarget(
  app: FastifyInstance,
  jwtSecret: string,
  expectedUnavailable?: FuzzTarget['expectedUnavailable'],
): Promise<FuzzTarget> {
  const routes = await listRoutes(app);
  const user = await createSignedInUser(app);
  const admin = await createSignedInUser(app, { email: fuzzAdminEmails[0] });
  const key = await app.inject({ method: 'POST', url: '/api/api-keys', headers: user.headers, payload: { name: 'fuzz' } });
  if (key.statusCode !== 201) throw new Error(`API key not created: ${key.statusCode} ${key.body}`);
  return {
    app,
    routes,
    user,
    admin,
    apiKey: key.json<{ secret: string }>().secret,
    adminsUsed: 1,
    authenticatedStatuses: new Map(),
    forged: await forgedTokens(jwtSecret, user),
    expectedUnavailable,
  };
}

/** Replaces a session a fuzzed request ended (logout) or changed (e-mail update), so the next route runs signed in. */
async function keepSignedIn(target: FuzzTarget): Promise<void> {
  const stillValid = async (s: TestUser, admin: boolean) => {
    const res = await target.app.inject({ method: 'GET', url: '/api/auth/me', headers: s.headers });
    if (res.statusCode !== 200) return false;
    const me = res.json<{ data: { email: string; isAdmin?: boolean } }>();
    return me.data.email === s.email && Boolean(me.data.isAdmin) === admin;
  };
  if (!(await stillValid(target.user, false))) target.user = await createSignedInUser(target.app);
  if (!(await stillValid(target.admin, true))) {
    const email = fuzzAdminEmails[target.adminsUsed++];
    if (!email) throw new Error('the fuzz ended more admin sessions than fuzzAdminEmails holds');
    target.admin = await createSignedInUser(target.app, { email });
  }
}

/** Tampered, unsigned, wrong-algorithm, wrong-purpose, expired and unknown-session tokens. */
async function forgedTokens(secret: string, user: TestUser): Promise<string[]> {
  const tokens = new JwtTokens(secret);
  const [header = '', payload = '', signature = ''] = user.access_token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const uuid = '00000000-0000-4000-8000-000000000000';
  return [
    `${header}.${b64({ ...claims, sub: uuid })}.${signature}`,
    `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    `${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`,
    `${header}.${payload}`,
    await tokens.sign('reset', { jti: 'x'.repeat(43) }, String(claims.sub), 600),
    await tokens.sign('access', { sid: uuid }, String(claims.sub), 600),
    await tokens.sign('access', { sid: String(claims.sid) }, String(claims.sub), -60),
    await tokens.sign('access', { sid: 'not-a-uuid' }, 'not-a-uuid', 600),
  ];
}

/** Authorization values: none, valid user/admin (most runs), and broken forms. */
function authorizations(target: FuzzTarget): fc.Arbitrary<string | undefined> {
  const { user, admin, forged, apiKey } = target;
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 3 },
    { arbitrary: fc.constant(`Bearer ${user.access_token}`), weight: 4 },
    { arbitrary: fc.constant(`Bearer ${admin.access_token}`), weight: 2 },
    { arbitrary: fc.constant(`Bearer ${apiKey}`), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        'Bearer',
        'Bearer ',
        'Bearer  \t',
        'Basic YTpi',
        `bearer ${user.access_token}`,
        `Token ${user.access_token}`,
        `Bearer ${user.refresh_token}`,
        `Bearer ${user.access_token}x`,
        `Bearer ${user.access_token} ${admin.access_token}`,
        `Bearer ${user.access_token},Bearer ${admin.access_token}`,
        'Bearer a.b.c',
        `Bearer ${apiKey}x`,
        `bearer ${apiKey}`,
        `Bearer ${apiKey.slice(0, 12)}`,
        'Bearer ...',
        `Bearer ${'A'.repeat(8_000)}`,
        ...forged.map((f) => `Bearer ${f}`),
      ),
      weight: 3,
    },
    { arbitrary: anyString.map((s) => headerSafe(`Bearer ${s}`)), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 80 }).map(headerSafe), weight: 1 },
  );
}

/** Extra headers an odd or hostile client sends. */
const oddHeaders: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.constantFrom(
    'accept',
    'accept-encoding',
    'accept-language',
    'cookie',
    'origin',
    'referer',
    'x-forwarded-for',
    'x-forwarded-proto',
    'x-forwarded-host',
    'x-real-ip',
    'forwarded',
    'stripe-signature',
    'if-none-match',
    'if-modified-since',
    'range',
    'user-agent',
    'x-http-method-override',
    'accept-version',
    'x-request-id',
  ),
  fc.oneof(
    fc.string({ unit: 'binary-ascii', maxLength: 120 }).map(headerSafe),
    fc.constantFrom(
      '*/*;q=abc',
      'br;q=1, gzip;q=0, *;q=x',
      'bytes=abc',
      'bytes=0-0,-1',
      'bytes=999999999-',
      't=1,v1=00',
      't=,v1=',
      '1.2.3.4, ::1, garbage',
      'for=unknown;proto=gopher',
      'Thu, 01 Jan 1970 00:00:00 GMT',
      'not a date',
      'DELETE',
      '1.0.0',
      '"etag"',
      'x'.repeat(6_000),
    ),
  ),
  { maxKeys: 4 },
);

/** A concrete URL for a route pattern: parameters and wildcards filled with fuzz values. */
function concreteUrl(route: AppRoute): fc.Arbitrary<string> {
  const parts = route.url.split(/(:[A-Za-z0-9_]+|\*)/).filter((p) => p !== '');
  return fc
    .tuple(
      ...parts.map((p) =>
        p.startsWith(':')
          ? pathParam
          : p === '*'
            ? fc.array(pathParam, { maxLength: 3 }).map((segs) => segs.join('/'))
            : fc.constant(p),
      ),
    )
    .map((segs) => segs.join(''));
}

/** The invariants every answer keeps: no 5xx; every error is JSON with a non-empty string `detail`. */
export function expectSafe(target: FuzzTarget, route: AppRoute, req: FuzzRequest, res: Reply): void {
  const sent =
    typeof req.payload === 'string'
      ? JSON.stringify(req.payload.slice(0, 200))
      : req.payload
        ? `<${req.payload.length} bytes>`
        : '<none>';
  const where = `${req.method} ${req.url.slice(0, 300)} [${req.label}] headers=${JSON.stringify(req.headers).slice(0, 400)} body=${sent}`;
  const got = `${res.statusCode} ${String(res.headers['content-type'])} ${res.body.slice(0, 300)}`;
  if (res.statusCode >= 500 && !target.expectedUnavailable?.(route, res)) throw new Error(`5xx for ${where}\n→ ${got}`);
  if (res.statusCode < 400 || req.method === 'HEAD' || isPageRoute(route)) return;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
    throw new Error(`non-JSON error for ${where}\n→ ${got}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    throw new Error(`unparseable error body for ${where}\n→ ${got}`);
  }
  const detail = typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
  if (typeof detail !== 'string' || !detail) throw new Error(`error without a string detail for ${where}\n→ ${got}`);
}

/** Sends one request from a fresh client address (per-IP limits stay out of the way) and checks it. */
export async function send(target: FuzzTarget, route: AppRoute, req: FuzzRequest): Promise<Reply> {
  const res = await target.app.inject({
    method: req.method,
    url: req.url,
    headers: req.headers,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
    remoteAddress: uniqueIp(),
  });
  expectSafe(target, route, req, res);
  const auth = req.headers.authorization;
  if (auth === target.user.headers.authorization || auth === target.admin.headers.authorization || auth === `Bearer ${target.apiKey}`) {
    const seen = target.authenticatedStatuses.get(route) ?? new Set<number>();
    target.authenticatedStatuses.set(route, seen.add(res.statusCode));
  }
  return res;
}

const withoutUndefined = (h: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(h).filter((e): e is [string, string] => e[1] !== undefined));

export const hasBody = (method: HTTPMethods): boolean => !['GET', 'HEAD'].includes(method);

/** HEAD runs GET's handler, and pages only need "never a 5xx": a quarter of the runs for those. */
function optionsFor(route: AppRoute): typeof fcOptions {
  const light = route.method === 'HEAD' || isPageRoute(route);
  return light ? { ...fcOptions, numRuns: Math.max(3, Math.ceil(fuzzRuns / 4)) } : fcOptions;
}

/** Random and malformed bodies, content types, query strings and Authorization forms, on one route. */
export async function fuzzBodiesAndQueries(target: FuzzTarget, route: AppRoute): Promise<void> {
  const noBody: fc.Arbitrary<FuzzBody> = fc.constant({ payload: undefined, label: 'no body' });
  await fc.assert(
    fc.asyncProperty(
      concreteUrl(route),
      queryFor(route.query),
      hasBody(route.method) ? bodyFor(route.bodySchema) : noBody,
      contentTypes,
      authorizations(target),
      async (path, query, body, contentType, authorization) => {
        await send(target, route, {
          method: route.method,
          url: path + query,
          headers: withoutUndefined({
            'content-type': body.payload === undefined ? undefined : (body.contentType ?? contentType),
            authorization,
          }),
          payload: body.payload,
          label: body.label,
        });
      },
    ),
    optionsFor(route),
  );
  await keepSignedIn(target);
}

/** Odd headers (forwarding, ranges, encodings, signatures...) and Authorization forms, on one route. */
export async function fuzzHeaders(target: FuzzTarget, route: AppRoute): Promise<void> {
  await fc.assert(
    fc.asyncProperty(concreteUrl(route), oddHeaders, authorizations(target), async (path, headers, authorization) => {
      await send(target, route, {
        method: route.method,
        url: path,
        headers: withoutUndefined({ ...headers, authorization }),
        ...(hasBody(route.method) ? { payload: '{}' } : {}),
        label: 'odd headers',
      });
    }),
    optionsFor(route),
  );
  await keepSignedIn(target);
}

const allMethods: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Methods a path does not declare answer a JSON 4xx; so do random paths under /api. */
export async function fuzzMethodsAndPaths(target: FuzzTarget): Promise<void> {
  const byUrl = new Map<string, AppRoute[]>();
  for (const r of target.routes) byUrl.set(r.url, [...(byUrl.get(r.url) ?? []), r]);
  for (const [url, declared] of byUrl) {
    const [route] = declared;
    if (!route) continue;
    for (const method of allMethods.filter((m) => !declared.some((r) => r.method === m))) {
      const concrete = url.replace(/:[A-Za-z0-9_]+/g, 'x').replace('*', 'x');
      const res = await send(target, { ...route, method }, { method, url: concrete, headers: {}, label: 'undeclared method' });
      if (res.statusCode < 400) throw new Error(`${method} ${concrete} answered ${res.statusCode}`);
    }
  }
  const api: AppRoute = { method: 'GET', url: '/api/fuzz', params: [], multipart: false, query: {}, bearer: false };
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...allMethods), fc.array(pathParam, { minLength: 1, maxLength: 4 }), async (method, segs) => {
      await send(target, api, { method, url: `/api/${segs.join('/')}`, headers: {}, label: 'random /api path' });
    }),
    { ...fcOptions, numRuns: fuzzRuns * 5 },
  );
}

/** The three sweeps over every route, as tests of the calling describe; `target()` is read when they run (after beforeAll). */
export function itFuzzesEveryRoute(target: () => FuzzTarget): void {
  it('malformed bodies, content types and query strings: never a 5xx, every error {detail}', async () => {
    for (const route of target().routes) await fuzzBodiesAndQueries(target(), route);
  }, fuzzTimeoutMs);

  it('odd headers and Authorization forms: never a 5xx, every error {detail}', async () => {
    for (const route of target().routes) await fuzzHeaders(target(), route);
  }, fuzzTimeoutMs);

  it('undeclared methods and random /api paths (bad encoding, long parameters): a JSON 4xx', async () => {
    await fuzzMethodsAndPaths(target());
  }, fuzzTimeoutMs);
}
