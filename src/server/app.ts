import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerSecurity } from './plugins/security.js';
import { registerWeb } from './plugins/web.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { publicConfig } from './modules/system/system.service.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Overrides the folder of the built web app (tests). */
  webDir?: string;
}

export const loggerRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'password',
  '*.password',
  '*.access_token',
  '*.refresh_token',
  '*.token',
];

/** Builds the whole app; main.ts and the tests call this same function. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: { paths: loggerRedactPaths, censor: '[redacted]' } },
    bodyLimit: 1024 * 1024,
    trustProxy: config.env === 'production',
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = { config, database, db: database.db };
  app.decorate('ctx', ctx);

  registerErrorHandling(app);
  await registerSecurity(app, config);

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.productName} API`, version: config.version },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(systemRoutes);

  await registerWeb(app, publicConfig(config), deps.webDir);
  return app;
}
