import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  apiKeyCreateBodySchema,
  apiKeyCreatedSchema,
  apiKeyListSchema,
  apiKeyParamsSchema,
  apiKeySchema,
} from '../../../shared/contracts/api-keys.js';
import { errorAnswers, routeGroup } from '../../lib/route-group.js';
import { currentUser } from '../../plugins/auth-types.js';
import type { ApiKeyService } from './api-keys.service.js';

const errors = errorAnswers(400, 401, 404, 429);

/** The signed-in user's API keys (profile screen): create (the secret shown once), list, revoke. */
export async function apiKeyRoutes(app: FastifyInstance, { service }: { service: ApiKeyService }): Promise<void> {
  const { r, guarded } = routeGroup(app, { tag: 'api keys', scheme: 'bearerAuth', guard: app.authenticate });

  r.post(
    '/api/api-keys',
    guarded({
      summary: 'Create an API key for /api/v1; the answer is the only time the secret is shown',
      body: apiKeyCreateBodySchema,
      response: { 201: apiKeyCreatedSchema, ...errors },
    }),
    async (request, reply) => {
      const created = await service.create(currentUser(request).id, request.body.name);
      return reply.code(201).header('location', `/api/api-keys/${created.id}`).send(created);
    },
  );

  r.get(
    '/api/api-keys/:id',
    guarded({ summary: 'One of your live API keys (never the secret)', params: apiKeyParamsSchema, response: { 200: apiKeySchema, ...errors } }),
    (request) => service.get(currentUser(request).id, request.params.id),
  );

  r.get(
    '/api/api-keys',
    guarded({ summary: 'Your live API keys, newest first (never the secret)', response: { 200: apiKeyListSchema, ...errors } }),
    (request) => service.list(currentUser(request).id),
  );

  r.delete(
    '/api/api-keys/:id',
    guarded({
      summary: 'Revoke one of your API keys: it stops working at once',
      params: apiKeyParamsSchema,
      response: { 204: z.null().describe('Revoked'), ...errors },
    }),
    async (request, reply) => {
      await service.revoke(currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
