import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  monitoringAcknowledgeAllBodySchema,
  monitoringAcknowledgedSchema,
  monitoringEventFilterSchema,
  monitoringEventListSchema,
  monitoringEventParamsSchema,
  monitoringEventSchema,
  monitoringEventsQuerySchema,
  monitoringRunStartedSchema,
  monitoringSettingBodySchema,
  monitoringSettingSchema,
  monitoringUnreadCountSchema,
} from '../../../shared/contracts/monitoring.js';
import { portfolioParamsSchema } from '../../../shared/contracts/portfolio.js';
import { errorAnswers, routeGroup } from '../../lib/route-group.js';
import { currentApiKey } from '../../plugins/api-key-auth.js';
import { currentUser } from '../../plugins/auth-types.js';
import type { MonitoringService } from './monitoring.service.js';

/**
 * Monitoring over HTTP, the same routes twice: under /api for the signed-in web app (session) and
 * under /api/v1 for the public API (API key). Both answer for the user the credential belongs to.
 */
export async function monitoringRoutes(app: FastifyInstance, { service }: { service: MonitoringService }): Promise<void> {
  const groups = [
    { prefix: '/api', group: routeGroup(app, { tag: 'monitoring', scheme: 'bearerAuth', guard: app.authenticate }), userOf: (r: FastifyRequest) => currentUser(r).id },
    {
      prefix: '/api/v1',
      group: routeGroup(app, { tag: 'public API (v1)', scheme: 'apiKey', guard: app.authenticateApiKey }),
      userOf: (r: FastifyRequest) => currentApiKey(r).userId,
    },
  ];
  for (const { prefix, group, userOf } of groups) {
    const { r, guarded } = group;

    r.get(
      `${prefix}/portfolios/:id/monitoring`,
      guarded({
        summary: "A portfolio's monitoring: whether it is watched, how often, its last and next check",
        params: portfolioParamsSchema,
        response: { 200: monitoringSettingSchema, ...errorAnswers(401, 404) },
      }),
      (request) => service.getSetting(userOf(request), request.params.id),
    );

    r.put(
      `${prefix}/portfolios/:id/monitoring`,
      guarded({
        summary: 'Watch a portfolio (or stop): its rows are checked daily, weekly or monthly; turning it on starts no check',
        params: portfolioParamsSchema,
        body: monitoringSettingBodySchema.meta({ example: { enabled: true, frequency: 'weekly', reassess: 'never' } }),
        response: { 200: monitoringSettingSchema, ...errorAnswers(400, 401, 404) },
      }),
      (request) => service.putSetting(userOf(request), request.params.id, request.body),
    );

    r.post(
      `${prefix}/portfolios/:id/check`,
      guarded({
        summary: 'Check every assessed row of a portfolio now: the company re-read and screened again, no credit spent',
        description: 'Answers 202 at once; the checks run on the queue and their changes appear as events. 409 while a check of the portfolio is under way.',
        params: portfolioParamsSchema,
        response: { 202: monitoringRunStartedSchema, ...errorAnswers(401, 404, 409) },
      }),
      async (request, reply) => reply.code(202).send(await service.checkNow(userOf(request), request.params.id)),
    );

    r.get(
      `${prefix}/events`,
      guarded({
        summary: 'Changes found by monitoring, oldest first (or newest first with order=desc), a page at a time',
        description: "Send the answer's `next` back as `cursor` (with the same order) for the following page; `next` is null on the last page.",
        querystring: monitoringEventsQuerySchema,
        response: { 200: monitoringEventListSchema, ...errorAnswers(400, 401) },
      }),
      (request) => service.listEvents(userOf(request), request.query),
    );

    r.get(
      `${prefix}/events/unread-count`,
      guarded({
        summary: 'How many events (of a portfolio, of a type) are not acknowledged',
        querystring: monitoringEventFilterSchema,
        response: { 200: monitoringUnreadCountSchema, ...errorAnswers(400, 401) },
      }),
      (request) => service.unreadCount(userOf(request), request.query),
    );

    r.post(
      `${prefix}/events/acknowledge`,
      guarded({
        summary: 'Mark every unacknowledged event read, or those of a portfolio or of a type',
        body: monitoringAcknowledgeAllBodySchema.meta({ example: { portfolio_id: '0b6f8c9e-3c1a-4d7e-9a7b-2f1e5d4c3b2a' } }),
        response: { 200: monitoringAcknowledgedSchema, ...errorAnswers(400, 401) },
      }),
      (request) => service.acknowledgeAll(userOf(request), request.body),
    );

    r.post(
      `${prefix}/events/:id/acknowledge`,
      guarded({
        summary: 'Mark an event read',
        params: monitoringEventParamsSchema,
        response: { 200: monitoringEventSchema, ...errorAnswers(401, 404) },
      }),
      (request) => service.acknowledge(userOf(request), request.params.id),
    );
  }
}
