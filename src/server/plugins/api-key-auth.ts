import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKeyAuthenticator, ApiKeyPrincipal } from '../lib/authenticator.js';
import type { UserCache } from '../lib/user-cache.js';
import { routeGroup } from '../lib/route-group.js';
import { changesUserRows, currentUser } from './auth-types.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of an /api/v1 request (set by `authenticateApiKey`). */
    apiKey?: ApiKeyPrincipal;
  }
  interface FastifyInstance {
    /**
     * onRequest for /api/v1: 401 `{detail}` unless `Authorization: Bearer <API key>` names a live
     * key (a session token is refused), then 429 with Retry-After beyond the key's per-minute limit.
     */
    authenticateApiKey: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * API-key auth, kept apart from the session auth of auth.ts on purpose: the two never accept each
 * other's credentials (a key is not a JWT, so `authenticate` refuses it; a JWT is not a key here).
 */
export function registerApiKeyAuth(app: FastifyInstance, service: ApiKeyAuthenticator, userCache: UserCache): void {
  app.decorateRequest('apiKey', undefined);
  app.decorate('authenticateApiKey', async (request: FastifyRequest) => {
    const key = await service.authenticate(request.headers.authorization);
    request.apiKey = key;
    await service.limit(key.keyId);
  });

  // As for sessions (auth.ts): what a key's POST changed (credits) is seen by the owner's next
  // request at once; other processes hear of it from the database.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.apiKey && changesUserRows(request)) userCache.invalidate(request.apiKey.userId);
    done(null, payload);
  });
}

/** For handlers behind `authenticateApiKey`: the key, or a programming error. */
export function currentApiKey(request: FastifyRequest): ApiKeyPrincipal {
  if (!request.apiKey) throw new Error('route is missing the authenticateApiKey hook');
  return request.apiKey;
}

/**
 * For routes served twice: under /api for the signed-in web app (session, tagged `tag`) and under
 * /api/v1 for the public API (API key). `userOf` is the user the request's credential belongs to.
 */
export function sessionAndApiKeyGroups(app: FastifyInstance, tag: string) {
  return [
    { prefix: '/api', group: routeGroup(app, { tag, scheme: 'bearerAuth', guard: app.authenticate }), userOf: (r: FastifyRequest) => currentUser(r).id },
    {
      prefix: '/api/v1',
      group: routeGroup(app, { tag: 'public API (v1)', scheme: 'apiKey', guard: app.authenticateApiKey }),
      userOf: (r: FastifyRequest) => currentApiKey(r).userId,
    },
  ];
}
