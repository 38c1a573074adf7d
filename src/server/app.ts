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
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/errors.js';
import { createRateLimitStore, type RateLimitStore } from './plugins/rate-limit.js';
import { registerSecurity } from './plugins/security.js';
import { registerWeb } from './plugins/web.js';
import type { AuthRateLimits } from './modules/auth/auth.service.js';
import { devRoutes } from './modules/dev/dev.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import type { BillingProvider } from './providers/billing/billing-provider.js';
import { createBillingProvider } from './providers/billing/factory.js';
import { createMailer } from './providers/mailer/factory.js';
import type { Mailer } from './providers/mailer/mailer.js';
import { publicConfig } from './modules/system/system.service.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Overrides the folder of the built web app (tests). */
  webDir?: string;
  /** Mail provider instead of the one config selects (SMTP or the dev outbox). Not closed by the app. */
  mailer?: Mailer;
  /** Rate-limit store instead of the one config selects (Redis or memory). Not closed by the app. */
  rateLimitStore?: RateLimitStore;
  /** Billing provider instead of the one config selects (Stripe or the test checkout). */
  billing?: BillingProvider;
  /** Auth rate limits instead of the defaults (tests). */
  authRateLimits?: Partial<AuthRateLimits>;
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

  const mailer = deps.mailer ?? createMailer(config, app.log);
  const rateLimitStore = deps.rateLimitStore ?? createRateLimitStore(config);
  app.addHook('onClose', async () => {
    if (!deps.mailer) await mailer.close();
    if (!deps.rateLimitStore) await rateLimitStore.close();
  });
  const billing = deps.billing ?? createBillingProvider(config, database.db);
  const ctx: AppContext = { config, database, db: database.db, mailer, rateLimitStore, billing };
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
  // Auth first: it declares the authenticate/requireAdmin preHandlers the other modules use.
  await registerAuth(app, { rateLimits: deps.authRateLimits });
  if (config.devTools) await app.register(devRoutes);
  await app.register(billingRoutes);

  await registerWeb(app, publicConfig(config), deps.webDir);
  return app;
}
