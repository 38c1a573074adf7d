import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { sourceMain, startCorisk, type CoriskServer } from '../bench/support/corisk-server.js';
import { adminUrl, createScratchDatabase, postgresReachable, redisReachable, redisUrl, type ScratchDatabase } from '../bench/support/postgres.js';
import { testEngine } from './db.js';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.js';

/** Tests that start whole server processes (src/server/main.ts) on a database of their own. */

/**
 * Why a test of the PostgreSQL pass (TEST_DB=postgres) cannot run here, or undefined when it can.
 * In CI the PostgreSQL pass needs its services: a missing one fails the run instead of skipping.
 */
export async function postgresPassSkip(test: string, needs: { redis?: boolean } = {}): Promise<string | undefined> {
  let reason: string | undefined;
  if (testEngine !== 'postgres') reason = `${test} runs in the PostgreSQL pass (TEST_DB=postgres)`;
  else if (!(await postgresReachable())) reason = `PostgreSQL is not reachable at ${new URL(adminUrl).host}`;
  else if (needs.redis && !(await redisReachable())) reason = `Redis is not reachable at ${new URL(redisUrl).host}`;
  if (reason && process.env.CI && testEngine === 'postgres') throw new Error(`${reason}; CI runs ${test}.`);
  return reason;
}

/**
 * The settings every test instance shares: a fresh JWT secret, mail to the capture, the balancer
 * in front (each simulated client comes with its own X-Forwarded-For), the bundled companies and
 * the offline geocoder; with `analyst`, the OpenAI-compatible stand-in and its key.
 */
export function instanceEnv(smtp: SmtpCapture, analyst?: { url: string; apiKey: string }): Record<string, string> {
  return {
    JWT_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: '127.0.0.1',
    SMTP_URL: smtp.url,
    COMPANY_SOURCES: 'sample',
    GEOCODERS: 'offline',
    ...(analyst ? { OPENAI_API_KEY: analyst.apiKey, OPENAI_BASE_URL: `${analyst.url}/v1` } : {}),
  };
}

export interface TwoInstances {
  database: ScratchDatabase;
  smtp: SmtpCapture;
  a: CoriskServer;
  b: CoriskServer;
}

/**
 * Two instances on a scratch database of their own, mailing to one capture, answering under one
 * public address (APP_URL) as behind a load balancer. beforeAll starts both at once on the empty
 * database (one migrates, the other waits for it); afterAll ends them (`end`), then drops the
 * database. `env` is read in beforeAll, after the hooks registered before this call: it can name
 * the peers they started. Read the parts inside tests.
 */
export function useTwoInstances(env: (smtp: SmtpCapture) => Record<string, string>, end: 'stop' | 'kill' = 'stop'): TwoInstances {
  const started = {} as TwoInstances;
  beforeAll(async () => {
    // What did start is kept even when something else fails, so that afterAll ends it.
    const [database, smtp] = await Promise.allSettled([createScratchDatabase('corisk_t'), startSmtpCapture()]);
    if (database.status === 'fulfilled') started.database = database.value;
    if (smtp.status === 'fulfilled') started.smtp = smtp.value;
    for (const r of [database, smtp]) if (r.status === 'rejected') throw r.reason;
    const settings = { ...env(started.smtp), APP_URL: 'http://corisk.localhost', DATABASE_URL: started.database.url };
    const [a, b] = await Promise.allSettled([startCorisk(settings, { main: sourceMain }), startCorisk(settings, { main: sourceMain })]);
    if (a.status === 'fulfilled') started.a = a.value;
    if (b.status === 'fulfilled') started.b = b.value;
    for (const r of [a, b]) if (r.status === 'rejected') throw r.reason;
  }, 120_000);
  afterAll(async () => {
    await Promise.all([started.a?.[end](), started.b?.[end]()]);
    await started.smtp?.close();
    await started.database?.drop();
  });
  return started;
}
