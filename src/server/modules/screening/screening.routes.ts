import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/contracts/common.js';
import {
  reportScreeningSchema,
  sanctionsListsResponseSchema,
  sanctionsRefreshResponseSchema,
  screeningDecisionRequestSchema,
  type SanctionsListsResponse,
} from '../../../shared/contracts/screening.js';
import { currentUser } from '../../plugins/auth-types.js';
import type { SanctionsListsService } from './lists.service.js';
import type { ScreeningsService } from './screenings.service.js';

const tags = ['screening'];
const security = [{ bearerAuth: [] }];
const errors = { 401: errorSchema, 403: errorSchema };

/** The sanctions lists held (any signed-in user), the admin's "refresh now" and the analysts' decisions on hits. */
export async function screeningRoutes(app: FastifyInstance, opts: { service: SanctionsListsService; screenings: ScreeningsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service, screenings } = opts;

  r.post(
    '/api/screening/decisions',
    {
      preHandler: app.authenticate,
      config: { keepsUserCache: true },
      schema: {
        tags,
        security,
        summary: "Mark a report's sanctions hit a false positive or a confirmed match, with a note; answers the report's screening",
        body: screeningDecisionRequestSchema,
        response: { 200: reportScreeningSchema, 400: errorSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return screenings.decide({ id: user.id, email: user.email }, request.body);
    },
  );

  r.get(
    '/api/sanctions/lists',
    {
      preHandler: app.authenticate,
      schema: { tags, security, summary: 'The sanctions lists held: generation date, fetch time, entries, stale', response: { 200: sanctionsListsResponseSchema, ...errors } },
    },
    async (): Promise<SanctionsListsResponse> => {
      await service.load().catch(() => {}); // a list that cannot be loaded shows as not held (stale)
      return {
        lists: service.getCurrent().map((l) => ({
          list: l.list,
          generated_at: l.generatedAt || null,
          fetched_at: l.fetchedAt,
          entries: l.entries.length,
          stale: l.stale,
        })),
      };
    },
  );

  r.post(
    '/api/admin/sanctions/refresh',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Admin: download every list now; a list that fails keeps its last good version',
        response: { 200: sanctionsRefreshResponseSchema, ...errors },
      },
    },
    async () => ({ lists: await service.refresh() }),
  );
}
