import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  webhookCreateBodySchema,
  webhookCreatedSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookParamsSchema,
  webhookSchema,
} from '../../../shared/contracts/webhooks.js';
import { errorAnswers } from '../../lib/route-group.js';
import { sessionAndApiKeyGroups } from '../../plugins/api-key-auth.js';
import type { WebhooksService } from './webhooks.service.js';

/**
 * Webhooks over HTTP, the same routes twice: under /api for the profile (session) and under
 * /api/v1 for the public API (API key). Both answer for the user the credential belongs to.
 */
export async function webhookRoutes(app: FastifyInstance, { service }: { service: WebhooksService }): Promise<void> {
  for (const { prefix, group, userOf } of sessionAndApiKeyGroups(app, 'webhooks')) {
    const { r, guarded } = group;

    r.post(
      `${prefix}/webhooks`,
      guarded({
        summary: 'Add a webhook: monitoring events are POSTed to the URL, signed; the answer is the only time the secret is shown',
        description:
          'Each delivery is `{type, timestamp, data}` with the headers webhook-id (the event id, the same on every retry), ' +
          'webhook-timestamp (Unix seconds) and webhook-signature `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` keyed with ' +
          'the base64-decoded part of the secret after `whsec_`. A 2xx within 10 s is delivered; anything else is retried after 5 s, ' +
          '5 min, 30 min, 2 h, 5 h, 10 h, then daily for 3 days; an endpoint failing for 3 days is disabled and you get an e-mail. ' +
          'Redirects are not followed. At most 10 webhooks per account.',
        body: webhookCreateBodySchema.meta({ example: { url: 'https://example.com/corisk-events', event_types: ['sanctions_hit', 'status_changed'] } }),
        response: { 201: webhookCreatedSchema, ...errorAnswers(400, 401, 429) },
      }),
      async (request, reply) => {
        const created = await service.create(userOf(request), request.body);
        return reply.code(201).header('location', `${prefix}/webhooks/${created.id}`).send(created);
      },
    );

    r.get(
      `${prefix}/webhooks`,
      guarded({ summary: 'Your webhooks, newest first (never the secret)', response: { 200: webhookListSchema, ...errorAnswers(401) } }),
      (request) => service.list(userOf(request)),
    );

    r.get(
      `${prefix}/webhooks/:id`,
      guarded({ summary: 'One of your webhooks (never the secret)', params: webhookParamsSchema, response: { 200: webhookSchema, ...errorAnswers(401, 404) } }),
      (request) => service.get(userOf(request), request.params.id),
    );

    r.delete(
      `${prefix}/webhooks/:id`,
      guarded({
        summary: 'Delete one of your webhooks: nothing more is sent to it',
        params: webhookParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorAnswers(401, 404) },
      }),
      async (request, reply) => {
        await service.remove(userOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    r.get(
      `${prefix}/webhooks/:id/deliveries`,
      guarded({
        summary: "A webhook's deliveries, newest first: each event's status, attempts and last answer code",
        description: "Send the answer's `next` back as `cursor` for the following page; `next` is null on the last page.",
        params: webhookParamsSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveryListSchema, ...errorAnswers(400, 401, 404) },
      }),
      (request) => service.deliveries(userOf(request), request.params.id, request.query),
    );
  }
}
