import type { FastifyInstance, FastifyReply } from 'fastify';
import { reportLangQuerySchema, reportParamsSchema, reportResponseSchema, reportsListResponseSchema, reportsQuerySchema } from '../../../shared/contracts/assessment-api.js';
import { errorAnswers, routeGroup } from '../../lib/route-group.js';
import { currentUser } from '../../plugins/auth-types.js';
import type { ReportService } from './reports.service.js';

const errors = errorAnswers(400, 401, 403, 404, 503);

/**
 * A rendered map: PNG bytes, cached privately for a day (the same point and language give the
 * same map). Asked for in a language (`?lang=`), the URL names it; without one the account's
 * language is drawn, which may change: that answer is not kept.
 */
function sendPng(reply: FastifyReply, png: Buffer, languageInUrl: boolean): FastifyReply {
  return reply.type('image/png').header('cache-control', languageInUrl ? 'private, max-age=86400' : 'private, no-cache').send(png);
}

/** The user's stored reports: the list, one report to reopen it, its map. */
export async function reportRoutes(app: FastifyInstance, { service }: { service: ReportService }): Promise<void> {
  const { r, guarded } = routeGroup(app, { tag: 'assessment', scheme: 'bearerAuth', guard: app.authenticate });

  r.get(
    '/api/reports',
    guarded({ summary: 'Your reports, newest first', querystring: reportsQuerySchema, response: { 200: reportsListResponseSchema, ...errors } }),
    (request) => service.listReports(currentUser(request).id, request.query.page, request.query.page_size),
  );

  r.get(
    '/api/reports/:id',
    guarded({
      summary: 'One of your reports, to reopen it (its texts in `lang`, else in your account language)',
      params: reportParamsSchema,
      querystring: reportLangQuerySchema,
      response: { 200: reportResponseSchema, ...errors },
    }),
    // The account's language comes with the signed-in user: no query for it.
    (request) => service.getReport(currentUser(request).id, request.params.id, request.query.lang ?? currentUser(request).locale),
  );

  r.get(
    '/api/reports/:id/map.png',
    guarded({
      summary: 'The location map of one of your reports (PNG; its legend and attribution in `lang`, else in your account language)',
      params: reportParamsSchema,
      querystring: reportLangQuerySchema,
      response: errors,
    }),
    async (request, reply) => {
      const { lang } = request.query;
      return sendPng(reply, await service.reportMap(currentUser(request).id, request.params.id, lang ?? currentUser(request).locale), lang !== undefined);
    },
  );
}
