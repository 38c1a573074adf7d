import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { projectRoot } from './lib/paths.js';

/**
 * The one place that reads process.env (README.md, "Configuration", lists the variables).
 * Every variable is validated; a malformed value throws a ConfigError naming the variable
 * (never echoing the value, which may be a secret).
 */

const wholeNumber = (def: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .default(def);

const perSecond = (def: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a number')
    .transform(Number)
    .pipe(z.number().min(0.01, 'must be at least 0.01').max(1000, 'must be at most 1000'))
    .default(def);

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });
const urlWithScheme = (schemes: string[]) =>
  z.url({
    protocol: new RegExp(`^(${schemes.join('|')})$`),
    error: `must be a ${schemes.map((s) => `${s}://`).join(' or ')} URL`,
  });
const bool = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');
const csvOf = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(item).min(1, 'must list at least one value'));
const email = z.email({ error: 'must be an e-mail address' });
/** `a@b.eu` or `Name <a@b.eu>` */
const mailbox = z
  .string()
  .regex(/^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/, {
    error: 'must be an e-mail address or "Name <address>"',
  });
/** A line of text people read (a name, an address): no control characters or angle brackets. */
const plainText = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\p{Cc}<>]+$/u, { error: 'must be plain text on one line, without < or >' });
/** An EU VAT ID with its country prefix; spaces, dots and hyphens are dropped. */
const vatId = z
  .string()
  .transform((v) => v.replace(/[\s.-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}[0-9A-Z+*]{2,13}$/, { error: 'must be a VAT ID with its country prefix, e.g. DE123456789' }));

/** `true`/`false`, a hop count, or a comma-separated list of proxy addresses/CIDRs. */
const trustProxy = z
  .string()
  .regex(/^(true|false|\d+|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, {
    error: 'must be true, false, a hop count or a comma-separated list of proxy addresses',
  })
  .transform((v): boolean | number | string[] =>
    v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v.split(',').map((x) => x.trim()),
  );

/** A list's download URL, or `off` to leave that list out. */
const listUrl = z
  .string()
  .refine((v) => v === 'off' || httpUrl.safeParse(v).success, { error: 'must be an http:// or https:// URL, or off' });

/** Space-separated http(s) URLs of one register's files (Estonia publishes two). */
const importUrls = z
  .string()
  .transform((v) => v.split(/\s+/).filter(Boolean))
  .refine((urls) => urls.length > 0 && urls.every((u) => httpUrl.safeParse(u).success), { error: 'must be one or more http:// or https:// URLs, separated by spaces' });

/**
 * A cron expression of five fields, UTC. Its shape is checked here; the cron parser, which is
 * large, is loaded only by the import schedule, which says so in the log if it refuses the value.
 */
const cronExpression = z
  .string()
  .trim()
  .regex(/^([0-9A-Za-z*,/?#-]+\s+){4}[0-9A-Za-z*,/?#-]+$/, { error: 'must be a cron expression of five fields (minute hour day month weekday), e.g. 0 3 * * 0' });

/** Where each sanctions list is published (used in production, or when the variable names a URL). */
export const sanctionsPublisherUrls: Record<'EU' | 'UN' | 'UK', string> = Object.fromEntries([
  ['EU', 'https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw'],
  ['UN', 'https://scsanctions.un.org/resources/xml/en/consolidated.xml'],
  ['UK', 'https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.xml'],
]) as Record<'EU' | 'UN' | 'UK', string>;

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: wholeNumber(3000, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: httpUrl.optional(),
  TRUST_PROXY: trustProxy.default(false),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWithScheme(['postgres', 'postgresql']).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_S: wholeNumber(3600, 60),
  REFRESH_TOKEN_TTL_S: wholeNumber(2_592_000, 60),
  SMTP_URL: urlWithScheme(['smtp', 'smtps']).optional(),
  MAIL_FROM: mailbox.default('Corisk <no-reply@corisk.eu>'),
  ADMIN_EMAILS: csvOf(email).optional(),
  SIGNUP_CREDITS: wholeNumber(3, 0, 1000),
  ANALYSIS_RATE_LIMIT_PER_HOUR: wholeNumber(5, 1),
  API_RATE_LIMIT_PER_MINUTE: wholeNumber(60, 1),
  PORTFOLIO_CONCURRENCY: wholeNumber(4, 0, 64),
  MONITORING_CONCURRENCY: wholeNumber(4, 0, 64),
  MONITORING_RETRY_SECONDS: wholeNumber(60, 1, 3600),
  MONITORING_TICK_SECONDS: wholeNumber(60, 1, 3600),
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  WEBHOOK_RETRY_SCALE: z.coerce
    .number({ error: 'must be a number' })
    .positive('must be above 0')
    .max(1, 'must be at most 1')
    .default(1),
  ALERT_DIGEST_HOUR: wholeNumber(7, 0, 23),
  ALERT_TICK_SECONDS: wholeNumber(30, 1, 3600),
  ALERT_LEASE_SECONDS: wholeNumber(300, 10, 86400),
  REGISTRY_RATE_PER_SECOND: perSecond(2),
  VIES_RATE_PER_SECOND: perSecond(1),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: httpUrl.optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: httpUrl.default('https://api.openai.com/v1'),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  HAZARD_DATA_DIR: z
    .string()
    .min(1)
    .refine((dir) => existsSync(join(dir, 'manifest.json')), 'must be a directory holding manifest.json')
    .optional(),
  COMPANY_SOURCES: csvOf(
    z.enum(['sample', 'registry', 'vies', 'gleif'], { error: 'must list sample, registry, vies or gleif' }),
  ).default(['sample', 'registry', 'vies']),
  VIES_API_URL: httpUrl.default('https://ec.europa.eu/taxation_customs/vies/rest-api'),
  GLEIF_API_URL: httpUrl.default('https://api.gleif.org/api/v1'),
  REGISTRY_FR_URL: httpUrl.default('https://recherche-entreprises.api.gouv.fr'),
  REGISTRY_CZ_URL: httpUrl.default('https://ares.gov.cz/ekonomicke-subjekty-v-be/rest'),
  REGISTRY_FI_URL: httpUrl.default('https://avoindata.prh.fi/opendata-ytj-api/v3'),
  REGISTRY_PL_URL: httpUrl.default('https://wl-api.mf.gov.pl'),
  REGISTRY_PL_KRS_URL: httpUrl.default('https://api-krs.ms.gov.pl/api/krs'),
  REGISTRY_RO_URL: httpUrl.default('https://webservicesp.anaf.ro'),
  REGISTRY_SE_URL: httpUrl.default('https://gw.api.bolagsverket.se/vardefulla-datamangder/v1'),
  REGISTRY_SE_TOKEN_URL: httpUrl.default('https://portal.api.bolagsverket.se/oauth2/token'),
  REGISTRY_SE_CLIENT_ID: z.string().min(1).optional(),
  REGISTRY_SE_CLIENT_SECRET: z.string().min(1).optional(),
  REGISTRY_EL_URL: httpUrl.default('https://opendata-api.businessportal.gr/api/opendata/v1'),
  REGISTRY_EL_KEY: z.string().min(1).optional(),
  REGISTRY_DK_URL: httpUrl.default('https://distribution.virk.dk/cvr-permanent'),
  REGISTRY_DK_USER: z.string().min(1).optional(),
  REGISTRY_DK_PASSWORD: z.string().min(1).optional(),
  REGISTRY_SK_URL: httpUrl.default('https://www.registeruz.sk/cruz-public/api'),
  REGISTRY_SK_RPO_URL: httpUrl.default('https://api.statistics.sk/rpo/v1'),
  REGISTRY_BE_IMPORT_URL: importUrls.optional(),
  REGISTRY_EE_IMPORT_URL: importUrls.optional(),
  REGISTRY_SI_IMPORT_URL: importUrls.optional(),
  REGISTRY_LV_IMPORT_URL: importUrls.optional(),
  REGISTRY_IMPORT_CRON: cronExpression.default('0 3 * * 0'),
  GEOCODERS: csvOf(z.enum(['nominatim', 'offline'], { error: 'must list nominatim or offline' })).default([
    'nominatim',
    'offline',
  ]),
  NOMINATIM_URL: httpUrl.default('https://nominatim.openstreetmap.org'),
  REDIS_URL: urlWithScheme(['redis', 'rediss']).optional(),
  SANCTIONS_EU_URL: listUrl.optional(),
  SANCTIONS_UN_URL: listUrl.optional(),
  SANCTIONS_UK_URL: listUrl.optional(),
  SANCTIONS_REFRESH_HOURS: wholeNumber(6, 1, 168),
  SANCTIONS_MAX_AGE_DAYS: wholeNumber(7, 1, 365),
  CONTACT_EMAIL_INFO: email.default('info@corisk.eu'),
  CONTACT_EMAIL_SUPPORT: email.default('support@corisk.eu'),
  OPERATOR_NAME: plainText(200).optional(),
  OPERATOR_ADDRESS: plainText(500).optional(),
  OPERATOR_REGISTER: plainText(200).optional(),
  OPERATOR_VAT_ID: vatId.optional(),
  OPERATOR_EMAIL: email.optional(),
  OPERATOR_REPRESENTATIVE: plainText(200).optional(),
  OPERATOR_DPO_EMAIL: email.optional(),
  GA_MEASUREMENT_ID: z.string().regex(/^G-[A-Z0-9]+$/, 'must look like G-XXXXXXX').optional(),
  ENABLE_DEV_TOOLS: bool.optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
});

/** The variables config.ts reads; anything else in the environment is ignored. */
export const configVariables = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Public base URL without a trailing slash. */
  appUrl: string;
  /** Fastify `trustProxy`: which proxies may set X-Forwarded-For (client IP for rate limits). */
  trustProxy: boolean | number | string[];
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  smtpUrl?: string;
  mailFrom: string;
  /** Lower-cased. */
  adminEmails: string[];
  signupCredits: number;
  analysisRateLimitPerHour: number;
  /** Requests per API key per minute on /api/v1 (429 beyond). */
  apiRateLimitPerMinute: number;
  /** Portfolio rows this instance assesses at once (0: it runs none, other instances do). */
  portfolioConcurrency: number;
  /**
   * Monitoring checks: rows this instance checks at once (0: none), the first wait before a row
   * whose source was down is checked again (doubling each time), and how often the schedule looks
   * for watched portfolios that are due.
   */
  monitoring: { concurrency: number; retrySeconds: number; tickSeconds: number };
  /**
   * Webhook delivery: private, loopback and link-local endpoints allowed (development and tests
   * only), https:// required (production), and the factor on every retry wait and on the
   * three-day window after which a failing endpoint is disabled (1 in production; tiny in tests).
   */
  webhooks: { allowPrivate: boolean; requireHttps: boolean; retryScale: number };
  /**
   * Monitoring e-mails: the hour (UTC) digests of the previous day or week go out, how often an
   * instance looks for events and mails to send, and how long a claimed mail is held before
   * another instance may send it (its sender died).
   */
  alerts: { digestHour: number; tickSeconds: number; leaseSeconds: number };
  /** Calls per second monitoring checks make to one national register, and to VIES (per instance; bundled sources and interactive reads unpaced). */
  sourcePace: { registryPerSecond: number; viesPerSecond: number };
  /** Present only with STRIPE_SECRET_KEY; otherwise the built-in test checkout. */
  stripe?: { secretKey: string; webhookSecret?: string; apiUrl?: string };
  /** Present only with OPENAI_API_KEY; otherwise the embedded analyst. */
  openai?: { apiKey: string; baseUrl: string; model: string };
  /** Deployment hazard rasters (GeoTIFFs named in manifest.json) that supersede the bundled layers. */
  hazardDataDir?: string;
  companySources: ('sample' | 'registry' | 'vies' | 'gleif')[];
  viesApiUrl: string;
  gleifApiUrl: string;
  /** Base URLs of the national company registers (source `registry`). */
  registryUrls: { fr: string; cz: string; fi: string; pl: string; plKrs: string; ro: string; se: string; seToken: string; el: string; dk: string; sk: string; skRpo: string };
  /** The registers' credentials; a register whose credentials are not all set is not asked. */
  registryCredentials: {
    se?: { clientId: string; clientSecret: string };
    el?: { apiKey: string };
    dk?: { user: string; password: string };
  };
  /** The registers re-imported from their files' URLs (REGISTRY_<CC>_IMPORT_URL) at the times of `cron` (UTC). */
  registerImports: { urls: Partial<Record<'BE' | 'EE' | 'SI' | 'LV', string[]>>; cron: string };
  geocoders: ('nominatim' | 'offline')[];
  nominatimUrl: string;
  redisUrl?: string;
  /**
   * The sanctions lists screened (a list set to `off` is absent) and where each is downloaded
   * from: `url` null means the bundled snapshot only (outside production, unless the variable
   * names a URL), so development and tests never reach the publishers by default.
   */
  sanctions: {
    lists: { list: 'EU' | 'UN' | 'UK'; url: string | null }[];
    refreshHours: number;
    maxAgeDays: number;
  };
  contactEmailInfo: string;
  contactEmailSupport: string;
  /** Who runs this deployment (imprint, privacy controller); null where not configured. */
  operator: OperatorIdentity;
  gaMeasurementId?: string;
  /** Dev outbox page and test checkout: on outside production unless ENABLE_DEV_TOOLS says otherwise. */
  devTools: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  productName: string;
  version: string;
}

export interface OperatorIdentity {
  name: string | null;
  address: string | null;
  /** Register and number, e.g. 'Amtsgericht München, HRB 123456'. */
  register: string | null;
  vatId: string | null;
  email: string | null;
  representative: string | null;
  dpoEmail: string | null;
}

/** Production refuses to start without these: an imprint and a privacy controller need them. */
const requiredInProduction = ['JWT_SECRET', 'APP_URL', 'OPERATOR_NAME', 'OPERATOR_ADDRESS', 'OPERATOR_EMAIL'] as const;

/** A malformed or missing setting; `variables` names each offending variable. */
export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }

  get variables(): string[] {
    return this.problems.map((p) => p.variable);
  }
}

function readVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'));
  const version = (pkg as { version?: unknown }).version;
  return typeof version === 'string' ? version : '0.0.0';
}

/** Without JWT_SECRET a secret is generated once into DATA_DIR, so tokens survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < 32) {
      throw new ConfigError([{ variable: 'JWT_SECRET', message: `${file} holds fewer than 32 characters` }]);
    }
    return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, string | undefined> = {};
  for (const key of configVariables) {
    const value = source[key]?.trim();
    raw[key] = value === '' ? undefined : value;
  }
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const [variable, item] = i.path;
        const where = typeof item === 'number' ? ` (item ${item + 1})` : '';
        return { variable: String(variable), message: `${i.message}${where}` };
      }),
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const missing: { variable: string; message: string }[] = production
    ? requiredInProduction
        .filter((k) => !e[k])
        .map((variable) => ({ variable, message: 'required when NODE_ENV=production' }))
    : [];
  if (production && e.WEBHOOK_ALLOW_PRIVATE) missing.push({ variable: 'WEBHOOK_ALLOW_PRIVATE', message: 'must not be true when NODE_ENV=production' });
  if (missing.length) throw new ConfigError(missing);

  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: trimSlash(e.APP_URL ?? `http://localhost:${e.PORT}`),
    trustProxy: e.TRUST_PROXY,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    refreshTokenTtlS: e.REFRESH_TOKEN_TTL_S,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails: (e.ADMIN_EMAILS ?? []).map((x) => x.toLowerCase()),
    signupCredits: e.SIGNUP_CREDITS,
    analysisRateLimitPerHour: e.ANALYSIS_RATE_LIMIT_PER_HOUR,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    portfolioConcurrency: e.PORTFOLIO_CONCURRENCY,
    monitoring: { concurrency: e.MONITORING_CONCURRENCY, retrySeconds: e.MONITORING_RETRY_SECONDS, tickSeconds: e.MONITORING_TICK_SECONDS },
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE, requireHttps: production, retryScale: e.WEBHOOK_RETRY_SCALE },
    alerts: { digestHour: e.ALERT_DIGEST_HOUR, tickSeconds: e.ALERT_TICK_SECONDS, leaseSeconds: e.ALERT_LEASE_SECONDS },
    sourcePace: { registryPerSecond: e.REGISTRY_RATE_PER_SECOND, viesPerSecond: e.VIES_RATE_PER_SECOND },
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiUrl: e.STRIPE_API_URL && trimSlash(e.STRIPE_API_URL),
        }
      : undefined,
    openai: e.OPENAI_API_KEY
      ? { apiKey: e.OPENAI_API_KEY, baseUrl: trimSlash(e.OPENAI_BASE_URL), model: e.OPENAI_MODEL }
      : undefined,
    hazardDataDir: e.HAZARD_DATA_DIR ? resolve(e.HAZARD_DATA_DIR) : undefined,
    companySources: e.COMPANY_SOURCES,
    viesApiUrl: trimSlash(e.VIES_API_URL),
    gleifApiUrl: trimSlash(e.GLEIF_API_URL),
    registryUrls: {
      fr: trimSlash(e.REGISTRY_FR_URL),
      cz: trimSlash(e.REGISTRY_CZ_URL),
      fi: trimSlash(e.REGISTRY_FI_URL),
      pl: trimSlash(e.REGISTRY_PL_URL),
      plKrs: trimSlash(e.REGISTRY_PL_KRS_URL),
      ro: trimSlash(e.REGISTRY_RO_URL),
      se: trimSlash(e.REGISTRY_SE_URL),
      seToken: e.REGISTRY_SE_TOKEN_URL,
      el: trimSlash(e.REGISTRY_EL_URL),
      dk: trimSlash(e.REGISTRY_DK_URL),
      sk: trimSlash(e.REGISTRY_SK_URL),
      skRpo: trimSlash(e.REGISTRY_SK_RPO_URL),
    },
    registryCredentials: {
      ...(e.REGISTRY_SE_CLIENT_ID && e.REGISTRY_SE_CLIENT_SECRET && { se: { clientId: e.REGISTRY_SE_CLIENT_ID, clientSecret: e.REGISTRY_SE_CLIENT_SECRET } }),
      ...(e.REGISTRY_EL_KEY && { el: { apiKey: e.REGISTRY_EL_KEY } }),
      ...(e.REGISTRY_DK_USER && e.REGISTRY_DK_PASSWORD && { dk: { user: e.REGISTRY_DK_USER, password: e.REGISTRY_DK_PASSWORD } }),
    },
    registerImports: {
      urls: {
        ...(e.REGISTRY_BE_IMPORT_URL && { BE: e.REGISTRY_BE_IMPORT_URL }),
        ...(e.REGISTRY_EE_IMPORT_URL && { EE: e.REGISTRY_EE_IMPORT_URL }),
        ...(e.REGISTRY_SI_IMPORT_URL && { SI: e.REGISTRY_SI_IMPORT_URL }),
        ...(e.REGISTRY_LV_IMPORT_URL && { LV: e.REGISTRY_LV_IMPORT_URL }),
      },
      cron: e.REGISTRY_IMPORT_CRON,
    },
    geocoders: e.GEOCODERS,
    nominatimUrl: trimSlash(e.NOMINATIM_URL),
    redisUrl: e.REDIS_URL,
    sanctions: {
      lists: (
        [
          ['EU', e.SANCTIONS_EU_URL],
          ['UN', e.SANCTIONS_UN_URL],
          ['UK', e.SANCTIONS_UK_URL],
        ] as const
      ).flatMap(([list, set]) =>
        set === 'off' ? [] : [{ list, url: set ?? (production ? sanctionsPublisherUrls[list] : null) }],
      ),
      refreshHours: e.SANCTIONS_REFRESH_HOURS,
      maxAgeDays: e.SANCTIONS_MAX_AGE_DAYS,
    },
    contactEmailInfo: e.CONTACT_EMAIL_INFO,
    contactEmailSupport: e.CONTACT_EMAIL_SUPPORT,
    operator: {
      name: e.OPERATOR_NAME ?? null,
      address: e.OPERATOR_ADDRESS ?? null,
      register: e.OPERATOR_REGISTER ?? null,
      vatId: e.OPERATOR_VAT_ID ?? null,
      email: e.OPERATOR_EMAIL ?? null,
      representative: e.OPERATOR_REPRESENTATIVE ?? null,
      dpoEmail: e.OPERATOR_DPO_EMAIL ?? null,
    },
    gaMeasurementId: e.GA_MEASUREMENT_ID,
    devTools: e.ENABLE_DEV_TOOLS ?? !production,
    logLevel: e.LOG_LEVEL,
    productName: 'Corisk',
    version: readVersion(),
  };
}
