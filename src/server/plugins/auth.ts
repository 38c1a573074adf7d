import type { FastifyInstance } from 'fastify';
import { authMessages } from '../../shared/contracts/auth.js';
import { forbidden } from '../lib/errors.js';
import type { UserCache } from '../lib/user-cache.js';
import type { SessionAuthenticator } from '../lib/authenticator.js';
import { changesUserRows, currentUser } from './auth-types.js';

/**
 * Auth in one place (OWASP ASVS 4.1.1): the `authenticate` and `requireAdmin` preHandlers every
 * protected route declares, on the service app.ts built. Call before registering the routes that use them.
 */
export function registerAuth(app: FastifyInstance, service: SessionAuthenticator, userCache: UserCache): void {
  app.decorateRequest('user', undefined);
  app.decorate('authenticate', async (request) => {
    request.user = await service.authenticate(request.headers.authorization);
  });
  app.decorate('requireAdmin', async (request) => {
    request.user = await service.authenticate(request.headers.authorization);
    if (!currentUser(request).isAdmin) throw forbidden(authMessages.adminRequired, 'admin_required');
  });

  // A user's own change is seen by their next request at once (other processes hear it from the
  // database); a route that declares it changes none of them spares the next request a re-read.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.user && changesUserRows(request)) userCache.invalidate(request.user.id);
    done(null, payload);
  });

  // Mails still going out in the background are delivered before the mailer closes.
  app.addHook('onClose', async () => {
    await service.drain();
  });
}
