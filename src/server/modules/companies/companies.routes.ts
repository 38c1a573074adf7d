import type { FastifyInstance } from 'fastify';
import {
  companySearchResponseSchema,
  reportLangQuerySchema,
  sampleCompaniesResponseSchema,
  scrapeCompanyBodySchema,
  scrapeCompanyResponseSchema,
} from '../../../shared/contracts/assessment-api.js';
import { errorAnswers, routeGroup } from '../../lib/route-group.js';
import { currentUser } from '../../plugins/auth-types.js';
import type { CompanyService } from './companies.service.js';

const errors = errorAnswers(400, 401, 403, 404, 503);

/** Finding a company (search, scrape: calls 10–11) and the sample companies. */
export async function companyRoutes(app: FastifyInstance, { service }: { service: CompanyService }): Promise<void> {
  const { r, tags, guarded } = routeGroup(app, { tag: 'assessment', scheme: 'bearerAuth', guard: app.authenticate });

  r.get(
    '/api/search/company/*',
    guarded({
      summary: 'Find a company by fiscal number and country: /api/search/company/{fiscalNumber}-{country} (call 10)',
      response: { 200: companySearchResponseSchema, ...errors },
    }),
    (request) => service.searchCompany(currentUser(request).id, (request.params as { '*': string })['*']),
  );

  r.post(
    '/api/scrape/company',
    guarded(
      {
        summary: 'Company data from the links of the search: name, address, place, activity, its activity line in `lang`, else in your account language (call 11)',
        body: scrapeCompanyBodySchema,
        querystring: reportLangQuerySchema,
        response: { 200: scrapeCompanyResponseSchema, ...errors },
      },
      // It writes the company cache only: the user's cached rows stay.
      { config: { keepsUserCache: true } },
    ),
    (request) => service.scrapeWithSite(currentUser(request).id, request.body.links, request.body.site_address, request.query.lang ?? currentUser(request).locale),
  );

  r.get(
    '/api/companies/samples',
    { schema: { tags, summary: 'The bundled sample companies, to try Corisk at once', response: { 200: sampleCompaniesResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return service.samples();
    },
  );
}
