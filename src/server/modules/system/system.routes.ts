import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, healthSchema, publicConfigSchema } from '../../../shared/contracts/common.js';
import type { Config } from '../../config.js';
import { databaseUnavailable } from '../../lib/errors.js';
import { publicConfig, type DatabasePing } from './system.service.js';

export async function systemRoutes(app: FastifyInstance, opts: { config: Config; database: DatabasePing }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, database } = opts;

  r.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: healthSchema, 503: errorSchema },
      },
    },
    async () => {
      try {
        await database.ping(2000);
      } catch {
        throw databaseUnavailable('Database unavailable');
      }
      return { status: 'ok' as const, version: config.version, database: 'ok' as const };
    },
  );

  r.get(
    '/api/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Runtime configuration published to the browser',
        response: { 200: publicConfigSchema },
      },
    },
    async () => publicConfig(config),
  );
}
