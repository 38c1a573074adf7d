import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.js';
import { loadConfig, type Config } from '../src/server/config.js';
import { createTestDatabase, type TestDatabase } from './db.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The production app, built by the same buildApp, on a fresh database. */
export async function createTestApp(env: Record<string, string | undefined> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/corisk-test-data',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    COMPANY_SOURCES: 'sample',
    GEOCODERS: 'offline',
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
