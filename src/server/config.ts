import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** The one place that reads process.env (see ARCHITECTURE.md, "Configuration contract"). */

const csv = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));

const intFrom = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const optionalUrl = z.url().optional();
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_S: intFrom(3600, 60),
  REFRESH_TOKEN_TTL_S: intFrom(2_592_000, 60),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).optional(),
  ADMIN_EMAILS: csv.optional(),
  SIGNUP_CREDITS: intFrom(3),
  ANALYSIS_RATE_LIMIT_PER_HOUR: intFrom(5, 1),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: optionalUrl,
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  COMPANY_SOURCES: csv
    .pipe(z.array(z.enum(['sample', 'vies', 'gleif'])).min(1))
    .default(['sample', 'vies']),
  VIES_API_URL: z.url().default('https://ec.europa.eu/taxation_customs/vies/rest-api'),
  GLEIF_API_URL: z.url().default('https://api.gleif.org/api/v1'),
  GEOCODERS: csv.pipe(z.array(z.enum(['nominatim', 'offline'])).min(1)).default(['nominatim', 'offline']),
  NOMINATIM_URL: z.url().default('https://nominatim.openstreetmap.org'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  CONTACT_EMAIL_INFO: z.email().default('info@corisk.eu'),
  CONTACT_EMAIL_SUPPORT: z.email().default('support@corisk.eu'),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, 'must look like G-XXXXXXX')
    .optional(),
  ENABLE_DEV_TOOLS: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  smtpUrl?: string;
  mailFrom: string;
  adminEmails: string[];
  signupCredits: number;
  analysisRateLimitPerHour: number;
  stripe?: { secretKey: string; webhookSecret?: string; apiUrl?: string };
  openai?: { apiKey: string; baseUrl: string; model: string };
  openaiBaseUrl: string;
  openaiModel: string;
  companySources: ('sample' | 'vies' | 'gleif')[];
  viesApiUrl: string;
  gleifApiUrl: string;
  geocoders: ('nominatim' | 'offline')[];
  nominatimUrl: string;
  redisUrl?: string;
  contactEmailInfo: string;
  contactEmailSupport: string;
  gaMeasurementId?: string;
  /** Dev outbox page and test checkout: on outside production unless switched. */
  devTools: boolean;
  logLevel: string;
  productName: string;
  version: string;
}

export class ConfigError extends Error {}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    return String(pkg.version);
  } catch {
    try {
      const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
      return String(pkg.version);
    } catch {
      return '0.0.0';
    }
  }
}

/** A generated secret is kept in DATA_DIR so tokens survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(envSchema.shape)) raw[key] = emptyToUndefined(source[key]);
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.JWT_SECRET) throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required in production');
  if (production && !e.APP_URL) throw new ConfigError('Invalid configuration:\n  APP_URL: required in production');
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    refreshTokenTtlS: e.REFRESH_TOKEN_TTL_S,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Corisk <no-reply@corisk.eu>`,
    adminEmails: (e.ADMIN_EMAILS ?? []).map((x) => x.toLowerCase()),
    signupCredits: e.SIGNUP_CREDITS,
    analysisRateLimitPerHour: e.ANALYSIS_RATE_LIMIT_PER_HOUR,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
      : undefined,
    openai: e.OPENAI_API_KEY
      ? { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL }
      : undefined,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    openaiModel: e.OPENAI_MODEL,
    companySources: e.COMPANY_SOURCES,
    viesApiUrl: e.VIES_API_URL.replace(/\/$/, ''),
    gleifApiUrl: e.GLEIF_API_URL.replace(/\/$/, ''),
    geocoders: e.GEOCODERS,
    nominatimUrl: e.NOMINATIM_URL.replace(/\/$/, ''),
    redisUrl: e.REDIS_URL,
    contactEmailInfo: e.CONTACT_EMAIL_INFO,
    contactEmailSupport: e.CONTACT_EMAIL_SUPPORT,
    gaMeasurementId: e.GA_MEASUREMENT_ID,
    devTools: e.ENABLE_DEV_TOOLS ? e.ENABLE_DEV_TOOLS === 'true' : !production,
    logLevel: e.LOG_LEVEL,
    productName: 'Corisk',
    version: readVersion(),
  };
}
