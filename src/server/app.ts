import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { JobQueue } from './db/job-queue.js';
import { registerAuth } from './plugins/auth.js';
import { registerDocs } from './plugins/docs.js';
import { clientErrorResponder, frameworkErrorRenderer, registerErrorHandling } from './plugins/errors.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { createRateLimitStore } from './providers/rate-limit-store/factory.js';
import type { RateLimitStore } from './lib/rate-limit-store.js';
import { apiAnswerHeaders, registerSecurity } from './plugins/security.js';
import { registerWeb } from './plugins/web.js';
import { lazyChildLoggerFactory, registerAccessLog } from './lib/request-logger.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { UserCache } from './lib/user-cache.js';
import { RateLimiter } from './lib/rate-limiter.js';
import { SignedLinks } from './lib/signed-links.js';
import { RollingHourLimiter } from './modules/assessment/analysis-rate-limit.js';
import { AssessmentService } from './modules/assessment/assessment.service.js';
import { createCompanies, SourcePacer } from './modules/companies/index.js';
import { companyRoutes } from './modules/companies/companies.routes.js';
import { createReports } from './modules/reports/index.js';
import { reportRoutes } from './modules/reports/reports.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService, type AuthRateLimits } from './modules/auth/auth.service.js';
import { createCredits, creditBalance } from './modules/billing/index.js';
import { createPortfolios } from './modules/portfolio/index.js';
import { portfolioRoutes } from './modules/portfolio/portfolio.routes.js';
import { createMonitoring } from './modules/monitoring/index.js';
import { createAlerts } from './modules/alerts/index.js';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes.js';
import { createWebhooks } from './modules/webhooks/index.js';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.js';
import { importedRegisters, RegisterImportSchedule } from './modules/registers/index.js';
import { createScreening } from './modules/screening/index.js';
import { screeningRoutes } from './modules/screening/screening.routes.js';
import { BillingService } from './modules/billing/billing.service.js';
import { devRoutes } from './modules/dev/dev.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { assessmentRoutes } from './modules/assessment/assessment.routes.js';
import { apiKeyRoutes } from './modules/api/api-keys.routes.js';
import { ApiKeyService } from './modules/api/api-keys.service.js';
import { apiV1Routes } from './modules/api/api-v1.routes.js';
import { ApiV1Service } from './modules/api/api-v1.service.js';
import { IdempotencyService } from './modules/api/idempotency.service.js';
import { registerApiKeyAuth } from './plugins/api-key-auth.js';
import type { Analyst } from './providers/analyst/analyst.js';
import { createAnalyst } from './providers/analyst/factory.js';
import { createCompanySources } from './providers/companies/factory.js';
import type { CompanySource } from './providers/companies/types.js';
import { createGeocoder, type DeadlineGeocoder } from './providers/geocoder/factory.js';
import type { MapRenderer } from './providers/maps/map-renderer.js';
import { OfflineMapRenderer } from './providers/maps/offline.js';
import { systemRoutes } from './modules/system/system.routes.js';
import type { BillingProvider } from './providers/billing/billing-provider.js';
import { createBillingProvider } from './providers/billing/factory.js';
import { createMailer } from './providers/mailer/factory.js';
import type { Mailer } from './providers/mailer/mailer.js';
import { publicConfig } from './modules/system/system.service.js';
import { informFor } from './engine/index.js';
import { warmCoastline } from './geo/coastline.js';
import { warmGazetteer } from './geo/gazetteer.js';
import { warmHazardLayers } from './geo/warm.js';
import { listSampleCompanies } from './providers/companies/sample-directory.js';

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
  /** Assessment providers instead of the ones config selects (COMPANY_SOURCES, GEOCODERS, the map renderer, OPENAI_API_KEY). */
  companySources?: CompanySource[];
  geocoder?: DeadlineGeocoder;
  maps?: MapRenderer;
  analyst?: Analyst;
  /** Auth rate limits instead of the defaults (tests). */
  authRateLimits?: Partial<AuthRateLimits>;
  /** Where logs go instead of stdout (tests read them). */
  logStream?: DestinationStream;
}

/** Largest request body accepted (JSON forms and webhooks are a few KB); larger → 413 `{detail}`. */
export const bodyLimitBytes = 256 * 1024;

/** Never logged (ASVS 7.1.1): credentials in headers and bodies, wherever a log call puts them. */
const SECRET_QUERY_PARAMS = /([?&](?:token|access_token|refresh_token|session)=)[^&#]*/gi;

/** Request URLs as logged: one-time tokens in links (confirm, reset, checkout) never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');
}

function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
  };
}

export const loggerRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'headers.authorization',
  'headers.cookie',
  'headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'password',
  'newPassword',
  'currentPassword',
  'access_token',
  'refresh_token',
  'token',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.access_token',
  '*.refresh_token',
  '*.token',
  '*.*.password',
  '*.*.access_token',
  '*.*.refresh_token',
];

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies in front of us. */
function trustProxyOption(value: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** The providers config selects (or the deps give), built once for the whole app. */
interface Providers {
  config: Config;
  database: Database;
  /** What authenticated requests read about their user (session, account), kept between requests. */
  userCache: UserCache;
  /** SMTP (SMTP_URL) or the dev outbox. */
  mailer: Mailer;
  /** Rate-limit counters: Redis (REDIS_URL) or memory; use through RateLimiter (lib/rate-limiter.ts). */
  rateLimitStore: RateLimitStore;
  /** Stripe (STRIPE_SECRET_KEY) or the built-in test checkout. */
  billing: BillingProvider;
  /** Company sources in COMPANY_SOURCES order: sample directory, VIES, GLEIF. */
  companySources: CompanySource[];
  /** The geocoders of GEOCODERS as one chain (Nominatim, offline gazetteer). */
  geocoder: DeadlineGeocoder;
  /** The offline map renderer (PNG). */
  maps: MapRenderer;
  /** openai (OPENAI_API_KEY) or the embedded engine. */
  analyst: Analyst;
}

/** Every feature's service, built once here from the providers and handed to its route module. */
function buildServices(app: FastifyInstance, p: Providers, deps: AppDeps) {
  const { config, mailer, rateLimitStore, userCache } = p;
  const db = p.database.db;
  const storeFailed = (what: string) => (err: unknown) =>
    app.log.error({ err: err instanceof Error ? err.message : String(err) }, `rate-limit store failed; ${what} let through`);
  const auth = new AuthService({
    config,
    db,
    mailer,
    limiter: new RateLimiter(rateLimitStore, storeFailed('request')),
    log: app.log,
    cache: userCache,
    limits: deps.authRateLimits,
  });
  const billing = new BillingService({ db, config, provider: p.billing, mailer, log: app.log, cache: userCache });
  const companies = createCompanies({
    db,
    sources: p.companySources,
    geocoder: p.geocoder,
    links: new SignedLinks({ baseUrl: config.appUrl, secret: config.jwtSecret }),
    log: app.log,
    pace: { pacer: new SourcePacer(), ...config.sourcePace },
  });
  // One pg-boss for the process: portfolios, monitoring and the list refresh each have a queue on it.
  const jobs = new JobQueue(p.database.jobQueueDb, app.log);
  const screening = createScreening({ database: p.database, jobs, config: config.sanctions, log: app.log });
  const reports = createReports({ db, maps: p.maps, screening: screening.screenings, productName: config.productName, appUrl: config.appUrl });
  const assessment = new AssessmentService({
    db,
    config,
    companies,
    reports,
    screening: screening.screenings,
    maps: p.maps,
    analyst: p.analyst,
    limiter: new RollingHourLimiter(rateLimitStore, config.analysisRateLimitPerHour, storeFailed('analysis')),
    credits: createCredits(db),
    log: app.log,
  });
  const portfolios = createPortfolios({
    database: p.database,
    jobs,
    assessments: assessment,
    credits: createCredits(db),
    balance: (userId) => creditBalance(db, userId),
    screening: screening.screenings,
    concurrency: config.portfolioConcurrency,
    log: app.log,
  });
  const apiKeys = new ApiKeyService({ db, limiter: new RateLimiter(rateLimitStore, storeFailed('API request')), perMinute: config.apiRateLimitPerMinute });
  const apiV1 = new ApiV1Service({
    assessments: assessment,
    reports,
    portfolios: portfolios.portfolios,
    idempotency: new IdempotencyService({ db }),
    screening: screening.screenings,
  });
  const monitoring = createMonitoring({
    database: p.database,
    jobs,
    portfolios: portfolios.portfolios,
    assessments: assessment,
    companies,
    reports,
    screening: screening.screenings,
    lists: screening.lists,
    config: config.monitoring,
    log: app.log,
  });
  const webhooks = createWebhooks({
    db,
    limiter: new RateLimiter(rateLimitStore, storeFailed('webhook creation')),
    mailer,
    events: monitoring.events,
    config: config.webhooks,
    mail: { productName: config.productName, appUrl: config.appUrl },
    log: app.log,
  });
  const alerts = createAlerts({
    database: p.database,
    events: monitoring.events,
    mailer,
    brand: { productName: config.productName, appUrl: config.appUrl },
    config: config.alerts,
    log: app.log,
  });
  const registerImports = new RegisterImportSchedule({
    db,
    jobs,
    urls: config.registerImports.urls,
    cron: config.registerImports.cron,
    userAgent: `${config.productName}/${config.version} (${config.contactEmailInfo})`,
    log: app.log,
  });
  return { auth, billing, companies, reports, assessment, portfolios, apiKeys, apiV1, screening, monitoring, webhooks, alerts, registerImports, jobs };
}

/**
 * A moment after the server starts listening (never under inject), loads the engine's data
 * (gazetteer, coastline, hazard layers, outlines, fonts, INFORM, samples): the first assessment
 * then does not stall the server for seconds, and start-up and health checks are not held up either.
 */
function warmUpOnListen(app: FastifyInstance, maps: MapRenderer): void {
  let warmTimer: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    warmTimer = setTimeout(() => {
      const started = performance.now();
      warmGazetteer();
      warmCoastline();
      warmHazardLayers();
      informFor('PT');
      listSampleCompanies();
      maps.render({ latitude: 50.1, longitude: 8.7 }).then(
        () => app.log.info({ ms: Math.round(performance.now() - started) }, 'assessment engine data loaded'),
        (err: unknown) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'map renderer warm-up failed'),
      );
    }, 1000);
    warmTimer.unref();
  });
  app.addHook('onClose', async () => clearTimeout(warmTimer));
}

/** Builds the whole app; main.ts and the tests call this same function. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: { paths: loggerRedactPaths, censor: '[redacted]' },
            serializers: { req: serializeRequest },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    childLoggerFactory: lazyChildLoggerFactory,
    // One access line per request instead of Fastify's two (registerAccessLog).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { maxParamLength: 200 },
    // Refused before any route or hook runs (bad percent-encoding, an over-long path parameter,
    // oversized or malformed HTTP): `{detail, code}` and the headers of every other API answer.
    frameworkErrors: frameworkErrorRenderer(apiAnswerHeaders(config)),
    clientErrorHandler: clientErrorResponder(apiAnswerHeaders(config)),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const mailer = deps.mailer ?? createMailer(config, app.log);
  const rateLimitStore = deps.rateLimitStore ?? createRateLimitStore(config, app.log);
  app.addHook('onClose', async () => {
    if (!deps.mailer) await mailer.close();
    if (!deps.rateLimitStore) await rateLimitStore.close();
  });
  const billing = deps.billing ?? createBillingProvider(config, database.db);
  const userCache = new UserCache(database.changes);
  app.addHook('onClose', () => userCache.close());
  const providers: Providers = {
    config,
    database,
    userCache,
    mailer,
    rateLimitStore,
    billing,
    companySources: deps.companySources ?? createCompanySources(config, { imported: importedRegisters(database.db) }, app.log),
    geocoder: deps.geocoder ?? createGeocoder(config, app.log),
    maps: deps.maps ?? new OfflineMapRenderer(),
    analyst: deps.analyst ?? createAnalyst(config, app.log),
  };

  registerAccessLog(app);
  const services = buildServices(app, providers, deps);
  warmUpOnListen(app, providers.maps);
  // Portfolio workers run while the server listens (never under inject: tests that do not need
  // them start nothing), from a second after it starts listening so that start-up and the first
  // health checks are not held up; on close, rows in flight finish or go back to the queue.
  app.addHook('onListen', async () => services.portfolios.start(1000));
  // The lists load once the server listens (healthy first), and refresh on the job queue.
  app.addHook('onListen', async () => services.screening.start(500));
  // Monitoring checks, its schedule and its list listener: also only while listening.
  app.addHook('onListen', async () => services.monitoring.start(1000));
  // Webhook delivery of monitoring events: also only while listening.
  app.addHook('onListen', async () => services.webhooks.start(1000));
  // Monitoring e-mails (alerts and digests): also only while listening.
  app.addHook('onListen', async () => services.alerts.start(1000));
  // Re-imports of the registers published as files, when their URLs are set: also only while listening.
  app.addHook('onListen', async () => services.registerImports.start(2000));
  // The job queue stops after every feature that uses it.
  app.addHook('onClose', async () => {
    await Promise.all([
      services.portfolios.stop(),
      services.screening.stop(),
      services.monitoring.stop(),
      services.webhooks.stop(),
      services.alerts.stop(),
      services.registerImports.stop(),
    ]);
    await services.jobs.stop();
  });

  registerErrorHandling(app);
  registerInputGuard(app);
  await registerSecurity(app, config);
  await registerDocs(app, config);

  // The authenticate/requireAdmin preHandlers first: the route modules declare them.
  registerAuth(app, services.auth, userCache);
  registerApiKeyAuth(app, services.apiKeys, userCache);

  // Feature modules, one line each, with the services built above.
  await app.register(systemRoutes, { config, database });
  await app.register(authRoutes, { service: services.auth });
  if (config.devTools) await app.register(devRoutes, { mailer, config });
  await app.register(billingRoutes, { service: services.billing });
  await app.register(companyRoutes, { service: services.companies });
  await app.register(assessmentRoutes, { service: services.assessment });
  await app.register(reportRoutes, { service: services.reports });
  await app.register(portfolioRoutes, { service: services.portfolios.service });
  await app.register(apiKeyRoutes, { service: services.apiKeys });
  await app.register(apiV1Routes, { service: services.apiV1 });
  await app.register(screeningRoutes, { service: services.screening.service, screenings: services.screening.screenings });
  await app.register(monitoringRoutes, { service: services.monitoring.service });
  await app.register(webhookRoutes, { service: services.webhooks.service });

  // Last: the built web app and the not-found handler (JSON for /api, the SPA otherwise).
  await registerWeb(app, publicConfig(config), deps.webDir);
  return app;
}
