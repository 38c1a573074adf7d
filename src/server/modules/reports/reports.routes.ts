import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportParamsSchema, reportResponseSchema, reportsListResponseSchema, reportsQuerySchema } from '../../../shared/contracts/assessment-api.js';
import { errorSchema } from '../../../shared/contracts/common.js';
import { currentUser } from '../../plugins/auth-types.js';
import type { ReportService } from './reports.service.js';

const tags = ['assessment'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 503: errorSchema };

/** A rendered map: PNG bytes, cached privately for a day (the same point gives the same map). */
function sendPng(reply: FastifyReply, png: Buffer): FastifyReply {
  return reply.type('image/png').header('cache-control', 'private, max-age=86400').send(png);
}

/** The user's stored reports: the list, one report to reopen it, its map. */
export async function reportRoutes(app: FastifyInstance, opts: { service: ReportService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;
  const auth = { onRequest: app.authenticate };

  r.get(
    '/api/reports',
    {
      ...auth,
      schema: { tags, security, summary: 'Your reports, newest first', querystring: reportsQuerySchema, response: { 200: reportsListResponseSchema, ...errors } },
    },
    (request) => service.listReports(currentUser(request).id, request.query.page, request.query.page_size),
  );

  r.get(
    '/api/reports/:id',
    {
      ...auth,
      schema: { tags, security, summary: 'One of your reports, to reopen it', params: reportParamsSchema, response: { 200: reportResponseSchema, ...errors } },
    },
    (request) => service.getReport(currentUser(request).id, request.params.id),
  );

  r.get(
    '/api/reports/:id/map.png',
    {
      ...auth,
      schema: { tags, security, summary: "The location map of one of your reports (PNG)", params: reportParamsSchema, response: errors },
    },
    async (request, reply) => {
      return sendPng(reply, await service.reportMap(currentUser(request).id, request.params.id));
    },
  );
}
