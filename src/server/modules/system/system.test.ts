import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { outsideServices } from './system.service.js';
import { createTestApp, type TestApp, useTestApp } from '../../../../test/app.js';
import { createTestDatabase, testEngine, type TestDatabase } from '../../../../test/db.js';
import { startTcpProxy, type TcpProxy } from '../../../../test/tcp-proxy.js';

describe('system routes', () => {
  const t = useTestApp({
    CONTACT_EMAIL_INFO: 'hello@example.eu',
    GA_MEASUREMENT_ID: 'G-TEST123',
    SMTP_URL: 'smtp://user:smtp-password@127.0.0.1:2525',
    STRIPE_SECRET_KEY: 'sk_test_very_secret',
    STRIPE_WEBHOOK_SECRET: 'whsec_very_secret',
    OPENAI_API_KEY: 'sk-openai-very-secret',
  });

  it('GET /api/health answers ok with the version after a real query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: t.config.version, database: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /api/config publishes what the browser needs and no secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      productName: 'Corisk',
      version: t.config.version,
      appUrl: t.config.appUrl,
      contactEmailInfo: 'hello@example.eu',
      contactEmailSupport: 'support@corisk.eu',
      gaMeasurementId: 'G-TEST123',
      billingMode: 'stripe',
      devTools: true,
      operator: {
        name: 'Corisk Test GmbH',
        address: 'Teststraße 1, 10115 Berlin, Germany',
        register: null,
        vatId: null,
        email: 'legal@corisk.example',
        representative: null,
        dpoEmail: null,
      },
      // COMPANY_SOURCES=sample and GEOCODERS=offline call no one; the rest is what the env set.
      outsideServices: [
        { id: 'stripe', host: 'api.stripe.com' },
        { id: 'smtp', host: '127.0.0.1' },
        { id: 'openai-compatible', host: 'api.openai.com' },
        { id: 'google-analytics', host: 'www.google-analytics.com' },
      ],
    });
    for (const secret of ['smtp-password', 'user:', 'sk_test_very_secret', 'whsec_very_secret', 'sk-openai-very-secret', t.config.jwtSecret]) {
      expect(res.body).not.toContain(secret);
    }
  });
});

describe('outside services from the configuration', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/corisk-config-test' };

  it('by default: Nominatim, VIES and the national registers (the bundled sample and gazetteer call no one)', () => {
    expect(outsideServices(loadConfig(base))).toEqual([
      { id: 'nominatim', host: 'nominatim.openstreetmap.org' },
      { id: 'registry-fr', host: 'recherche-entreprises.api.gouv.fr' },
      { id: 'registry-cz', host: 'ares.gov.cz' },
      { id: 'registry-fi', host: 'avoindata.prh.fi' },
      { id: 'registry-pl', host: 'wl-api.mf.gov.pl' },
      { id: 'registry-pl-krs', host: 'api-krs.ms.gov.pl' },
      { id: 'registry-ro', host: 'webservicesp.anaf.ro' },
      { id: 'registry-sk', host: 'www.registeruz.sk' },
      { id: 'registry-sk-rpo', host: 'api.statistics.sk' },
      { id: 'vies', host: 'ec.europa.eu' },
    ]);
  });

  it('the registers that need credentials only once they are set', () => {
    const ids = (env: Record<string, string>) => outsideServices(loadConfig({ ...base, COMPANY_SOURCES: 'registry', GEOCODERS: 'offline', ...env })).map((s) => s.id);
    expect(ids({})).not.toContain('registry-se');
    expect(ids({ REGISTRY_SE_CLIENT_ID: 'id' })).not.toContain('registry-se');
    const all = ids({ REGISTRY_SE_CLIENT_ID: 'id', REGISTRY_SE_CLIENT_SECRET: 'secret', REGISTRY_EL_KEY: 'key', REGISTRY_DK_USER: 'u', REGISTRY_DK_PASSWORD: 'p' });
    expect(all).toEqual(expect.arrayContaining(['registry-se', 'registry-el', 'registry-dk']));
  });

  it('offline providers only: none', () => {
    expect(outsideServices(loadConfig({ ...base, COMPANY_SOURCES: 'sample', GEOCODERS: 'offline' }))).toEqual([]);
  });

  it('databases count only when they are on another host, and their host is never published', () => {
    const offline = { ...base, COMPANY_SOURCES: 'gleif', GEOCODERS: 'offline' };
    expect(
      outsideServices(loadConfig({ ...offline, DATABASE_URL: 'postgres://u:pw@127.0.0.1/corisk', REDIS_URL: 'redis://localhost:6379' })),
    ).toEqual([{ id: 'gleif', host: 'api.gleif.org' }]);
    expect(
      outsideServices(
        loadConfig({ ...offline, DATABASE_URL: 'postgres://u:pw@db.internal.example/corisk', REDIS_URL: 'rediss://:pw@cache.example:6380' }),
      ),
    ).toEqual([
      { id: 'gleif', host: 'api.gleif.org' },
      { id: 'postgresql', host: null },
      { id: 'redis', host: null },
    ]);
  });
});

describe('GET /api/health when the database does not answer', () => {
  it.runIf(testEngine === 'pglite')('answers 503 {detail} once the embedded database is closed', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'Database unavailable', code: 'database_unavailable' });
      // Like every other 503 while the database is away: clients know when to retry.
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await t.app.close();
    }
  });

  describe.runIf(testEngine === 'postgres')('PostgreSQL behind a proxy that goes away and comes back', () => {
    let base: TestDatabase;
    let proxy: TcpProxy;
    let t: TestApp;

    beforeAll(async () => {
      base = await createTestDatabase();
      const url = new URL(base.url ?? '');
      proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.host = `127.0.0.1:${proxy.port}`;
      const viaProxy = await openDatabase({ url: url.toString() });
      t = await createTestApp(
        {},
        {
          database: {
            ...viaProxy,
            close: async () => {
              await viaProxy.close();
              await base.close();
            },
          },
        },
      );
    });
    afterAll(async () => {
      await proxy?.stop();
      await t?.close();
    });

    const health = () => t.app.inject({ method: 'GET', url: '/api/health' });

    it('is ok while the server answers', async () => {
      expect((await health()).statusCode).toBe(200);
    });

    it('answers 503 {detail} when the server is gone, and ok again when it is back', async () => {
      await proxy.stop();
      const down = await health();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ detail: 'Database unavailable', code: 'database_unavailable' });
      expect(down.headers['retry-after']).toBe('5');

      await proxy.start();
      const up = await health();
      expect(up.statusCode).toBe(200);
      expect(up.json().database).toBe('ok');
    });

    it('answers 503 within the ping timeout when the server hangs, and recovers', async () => {
      proxy.blackhole();
      const started = Date.now();
      const down = await health();
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      expect(Date.now() - started).toBeLessThan(4000);

      await proxy.start();
      const up = await health();
      expect(up.statusCode).toBe(200);
    });
  });
});

