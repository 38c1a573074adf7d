import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** CSP the built app really passes: no inline script; GA hosts only when analytics is configured. */
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
    // React style props and toast styles are inline style attributes, not scripts.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...ga],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...gaConnect],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    ...(config.env === 'production' ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
