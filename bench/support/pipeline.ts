import type { FastifyInstance } from 'fastify';
import type { SampleCompany } from '../../src/server/providers/companies/sample-directory.js';
import type { TestUser } from '../../test/auth.js';
import { analyse, mapOf, multipartFile, scrape, search } from '../../test/assessment-helpers.js';

/**
 * One whole assessment as the screen runs it, in process through app.inject: calls 9 (access
 * check), 10 (search), 11 (scrape), 12 (map) and 13 (analysis, which screens the company, stores
 * the report and spends a credit). Shared by the pipeline benches.
 */

/** The app the pipeline benches run: embedded sources only, credits and analyses enough for every run. */
export const pipelineEnv = {
  DATA_DIR: '/tmp/corisk-bench-data',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  COMPANY_SOURCES: 'sample',
  GEOCODERS: 'offline',
  SIGNUP_CREDITS: '1000',
  ANALYSIS_RATE_LIMIT_PER_HOUR: '1000',
};

export const pipelineSteps = ['9 access check', '10 search', '11 scrape', '12 map', '13 analysis'] as const;
export type PipelineStep = (typeof pipelineSteps)[number];

/** Hears each call's wall time and CPU time (user + system; PGlite runs in this process too). */
export type StepTimer = (step: PipelineStep, wallMs: number, cpuMs: number) => void;

async function timed<T extends { statusCode: number; body: string }>(step: PipelineStep, onStep: StepTimer | undefined, call: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const cpu = process.cpuUsage();
  const res = await call();
  if (onStep) {
    const used = process.cpuUsage(cpu);
    onStep(step, performance.now() - t, (used.user + used.system) / 1000);
  }
  if (res.statusCode !== 200) throw new Error(`${step}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res;
}

/** Runs calls 9–13 for one sample company; answers the whole run's wall time. Throws on any non-200. */
export async function assessOnce(app: FastifyInstance, user: TestUser, c: SampleCompany, onStep?: StepTimer): Promise<number> {
  const start = performance.now();
  await timed('9 access check', onStep, () => app.inject({ method: 'POST', url: '/api/stripe/validate-service-access', headers: user.headers }));
  const { links } = (await timed('10 search', onStep, () => search(app, user, c.vatNumber, c.country))).json<{ links: string[] }>();
  const company = (await timed('11 scrape', onStep, () => scrape(app, user, links))).json<{
    company_data: { name: string; address: string; latitude: number; longitude: number };
  }>().company_data;
  const png = (await timed('12 map', onStep, () => mapOf(app, user, company.latitude, company.longitude))).rawPayload;
  await timed('13 analysis', onStep, () =>
    analyse(
      app,
      user,
      { company: c.vatNumber, location: c.country, company_name: company.name, address: company.address, latitude: company.latitude, longitude: company.longitude },
      multipartFile(png),
    ),
  );
  return performance.now() - start;
}
