import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, run on snippets placed at the fenced paths.
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

const fenceRules = new Set(['no-restricted-imports', 'floors/imports-below', 'floors/module-through-index', 'floors/no-cross-feature-imports']);

async function fenceErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => fenceRules.has(m.ruleId ?? '')).map((m) => m.message);
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
      expect.stringContaining("a module's services and helpers must not import Fastify or plugins/"),
    ]);
  });

  // By folder, not by file ending: a module's helper, index.ts or repo is fenced as its services are.
  it.each([
    ['src/server/modules/portfolio/fence-probe.ts', "import x from 'fastify';"],
    ['src/server/modules/portfolio/index.ts', "import { currentUser as x } from '../../plugins/auth-types.js';"],
    ['src/server/modules/billing/fence-probe.repo.ts', "import type { FastifyRequest as x } from 'fastify';"],
    ['src/server/modules/reports/nested/fence-probe.ts', "import { currentUser as x } from '../../../plugins/auth-types.js';"],
  ])('modules: %s, not a routes file, may not use %s', async (file, code) => {
    expect(await fenceErrors(file, code)).toEqual([expect.stringContaining('must not import Fastify or plugins/')]);
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
    // However the path is spelled, and from a sub-folder too.
    ['src/server/modules/billing/fence-probe.ts', "import { mergeCompany as x } from '../../modules/companies/company-data.js';"],
    ['src/server/modules/billing/sub/fence-probe.ts', "import { x } from '../../portfolio/sub/helper.js';"],
    ['src/server/modules/billing/fence-probe.ts', "export { x } from '../portfolio/portfolio.repo.js';"],
  ])('modules: %s may not use another module past its index.ts (%s)', async (file, code) => {
    expect(await fenceErrors(file, code)).toEqual([expect.stringContaining('another module is used through its index.ts only')]);
  });

  it.each([
    [service, "import type { Companies as x } from '../companies/index.js';"],
    [service, "import type { Companies as x } from '../../modules/companies/index.js';"],
    ['src/server/modules/billing/sub/fence-probe.ts', "import * as x from '../billing.repo.js';"],
    ['src/server/modules/billing/fence-probe.test.ts', "import { createTestApp as x } from '../../../../test/app.js';"],
    ['src/server/modules/billing/fence-probe.ts', "import * as x from './billing.repo.js';"],
  ])('modules: %s may use %s', async (file, code) => {
    expect(await fenceErrors(file, code)).toEqual([]);
  });

  it.each([
    ["import { createCredits as x } from '../../modules/billing/index.js';", 'a module'],
    ["import { currentUser as x } from '../../plugins/auth-types.js';", 'a plugin'],
    ["import { buildApp as x } from '../../app.js';", 'the composition root'],
  ])('providers: %s is refused (%s)', async (code) => {
    expect(await fenceErrors(provider, code)).toEqual([expect.stringContaining('providers must not import modules/')]);
  });

  it('modules: the composition roots are refused', async () => {
    for (const code of ["import { buildApp as x } from '../../app.js';", "import { cpuTasks as x } from '../../cpu-tasks.js';"]) {
      expect(await fenceErrors(service, code)).toEqual([expect.stringContaining('modules must not import the composition roots')]);
    }
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
    [provider, "import { analyseSite as x } from '../../engine/index.js';"],
    [provider, "import { gazetteer as x } from '../../geo/gazetteer.js';"],
    [provider, "import type { Db as x } from '../../db/client.js';"],
    [service, "import type { Analyst as x } from '../../providers/analyst/analyst.js';"],
    [service, "import { analyseSite as x } from '../../engine/index.js';"],
  ])('%s may use: %s', async (file, code) => {
    expect(await fenceErrors(file, code)).toEqual([]);
  });

  it.each([
    ["import { createCredits as x } from '../modules/billing/index.js';", 'a module'],
    ["import { EmbeddedAnalyst as x } from '../providers/analyst/embedded.js';", 'a provider'],
    ["import { createDb as x } from '../db/client.js';", 'db/'],
    ["import { registerAuth as x } from '../plugins/auth.js';", 'plugins/'],
    ["import type { Config as x } from '../config.js';", 'the config'],
    ["import x from 'fastify';", 'Fastify'],
  ])('engine: %s is refused (%s)', async (code) => {
    expect(await fenceErrors('src/server/engine/fence-probe.ts', code)).toEqual([expect.stringContaining('the engine is the core')]);
  });

  it('engine: shared, geo and lib are allowed', async () => {
    const file = 'src/server/engine/fence-probe.ts';
    expect(await fenceErrors(file, "import { earthquakesNear as x } from '../geo/earthquakes.js';")).toEqual([]);
    expect(await fenceErrors(file, "import { naceDivision as x } from '../../shared/nace.js';")).toEqual([]);
  });

  it('the composition roots keep the web fence only', async () => {
    for (const file of ['src/server/fence-probe.ts', 'src/server/cpu-fence-probe.ts']) {
      expect(await fenceErrors(file, "import x from 'fastify';")).toEqual([]);
      expect(await fenceErrors(file, "import { createCredits as x } from './modules/billing/index.js';")).toEqual([]);
      expect(await fenceErrors(file, "import x from '../web/lib/api.js';")).toHaveLength(1);
    }
  });
});

describe('server floors: lib < geo < engine; db, plugins and providers below modules', () => {
  const lib = 'src/server/lib/fence-probe.ts';
  const geo = 'src/server/geo/fence-probe.ts';
  const db = 'src/server/db/fence-probe.ts';
  const plugin = 'src/server/plugins/fence-probe.ts';

  it.each([
    ["import { createCredits as x } from '../modules/billing/index.js';", 'modules/'],
    ["import type { RateLimitStore as x } from '../providers/rate-limit-store/memory.js';", 'providers/'],
    ["import { registerAuth as x } from '../plugins/auth.js';", 'plugins/'],
    ["import { analyseSite as x } from '../engine/index.js';", 'engine/'],
    ["import type { Db as x } from '../db/client.js';", 'db/'],
    ["import { gazetteer as x } from '../geo/gazetteer.js';", 'geo/'],
    ["import type { Config as x } from '../config.js';", 'the config'],
    ["const x = import('../providers/analyst/embedded.js');", 'a provider, loaded later'],
  ])('lib: %s is refused (%s)', async (code) => {
    expect(await fenceErrors(lib, code)).toEqual([expect.stringContaining("lib is the server's bottom floor")]);
  });

  it.each([
    ["import { analyseSite as x } from '../engine/index.js';", 'engine/'],
    ["import { MemoryRateLimitStore as x } from '../providers/rate-limit-store/memory.js';", 'providers/'],
    ["import { createCredits as x } from '../modules/billing/index.js';", 'modules/'],
    ["import type { Db as x } from '../db/client.js';", 'db/'],
    ["import { registerAuth as x } from '../plugins/auth.js';", 'plugins/'],
  ])('geo: %s is refused (%s)', async (code) => {
    expect(await fenceErrors(geo, code)).toEqual([expect.stringContaining('geo imports lib/ and src/shared only')]);
  });

  it.each([
    ["import { createCredits as x } from '../modules/billing/index.js';", 'modules/'],
    ["import { createMailer as x } from '../providers/mailer/factory.js';", 'providers/'],
  ])('db: %s is refused (%s)', async (code) => {
    expect(await fenceErrors(db, code)).toEqual([expect.stringContaining('db imports lib/ and src/shared only')]);
  });

  it.each([
    ["import type { AuthService as x } from '../modules/auth/auth.service.js';", 'a module'],
    ["import type { ApiKeyService as x } from '../modules/api/index.js';", "a module's index.ts"],
    ["import type { Mailer as x } from '../providers/mailer/mailer.js';", 'a provider'],
  ])('plugins: %s is refused (%s)', async (code) => {
    expect(await fenceErrors(plugin, code)).toEqual([expect.stringContaining('plugins must not import modules/ or providers/')]);
  });

  it.each([
    [lib, "import { AppError as x } from './errors.js';"],
    [lib, "import { naceDivision as x } from '../../shared/nace.js';"],
    [lib, "import x from 'fastify';"],
    ['src/server/lib/fence-probe.test.ts', "import { MemoryRateLimitStore as x } from '../providers/rate-limit-store/memory.js';"],
    [geo, "import { lazyModule as x } from '../lib/lazy-module.js';"],
    [geo, "import { countries as x } from '../../shared/countries.js';"],
    [db, "import type { ChangeFeed as x } from '../lib/change-feed.js';"],
    [plugin, "import type { SessionAuthenticator as x } from '../lib/authenticator.js';"],
    [plugin, "import { isDatabaseUnavailable as x } from '../db/unavailable.js';"],
    [plugin, "import type { Config as x } from '../config.js';"],
  ])('%s may use: %s', async (file, code) => {
    expect(await fenceErrors(file, code)).toEqual([]);
  });

  it('every floor keeps the web fence', async () => {
    for (const file of [lib, geo, db, plugin]) {
      expect(await fenceErrors(file, "import x from '../../web/lib/api.js';")).toContainEqual(expect.stringContaining('server must not import web code'));
    }
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

  it.each([
    ["import { usePrices as x } from '../billing/use-prices';", 'billing'],
    ["const x = import('../../features/billing/products-page');", 'billing'],
    ["export { x } from '../portfolio/portfolio-api';", 'portfolio'],
  ])('features: %s reaches another feature (%s)', async (code, to) => {
    expect(await fenceErrors('src/web/features/dashboard/fence-probe.tsx', code)).toEqual([
      expect.stringContaining(`features/dashboard must not import features/${to}`),
    ]);
  });

  it('features: their own files are theirs', async () => {
    expect(await fenceErrors('src/web/features/dashboard/parts/fence-probe.tsx', "import { x } from '../dashboard-page';")).toEqual([]);
  });
});
