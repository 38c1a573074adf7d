import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import type { AppDeps } from '../src/server/app.js';
import { loadConfig, type Config } from '../src/server/config.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { buildTestApp } from './providers.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** A built web app folder to serve (default: none, see buildTestApp). */
  webDir?: string;
  /** Capture the app's logs (set LOG_LEVEL in env too; tests default to silent). */
  logStream?: DestinationStream;
  /** Use this database instead of a fresh one (it is closed with the app). */
  database?: TestDatabase;
  /** Runs after buildApp and before ready(): add test-only routes here. */
  setup?: (app: FastifyInstance) => void | Promise<void>;
  /** Providers and limits to use instead of the test defaults. */
  deps?: Pick<AppDeps, 'mailer' | 'rateLimitStore' | 'authRateLimits'>;
}

/** Environment every test app starts from: offline providers, quiet logs, a fixed secret. */
export const testEnv: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: '/tmp/corisk-test-data',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  COMPANY_SOURCES: 'sample',
  GEOCODERS: 'offline',
  // Production refuses to start without an operator; tests that need none set these to ''.
  OPERATOR_NAME: 'Corisk Test GmbH',
  OPERATOR_ADDRESS: 'Teststraße 1, 10115 Berlin, Germany',
  OPERATOR_EMAIL: 'legal@corisk.example',
};

/** The production app, built by the same buildApp, on a fresh database. */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config = loadConfig({ ...testEnv, ...env });
  const database = options.database ?? (await createTestDatabase());
  const { app, closeProviders } = await buildTestApp({ config, database, webDir: options.webDir, logStream: options.logStream, ...options.deps });
  await options.setup?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close();
      await closeProviders();
      await database.close();
    },
  };
}

type TestEnv = Record<string, string | undefined>;

/**
 * A test app for the enclosing describe block (or file): built in beforeAll, closed in afterAll.
 * Its parts are there inside tests and hooks registered after this call. An `env` function is
 * read in beforeAll, after the hooks registered before this call: it can name the peers they
 * started (which close after the app).
 */
export function useTestApp(env: TestEnv | (() => TestEnv) = {}, options: TestAppOptions = {}): Omit<TestApp, 'close'> {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(typeof env === 'function' ? env() : env, options);
  });
  afterAll(() => current?.close());
  const started = (): TestApp => {
    if (!current) throw new Error('the test app starts in beforeAll: use it inside tests and hooks');
    return current;
  };
  return {
    get app() {
      return started().app;
    },
    get config() {
      return started().config;
    },
    get database() {
      return started().database;
    },
  };
}
