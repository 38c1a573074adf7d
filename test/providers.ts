import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../src/server/app.js';
import { createMailer } from '../src/server/providers/mailer/factory.js';
import type { Mailer } from '../src/server/providers/mailer/mailer.js';
import { createRateLimitStore } from '../src/server/providers/rate-limit-store/factory.js';
import type { RateLimitStore } from '../src/server/lib/rate-limit-store.js';

/**
 * The production app with the mailer and rate-limit store made here, by the same factories from
 * the same config, so tests can read the outbox and see which store config chose (the app keeps
 * its providers to itself).
 */

export interface TestProviders {
  mailer: Mailer;
  rateLimitStore: RateLimitStore;
}

const providers = new WeakMap<FastifyInstance, TestProviders>();

/** The mailer and rate-limit store of an app built by `buildTestApp`. */
export function providersOf(app: FastifyInstance): TestProviders {
  const found = providers.get(app);
  if (!found) throw new Error('this app was not built by buildTestApp');
  return found;
}

/** `npm test` builds dist/ while database tests run: a test serves a web build only when it names one. */
const noWebBuild = join(tmpdir(), 'corisk-test-no-web-build');

/** buildApp with the test's own mailer and store unless `deps` brings them; `closeProviders` after `app.close()`. */
export async function buildTestApp(deps: AppDeps): Promise<{ app: FastifyInstance; closeProviders(): Promise<void> }> {
  let app: FastifyInstance | undefined;
  // The outbox logs through the app's logger, as the mailer buildApp makes would.
  const log = {
    info: (obj: object, msg: string) => app?.log.info(obj, msg),
    warn: (obj: object, msg: string) => app?.log.warn(obj, msg),
  };
  const mailer = deps.mailer ?? createMailer(deps.config, log);
  const rateLimitStore = deps.rateLimitStore ?? createRateLimitStore(deps.config, log);
  try {
    app = await buildApp({ ...deps, webDir: deps.webDir ?? noWebBuild, mailer, rateLimitStore });
  } catch (err) {
    if (!deps.mailer) await mailer.close();
    if (!deps.rateLimitStore) await rateLimitStore.close();
    throw err;
  }
  providers.set(app, { mailer, rateLimitStore });
  return {
    app,
    closeProviders: async () => {
      if (!deps.mailer) await mailer.close();
      if (!deps.rateLimitStore) await rateLimitStore.close();
    },
  };
}
