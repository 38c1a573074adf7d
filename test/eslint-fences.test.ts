import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, run on snippets placed at the fenced paths.
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function fenceErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('server layer fences', () => {
  const service = 'src/server/modules/billing/fence-probe.service.ts';
  const routes = 'src/server/modules/billing/fence-probe.routes.ts';
  const provider = 'src/server/providers/mailer/fence-probe.ts';

  it.each([
    ["import x from 'fastify';", 'Fastify'],
    ["import type x from 'fastify';", 'Fastify (types too)'],
    ["import x from '@fastify/multipart';", 'a Fastify package'],
    ["import { currentUser as x } from '../../plugins/auth-types.js';", 'plugins/'],
    ["import x from '../../web/lib/api.js';", 'web code'],
  ])('services: %s is refused (%s)', async (code) => {
    const errors = await fenceErrors(service, code);
    expect(errors.length).toBe(1);
  });

  it('services: the refusal says why', async () => {
    expect(await fenceErrors(service, "import x from 'fastify';")).toEqual([
      expect.stringContaining('services must not import Fastify or plugins/'),
    ]);
  });

  it.each([
    ["import x from '../../db/client.js';", 'db/'],
    ["import * as x from './billing.repo.js';", 'a repo'],
    ["import * as x from '../assessment/assessment.repo.js';", "another module's repo"],
  ])('routes: %s is refused (%s)', async (code) => {
    // Another module's repo is past its index.ts too: that fence speaks as well.
    expect(await fenceErrors(routes, code)).toContainEqual(expect.stringContaining('routes must not import db/ or repos'));
  });

  it.each([
    [service, "import { AssessmentService as x } from '../assessment/assessment.service.js';"],
    [service, "import * as x from '../reports/reports.repo.js';"],
    ['src/server/modules/billing/fence-probe.ts', "import { mergeCompany as x } from '../companies/company-data.js';"],
  ])('modules: %s may not use another module past its index.ts (%s)', async (file, code) => {
    expect(await fenceErrors(file, code)).toEqual([expect.stringContaining('another module is used through its index.ts only')]);
  });

  it.each([
    [service, "import type { Companies as x } from '../companies/index.js';"],
    ['src/server/modules/billing/fence-probe.test.ts', "import { createTestApp as x } from '../../../../test/app.js';"],
    ['src/server/modules/billing/fence-probe.ts', "import * as x from './billing.repo.js';"],
  ])('modules: %s may use %s', async (file, code) => {
    expect(await fenceErrors(file, code)).toEqual([]);
  });

  it('providers: importing a module is refused', async () => {
    expect(await fenceErrors(provider, "import { createCredits as x } from '../../modules/billing/index.js';")).toEqual([
      expect.stringContaining('providers must not import modules/'),
    ]);
  });

  it.each([
    [service, "import { createCredits as x } from './index.js';"],
    [service, "import * as x from './billing.repo.js';"],
    [service, "import { AppError as x } from '../../lib/errors.js';"],
    [routes, "import x from 'fastify';"],
    [routes, "import { currentUser as x } from '../../plugins/auth-types.js';"],
    [routes, "import type { BillingService as x } from './billing.service.js';"],
    [provider, "import { lazyModule as x } from '../../lib/lazy-module.js';"],
    [provider, "import type { Config as x } from '../../config.js';"],
  ])('%s may use: %s', async (file, code) => {
    expect(await fenceErrors(file, code)).toEqual([]);
  });

  it.each([
    ["import { createCredits as x } from '../modules/billing/index.js';", 'a module'],
    ["import { EmbeddedAnalyst as x } from '../providers/analyst/embedded.js';", 'a provider'],
    ["import { createDb as x } from '../db/client.js';", 'db/'],
  ])('engine: %s is refused (%s)', async (code) => {
    expect(await fenceErrors('src/server/engine/fence-probe.ts', code)).toEqual([expect.stringContaining('the engine is the core')]);
  });

  it('engine: shared, geo and lib are allowed', async () => {
    const file = 'src/server/engine/fence-probe.ts';
    expect(await fenceErrors(file, "import { earthquakesNear as x } from '../geo/earthquakes.js';")).toEqual([]);
    expect(await fenceErrors(file, "import { naceDivision as x } from '../../shared/nace.js';")).toEqual([]);
  });

  it('a plain server file keeps the web fence only', async () => {
    const file = 'src/server/lib/fence-probe.ts';
    expect(await fenceErrors(file, "import x from 'fastify';")).toEqual([]);
    expect(await fenceErrors(file, "import x from '../../web/lib/api.js';")).toHaveLength(1);
  });
});

describe('web floors: lib < entities < features', () => {
  const entity = 'src/web/entities/billing/fence-probe.ts';
  const lib = 'src/web/lib/fence-probe.ts';
  const libNested = 'src/web/lib/auth/fence-probe.ts';

  it.each([
    ["import { usePrices as x } from '../../features/billing/use-prices';", 'a feature'],
    ["import { RequireAuth as x } from '../../app/require-auth';", 'the app shell'],
    ["export { usePrices } from '../../features/billing/use-prices'; const x = 1;", 'a feature, re-exported'],
  ])('entities: %s is refused (%s)', async (code) => {
    expect(await fenceErrors(entity, code)).toEqual([expect.stringContaining('entities must not import features or app')]);
  });

  it.each([
    [lib, "import { billingKeys as x } from '../entities/billing/billing-api';", 'an entity'],
    [lib, "import { usePrices as x } from '../features/billing/use-prices';", 'a feature'],
    [lib, "import { RootLayout as x } from '../app/root-layout';", 'the app shell'],
    [libNested, "import { reportKeys as x } from '../../entities/report/reports-api';", 'an entity, from lib/auth'],
  ])('lib: %s refuses %s', async (file, code) => {
    expect(await fenceErrors(file, code)).toEqual([expect.stringContaining('lib must not import entities, features or app')]);
  });

  it('both floors keep the server fence', async () => {
    for (const file of [entity, lib]) {
      expect(await fenceErrors(file, "import x from '../../server/app.js';")).toEqual([expect.stringContaining('web must not import server code')]);
    }
  });

  it.each([
    [entity, "import { authJson as x } from '../../lib/auth-fetch';"],
    [entity, "import { Button as x } from '../../components/ui/button';"],
    [entity, "import { writePlanStatus as x } from './plan-status';"],
    [entity, "import { planLabel as x } from '../../../shared/plans';"],
    [lib, "import { apiJson as x } from './api-client';"],
    ['src/web/features/billing/fence-probe.ts', "import { billingKeys as x } from '../../entities/billing/billing-api';"],
    ['src/web/app/fence-probe.ts', "import { usePlanStatus as x } from '../entities/billing/plan-status';"],
  ])('%s may use: %s', async (file, code) => {
    expect(await fenceErrors(file, code)).toEqual([]);
  });
});
