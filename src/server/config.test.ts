import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_OPERATOR } from '../shared/operator.js';
import { ConfigError, loadConfig } from './config.js';

const secret = 'a-secret-that-is-long-enough-0123456789';
const base = { JWT_SECRET: secret, DATA_DIR: '/tmp/corisk-config-test' };
const operator = {
  OPERATOR_NAME: 'Corisk Operations GmbH',
  OPERATOR_ADDRESS: 'Musterstraße 1, 80331 München, Germany',
  OPERATOR_EMAIL: 'legal@corisk.example.eu',
};

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ ...base, ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig defaults', () => {
  it('runs with nothing set: embedded database, offline-capable providers, test checkout', () => {
    const c = loadConfig(base);
    expect(c).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      appUrl: 'http://localhost:3000',
      trustProxy: false,
      databaseUrl: undefined,
      accessTokenTtlS: 3600,
      refreshTokenTtlS: 2_592_000,
      smtpUrl: undefined,
      mailFrom: 'Corisk <no-reply@corisk.eu>',
      adminEmails: [],
      signupCredits: 3,
      analysisRateLimitPerHour: 5,
      portfolioConcurrency: 4,
      stripe: undefined,
      openai: undefined,
      companySources: ['sample', 'registry', 'vies'],
      geocoders: ['nominatim', 'offline'],
      contactEmailInfo: 'info@corisk.eu',
      contactEmailSupport: 'support@corisk.eu',
      gaMeasurementId: undefined,
      devTools: true,
      logLevel: 'info',
      productName: 'Corisk',
    });
    expect(c.viesApiUrl).toMatch(/^https:\/\/ec\.europa\.eu\//);
    expect(c.nominatimUrl).toBe('https://nominatim.openstreetmap.org');
    expect(c.registryUrls).toEqual({
      fr: 'https://recherche-entreprises.api.gouv.fr',
      cz: 'https://ares.gov.cz/ekonomicke-subjekty-v-be/rest',
      fi: 'https://avoindata.prh.fi/opendata-ytj-api/v3',
      pl: 'https://wl-api.mf.gov.pl',
      plKrs: 'https://api-krs.ms.gov.pl/api/krs',
      ro: 'https://webservicesp.anaf.ro',
      se: 'https://gw.api.bolagsverket.se/vardefulla-datamangder/v1',
      seToken: 'https://portal.api.bolagsverket.se/oauth2/token',
      el: 'https://opendata-api.businessportal.gr/api/opendata/v1',
      dk: 'https://distribution.virk.dk/cvr-permanent',
      sk: 'https://www.registeruz.sk/cruz-public/api',
      skRpo: 'https://api.statistics.sk/rpo/v1',
    });
    // The registers that need credentials have none until they are set.
    expect(c.registryCredentials).toEqual({});
    expect(c.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('APP_URL follows PORT and loses its trailing slash', () => {
    expect(loadConfig({ ...base, PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ ...base, APP_URL: 'https://corisk.example.eu/' }).appUrl).toBe('https://corisk.example.eu');
  });

  it('treats empty values as unset and trims spaces', () => {
    expect(loadConfig({ ...base, PORT: '', DATABASE_URL: ' ', SIGNUP_CREDITS: ' 7 ' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      signupCredits: 7,
    });
  });

  it('parses lists, booleans and proxies', () => {
    const c = loadConfig({
      ...base,
      ADMIN_EMAILS: ' Boss@Example.eu , ops@example.eu,',
      COMPANY_SOURCES: 'vies,gleif,sample',
      GEOCODERS: 'offline',
      ENABLE_DEV_TOOLS: 'false',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
    });
    expect(c.adminEmails).toEqual(['boss@example.eu', 'ops@example.eu']);
    expect(c.companySources).toEqual(['vies', 'gleif', 'sample']);
    expect(c.geocoders).toEqual(['offline']);
    expect(c.devTools).toBe(false);
    expect(c.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('reads the operator identity, and leaves what is unset null outside production', () => {
    const c = loadConfig({
      ...base,
      ...operator,
      OPERATOR_REGISTER: 'Amtsgericht München, HRB 123456',
      OPERATOR_VAT_ID: 'de 123.456.789',
      OPERATOR_REPRESENTATIVE: 'Erika Mustermann (Geschäftsführerin)',
      OPERATOR_DPO_EMAIL: 'dpo@corisk.example.eu',
    });
    expect(c.operator).toEqual({
      name: 'Corisk Operations GmbH',
      address: 'Musterstraße 1, 80331 München, Germany',
      register: 'Amtsgericht München, HRB 123456',
      vatId: 'DE123456789',
      email: 'legal@corisk.example.eu',
      representative: 'Erika Mustermann (Geschäftsführerin)',
      dpoEmail: 'dpo@corisk.example.eu',
    });
    expect(loadConfig({ ...base, OPERATOR_NAME: 'Solo' }).operator).toEqual({ ...NO_OPERATOR, name: 'Solo' });
  });

  it('selects the real services only when their keys are set', () => {
    const c = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      OPENAI_API_KEY: 'sk-x',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/',
      OPENAI_MODEL: 'llama3.1',
      SMTP_URL: 'smtps://u:p@mail.example.eu:465',
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgresql://u@db/corisk',
    });
    expect(c.stripe).toEqual({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiUrl: undefined });
    expect(c.openai).toEqual({ apiKey: 'sk-x', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1' });
    expect(c.smtpUrl).toBe('smtps://u:p@mail.example.eu:465');
    expect(c.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(c.databaseUrl).toBe('postgresql://u@db/corisk');
    expect(loadConfig({ ...base, OPENAI_MODEL: 'llama3.1' }).openai).toBeUndefined();
  });

  it('sanctions lists: the bundled snapshots only outside production, the publishers\' URLs in production, a set URL anywhere, off leaves a list out', () => {
    const dev = loadConfig(base).sanctions;
    expect(dev).toEqual({
      lists: [
        { list: 'EU', url: null },
        { list: 'UN', url: null },
        { list: 'UK', url: null },
      ],
      refreshHours: 6,
      maxAgeDays: 7,
    });
    const prod = loadConfig({ ...base, ...operator, NODE_ENV: 'production', APP_URL: 'https://corisk.example.eu', SANCTIONS_UK_URL: 'off' }).sanctions;
    expect(prod.lists).toEqual([
      { list: 'EU', url: expect.stringMatching(/^https:\/\/webgate\.ec\.europa\.eu\/fsd\/fsf\/public\/files\/xmlFullSanctionsList_1_1\/content\?token=/) },
      { list: 'UN', url: 'https://scsanctions.un.org/resources/xml/en/consolidated.xml' },
    ]);
    const set = loadConfig({ ...base, SANCTIONS_UN_URL: 'http://127.0.0.1:9/un.xml', SANCTIONS_REFRESH_HOURS: '2', SANCTIONS_MAX_AGE_DAYS: '3' }).sanctions;
    expect(set.lists[1]).toEqual({ list: 'UN', url: 'http://127.0.0.1:9/un.xml' });
    expect(set).toMatchObject({ refreshHours: 2, maxAgeDays: 3 });
  });

  it('register imports: none by default, weekly; URLs per state split on spaces; a malformed cron or URL is refused', () => {
    expect(loadConfig(base).registerImports).toEqual({ urls: {}, cron: '0 3 * * 0' });
    const set = loadConfig({
      ...base,
      REGISTRY_BE_IMPORT_URL: 'https://files.example.eu/KboOpenData_Full.zip',
      REGISTRY_EE_IMPORT_URL: ' https://files.example.eu/lihtandmed.csv.zip   https://files.example.eu/yldandmed.json.zip ',
      REGISTRY_IMPORT_CRON: '30 2 1 * *',
    }).registerImports;
    expect(set).toEqual({
      urls: { BE: ['https://files.example.eu/KboOpenData_Full.zip'], EE: ['https://files.example.eu/lihtandmed.csv.zip', 'https://files.example.eu/yldandmed.json.zip'] },
      cron: '30 2 1 * *',
    });
    const err = configError({ REGISTRY_IMPORT_CRON: 'every sunday', REGISTRY_LV_IMPORT_URL: 'ftp://dati.example/register.csv' });
    expect(err.variables).toEqual(['REGISTRY_LV_IMPORT_URL', 'REGISTRY_IMPORT_CRON']);
    expect(err.message).toContain('REGISTRY_IMPORT_CRON: must be a cron expression of five fields (minute hour day month weekday), e.g. 0 3 * * 0');
    expect(err.message).toContain('REGISTRY_LV_IMPORT_URL: must be one or more http:// or https:// URLs, separated by spaces');
  });

  it('production switches the dev tools off unless asked', () => {
    const prod = { ...base, ...operator, NODE_ENV: 'production', APP_URL: 'https://corisk.example.eu' };
    expect(loadConfig(prod).devTools).toBe(false);
    expect(loadConfig({ ...prod, ENABLE_DEV_TOOLS: 'true' }).devTools).toBe(true);
  });
});

describe('malformed values stop start-up naming the variable', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT', 'must be a whole number'],
    [{ PORT: '70000' }, 'PORT', 'must be at most 65535'],
    [{ PORT: '80.5' }, 'PORT', 'must be a whole number'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV', 'must be development, production or test'],
    [{ APP_URL: 'corisk.eu' }, 'APP_URL', 'must be an http:// or https:// URL'],
    [{ APP_URL: 'javascript:alert(1)' }, 'APP_URL', 'must be an http:// or https:// URL'],
    [{ DATABASE_URL: 'mysql://db/corisk' }, 'DATABASE_URL', 'must be a postgres:// or postgresql:// URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET', 'must be at least 32 characters'],
    [{ ACCESS_TOKEN_TTL_S: '10' }, 'ACCESS_TOKEN_TTL_S', 'must be at least 60'],
    [{ REFRESH_TOKEN_TTL_S: '-5' }, 'REFRESH_TOKEN_TTL_S', 'must be a whole number'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL', 'must be a smtp:// or smtps:// URL'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM', 'must be an e-mail address or "Name <address>"'],
    [{ ADMIN_EMAILS: 'a@b.eu,not-an-email' }, 'ADMIN_EMAILS', 'must be an e-mail address (item 2)'],
    [{ SIGNUP_CREDITS: 'three' }, 'SIGNUP_CREDITS', 'must be a whole number'],
    [{ ANALYSIS_RATE_LIMIT_PER_HOUR: '0' }, 'ANALYSIS_RATE_LIMIT_PER_HOUR', 'must be at least 1'],
    [{ PORTFOLIO_CONCURRENCY: '65' }, 'PORTFOLIO_CONCURRENCY', 'must be at most 64'],
    [{ PORTFOLIO_CONCURRENCY: 'many' }, 'PORTFOLIO_CONCURRENCY', 'must be a whole number'],
    [{ STRIPE_API_URL: 'stripe' }, 'STRIPE_API_URL', 'must be an http:// or https:// URL'],
    [{ OPENAI_BASE_URL: 'localhost:11434' }, 'OPENAI_BASE_URL', 'must be an http:// or https:// URL'],
    [{ COMPANY_SOURCES: 'sample,dnb' }, 'COMPANY_SOURCES', 'must list sample, registry, vies or gleif (item 2)'],
    [{ COMPANY_SOURCES: ',' }, 'COMPANY_SOURCES', 'must list at least one value'],
    [{ VIES_API_URL: 'ftp://vies' }, 'VIES_API_URL', 'must be an http:// or https:// URL'],
    [{ GLEIF_API_URL: 'gleif' }, 'GLEIF_API_URL', 'must be an http:// or https:// URL'],
    [{ GEOCODERS: 'google' }, 'GEOCODERS', 'must list nominatim or offline (item 1)'],
    [{ NOMINATIM_URL: 'osm' }, 'NOMINATIM_URL', 'must be an http:// or https:// URL'],
    [{ REDIS_URL: 'http://cache' }, 'REDIS_URL', 'must be a redis:// or rediss:// URL'],
    [{ CONTACT_EMAIL_INFO: 'info' }, 'CONTACT_EMAIL_INFO', 'must be an e-mail address'],
    [{ CONTACT_EMAIL_SUPPORT: 'support@' }, 'CONTACT_EMAIL_SUPPORT', 'must be an e-mail address'],
    [{ OPERATOR_NAME: 'Evil <script>' }, 'OPERATOR_NAME', 'must be plain text on one line, without < or >'],
    [{ OPERATOR_ADDRESS: 'Line 1\nLine 2' }, 'OPERATOR_ADDRESS', 'must be plain text on one line, without < or >'],
    [{ OPERATOR_REGISTER: 'x'.repeat(201) }, 'OPERATOR_REGISTER', 'must be at most 200 characters'],
    [{ OPERATOR_VAT_ID: '123456789' }, 'OPERATOR_VAT_ID', 'must be a VAT ID with its country prefix, e.g. DE123456789'],
    [{ OPERATOR_EMAIL: 'legal' }, 'OPERATOR_EMAIL', 'must be an e-mail address'],
    [{ OPERATOR_REPRESENTATIVE: 'A\u0007B' }, 'OPERATOR_REPRESENTATIVE', 'must be plain text on one line, without < or >'],
    [{ OPERATOR_DPO_EMAIL: 'dpo@' }, 'OPERATOR_DPO_EMAIL', 'must be an e-mail address'],
    [{ GA_MEASUREMENT_ID: 'UA-12345-1' }, 'GA_MEASUREMENT_ID', 'must look like G-XXXXXXX'],
    [{ ENABLE_DEV_TOOLS: 'yes' }, 'ENABLE_DEV_TOOLS', 'must be true or false'],
    [{ TRUST_PROXY: 'every proxy!' }, 'TRUST_PROXY', 'must be true, false, a hop count or a comma-separated list of proxy addresses'],
    [{ SANCTIONS_EU_URL: 'webgate.ec.europa.eu' }, 'SANCTIONS_EU_URL', 'must be an http:// or https:// URL, or off'],
    [{ SANCTIONS_UK_URL: 'OFF!' }, 'SANCTIONS_UK_URL', 'must be an http:// or https:// URL, or off'],
    [{ SANCTIONS_REFRESH_HOURS: '0' }, 'SANCTIONS_REFRESH_HOURS', 'must be at least 1'],
    [{ SANCTIONS_MAX_AGE_DAYS: 'a week' }, 'SANCTIONS_MAX_AGE_DAYS', 'must be a whole number'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', 'must be fatal, error, warn, info, debug, trace or silent'],
  ])('%o → %s', (env, variable, message) => {
    const err = configError(env);
    expect(err.problems).toEqual([{ variable, message }]);
    expect(err.message).toBe(`Invalid configuration:\n  ${variable}: ${message}`);
  });

  it('reports every bad variable at once', () => {
    expect(configError({ PORT: 'x', LOG_LEVEL: 'loud' }).variables).toEqual(['PORT', 'LOG_LEVEL']);
  });

  it('never echoes the value, which may be a secret', () => {
    const err = configError({ JWT_SECRET: 'hunter2-secret', DATABASE_URL: 'mysql://root:pw-9876@db' });
    expect(err.message).not.toContain('hunter2-secret');
    expect(err.message).not.toContain('pw-9876');
  });

  it('production requires JWT_SECRET, APP_URL and the operator’s name, address and e-mail', () => {
    const err = configError({ NODE_ENV: 'production', JWT_SECRET: '' });
    expect(err.problems).toEqual([
      { variable: 'JWT_SECRET', message: 'required when NODE_ENV=production' },
      { variable: 'APP_URL', message: 'required when NODE_ENV=production' },
      { variable: 'OPERATOR_NAME', message: 'required when NODE_ENV=production' },
      { variable: 'OPERATOR_ADDRESS', message: 'required when NODE_ENV=production' },
      { variable: 'OPERATOR_EMAIL', message: 'required when NODE_ENV=production' },
    ]);
    expect(err.message).toContain('OPERATOR_NAME: required when NODE_ENV=production');
  });

  it('production refuses an operator missing any one of name, address or e-mail', () => {
    const prod = { ...operator, NODE_ENV: 'production', APP_URL: 'https://corisk.example.eu' };
    for (const variable of Object.keys(operator)) {
      expect(configError({ ...prod, [variable]: ' ' }).variables).toEqual([variable]);
    }
    expect(loadConfig({ ...base, ...prod }).operator.name).toBe('Corisk Operations GmbH');
  });
});

describe('generated JWT secret', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('is created once in DATA_DIR, private, and reused on the next start', () => {
    dir = mkdtempSync(join(tmpdir(), 'corisk-config-'));
    const dataDir = join(dir, 'data');
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, 'jwt-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8')).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
    expect(first.dataDir).toBe(dataDir);
  });

  it('a damaged secret file stops start-up', () => {
    dir = mkdtempSync(join(tmpdir(), 'corisk-config-'));
    writeFileSync(join(dir, 'jwt-secret'), 'short');
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(ConfigError);
  });
});
