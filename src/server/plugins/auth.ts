import type { FastifyInstance } from 'fastify';
import { authMessages } from '../../shared/contracts/auth.js';
import { forbidden } from '../lib/errors.js';
import { authRoutes } from '../modules/auth/auth.routes.js';
import { AuthService, type AuthRateLimits } from '../modules/auth/auth.service.js';
import { currentUser } from './auth-types.js';
import { RateLimiter } from '../lib/rate-limiter.js';

export interface AuthPluginOptions {
  /** Overrides of the auth rate limits (tests); production uses the defaults. */
  rateLimits?: Partial<AuthRateLimits>;
}

/**
 * Auth in one place (SECURITY.md 4.1.1): the `authenticate` and `requireAdmin` preHandlers every
 * protected route declares, and the /api/auth routes. Call before registering other routes.
 */
export async function registerAuth(app: FastifyInstance, options: AuthPluginOptions = {}): Promise<AuthService> {
  const { config, db, mailer, rateLimitStore, userCache } = app.ctx;
  const limiter = new RateLimiter(rateLimitStore, (err) =>
    app.log.error({ err: err instanceof Error ? err.message : String(err) }, 'rate-limit store failed; request let through'),
  );
  const service = new AuthService({ config, db, mailer, limiter, log: app.log, cache: userCache, limits: options.rateLimits });

  app.decorateRequest('user', undefined);
  app.decorate('authenticate', async (request) => {
    request.user = await service.authenticate(request.headers.authorization);
  });
  app.decorate('requireAdmin', async (request) => {
    request.user = await service.authenticate(request.headers.authorization);
    if (!currentUser(request).isAdmin) throw forbidden(authMessages.adminRequired, 'admin_required');
  });

  // A user's own change is seen by their next request at once (other processes hear it from the database).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.user && request.method !== 'GET' && request.method !== 'HEAD') userCache.invalidate(request.user.id);
    done(null, payload);
  });

  await app.register(authRoutes, { service });
  // Mails still going out in the background are delivered before the mailer closes.
  app.addHook('onClose', async () => {
    await service.drain();
  });
  return service;
}
