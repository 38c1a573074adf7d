import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../lib/authenticator.js';

export type { AuthUser };

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
  interface FastifyContextConfig {
    /**
     * The route changes none of the user's own rows (user, sessions, subscription), or forgets
     * them itself when it does: its POSTs leave the per-user read cache as it is (auth.ts).
     */
    keepsUserCache?: boolean;
  }
  interface FastifyInstance {
    /** preHandler: 401 `{detail}` unless a valid bearer access token is sent. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: like authenticate, then 403 `{detail}` unless the user is an admin. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** For handlers behind `authenticate`: the user, or a programming error. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Error('route is missing the authenticate preHandler');
  return request.user;
}

/** May the request have changed the user's own rows: any POST, PUT, PATCH or DELETE but those of a `keepsUserCache` route. */
export function changesUserRows(request: FastifyRequest): boolean {
  return request.method !== 'GET' && request.method !== 'HEAD' && !request.routeOptions.config.keepsUserCache;
}
