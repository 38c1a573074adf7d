import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../shared/contracts/common.js';

/** The `{detail, code}` error answer under each status code given, for a route's `response`. */
export function errorAnswers<C extends number>(...codes: C[]): Record<C, typeof errorSchema> {
  return Object.fromEntries(codes.map((code) => [code, errorSchema])) as Record<C, typeof errorSchema>;
}

/**
 * What the routes of one module share: the zod-typed router, the OpenAPI tag, and `guarded`, the
 * options of a route behind `guard` (at `stage`; onRequest by default, so that nothing is parsed
 * for a request that may not pass) documented with the group's security scheme. Options given to
 * `guarded` (another guard, a body limit) override the group's.
 */
export function routeGroup<G>(app: FastifyInstance, group: { tag: string; scheme: 'bearerAuth' | 'apiKey'; guard: G; stage?: 'onRequest' | 'preHandler' }) {
  const tags = [group.tag];
  const security = [{ [group.scheme]: [] }];
  const hook = group.stage === 'preHandler' ? { preHandler: group.guard } : { onRequest: group.guard };
  return {
    r: app.withTypeProvider<ZodTypeProvider>(),
    tags,
    guarded: <S extends object, O extends object = object>(schema: S, options?: O) => ({ ...hook, ...(options as O), schema: { tags, security, ...schema } }),
  };
}
