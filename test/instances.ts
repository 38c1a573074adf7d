import { randomBytes } from 'node:crypto';
import { adminUrl, postgresReachable, redisReachable, redisUrl } from '../bench/support/postgres.js';
import { testEngine } from './db.js';
import type { SmtpCapture } from './smtp-capture.js';

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
