import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

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

/** Security headers on every response (ASVS 14.4); API answers are never stored by caches (ASVS 8.2.1). */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // Helmet's middleware, built once (the @fastify/helmet plugin builds it again for every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    hsts: config.env === 'production' && isHttps(config) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => done());
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', permissionsPolicy);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
