import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { isDocsPath } from './docs.js';

const isHttps = (config: Config) => config.appUrl.startsWith('https://');

/**
 * The one Content-Security-Policy of the whole origin (web app and API docs alike): no inline
 * script, no framing; Google Analytics hosts only when GA_MEASUREMENT_ID is configured.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const ga = config.gaMeasurementId
    ? ['https://www.googletagmanager.com', 'https://www.google-analytics.com']
    : [];
  const gaConnect = config.gaMeasurementId
    ? ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com']
    : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...ga],
    'script-src-attr': ["'none'"],
    // React style props, toasts and Swagger UI set inline style attributes; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...ga],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...gaConnect],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    ...(isHttps(config) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Browser features the product never uses. */
export const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/** API answers (JSON, map images) rather than pages: everything under /api except the API docs pages. */
export const isApiResponsePath = (url: string) => isApiPath(url) && !isDocsPath(url);

/** Is the path (or whole URL, query included) under /api? */
export const isApiPath = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');

/**
 * The headers of an API answer (OWASP REST Security Cheat Sheet): a JSON answer is never a page,
 * so it gets a CSP that allows nothing and no page-only headers (feature and isolation policies).
 */
export function apiSecurityHeaders(config: Config): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-resource-policy': 'same-origin',
    ...(hstsEnabled(config) ? { 'strict-transport-security': hstsValue } : {}),
  };
}

/**
 * An API answer's headers as the hooks give them (security headers, never cached), for answers
 * written where no hook runs: errors raised before routing or by Node's HTTP parser.
 */
export const apiAnswerHeaders = (config: Config): Record<string, string> => ({
  ...apiSecurityHeaders(config),
  'cache-control': 'no-store',
});

const hstsEnabled = (config: Config) => config.env === 'production' && isHttps(config);
const hstsValue = 'max-age=31536000; includeSubDomains';

/** Security headers on every response (ASVS 14.4); API answers are never stored by caches (ASVS 8.2.1). */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // Helmet's middleware, built once (the @fastify/helmet plugin builds it again for every request).
  const pageHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    hsts: hstsEnabled(config) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  const apiHeaders = apiSecurityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiResponsePath(request.url)) {
      reply.headers(apiHeaders);
      done();
      return;
    }
    pageHeaders(request.raw, reply.raw, () => done());
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isApiResponsePath(request.url)) reply.header('permissions-policy', permissionsPolicy);
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
