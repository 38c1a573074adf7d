import { createHash, randomBytes } from 'node:crypto';
import type { ApiKey, ApiKeyCreated, ApiKeyList } from '../../../shared/contracts/api-keys.js';
import { msg } from '../../../shared/i18n/message.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { ApiKeyAuthenticator, ApiKeyPrincipal } from '../../lib/authenticator.js';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.js';
import * as repo from './api-keys.repo.js';

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs, support). */
export const API_KEY_PREFIX = 'crk_';
/** Characters after the prefix: 43 base62 characters ≈ 256 bits. */
const SECRET_LENGTH = 43;
/** What the owner sees of a key: the prefix and the first 8 random characters. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 8;
/** Live keys one user may hold. */
export const MAX_KEYS_PER_USER = 10;
/** last_used_at is written at most this often per key. */
const TOUCH_EVERY_MS = 60_000;

export const apiKeyMessages = {
  limit: `You have ${MAX_KEYS_PER_USER} API keys, the most one account may hold. Revoke one you no longer use first.`,
  createLimited: 'Too many API keys created.',
  notFound: 'API key not found',
  missing: 'Send your API key in the header: Authorization: Bearer <key>.',
  sessionToken: 'A session token is not an API key. Create an API key under Account Settings, API keys.',
  unknown: 'Unknown API key.',
  revoked: 'This API key has been revoked.',
  rateLimited: 'Too many requests for this API key.',
} as const;

/**
 * What the key management (Account Settings, API keys) answers, as messages in the reader's
 * language; their English is apiKeyMessages' word for word. The /api/v1 key errors stay English.
 */
export const apiKeyErrors = {
  limit: msg('error.apiKey.limit', { max: MAX_KEYS_PER_USER }),
  createLimited: msg('error.apiKey.tooManyCreated'),
  notFound: msg('error.apiKey.notFound'),
};

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 'crk_' and 43 uniformly random base62 characters (bytes ≥ 248 are dropped to keep it unbiased). */
export function newApiKeySecret(): string {
  let out = API_KEY_PREFIX;
  while (out.length < API_KEY_PREFIX.length + SECRET_LENGTH) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && out.length < API_KEY_PREFIX.length + SECRET_LENGTH) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** What the database keeps of a key: its SHA-256 (hex). The secret has 256 bits, so no salt or slow hash is needed. */
export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** `Authorization: Bearer <token>` → the token; anything else → undefined. */
function bearer(header: string | undefined): string | undefined {
  return header?.match(/^Bearer[ ]+([^\s]+)\s*$/i)?.[1];
}

const keyShape = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${SECRET_LENGTH}}$`);
const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const unauthorized = (detail: string, code: string) =>
  new AppError(401, code, detail, undefined, { 'www-authenticate': 'Bearer realm="api", error="invalid_token"' });

export type { ApiKeyPrincipal };

export interface ApiKeyServiceDeps {
  db: Db;
  limiter: RateLimiter;
  /** Requests per key per minute on /api/v1. */
  perMinute: number;
  now?: () => Date;
}

/** Creation: at most 20 keys an hour per user (the cap on live keys stops a full account sooner). */
const createRule: RateLimitRule = { max: 20, windowS: 3600 };

/** API keys: made, listed and revoked by their owner (signed-in session); checked on every /api/v1 request. */
export class ApiKeyService implements ApiKeyAuthenticator {
  private readonly now: () => Date;

  constructor(private readonly deps: ApiKeyServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** A new key; the only time its secret leaves the server. */
  async create(userId: string, name: string): Promise<ApiKeyCreated> {
    const { db, limiter } = this.deps;
    await limiter.consume(`api-keys:create:${userId}`, createRule, apiKeyErrors.createLimited);
    if ((await repo.countLiveKeys(db, userId)) >= MAX_KEYS_PER_USER) throw badRequest(apiKeyErrors.limit, 'api_key_limit');
    const secret = newApiKeySecret();
    const row = await repo.insertKey(db, { userId, name, prefix: secret.slice(0, SHOWN_LENGTH), secretHash: hashApiKey(secret) });
    return { id: row.id, name: row.name, prefix: row.prefix, secret };
  }

  async list(userId: string): Promise<ApiKeyList> {
    const rows = await repo.listLiveKeys(this.deps.db, userId);
    return {
      items: rows.map((r) => ({
        id: r.id,
        name: r.name,
        prefix: r.prefix,
        created_at: r.createdAt.toISOString(),
        last_used_at: r.lastUsedAt?.toISOString() ?? null,
      })),
    };
  }

  /** One live key of the user's; 404 for an unknown id, another user's key or a revoked one. */
  async get(userId: string, id: string): Promise<ApiKey> {
    const key = (await this.list(userId)).items.find((k) => k.id === id);
    if (!key) throw notFound(apiKeyErrors.notFound, 'api_key_not_found');
    return key;
  }

  /** 404 for an unknown id, another user's key or one already revoked. */
  async revoke(userId: string, id: string): Promise<void> {
    const done = uuidRe.test(id) && (await repo.revokeKey(this.deps.db, userId, id, this.now()));
    if (!done) throw notFound(apiKeyErrors.notFound, 'api_key_not_found');
  }

  /**
   * The bearer check of /api/v1: a live key by the hash of the secret (an equality lookup on a
   * hash leaks nothing by its timing), then the key's per-minute limit. A session token is refused.
   */
  async authenticate(authorization: string | undefined): Promise<ApiKeyPrincipal> {
    const token = bearer(authorization);
    if (!token) throw unauthorized(apiKeyMessages.missing, 'api_key_missing');
    if (!keyShape.test(token)) {
      const looksLikeJwt = token.split('.').length === 3;
      throw unauthorized(looksLikeJwt ? apiKeyMessages.sessionToken : apiKeyMessages.unknown, 'api_key_invalid');
    }
    const { db } = this.deps;
    const key = await repo.findKeyByHash(db, hashApiKey(token));
    if (!key) throw unauthorized(apiKeyMessages.unknown, 'api_key_invalid');
    if (key.revokedAt) throw unauthorized(apiKeyMessages.revoked, 'api_key_revoked');
    const now = this.now();
    if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
      await repo.touchKey(db, key.id, now, new Date(now.getTime() - TOUCH_EVERY_MS));
    }
    return { keyId: key.id, userId: key.userId, locale: key.locale };
  }

  /** Counts one request of the key: 429 with Retry-After beyond the per-minute limit. */
  async limit(keyId: string): Promise<void> {
    await this.deps.limiter.consume(`api:key:${keyId}`, { max: this.deps.perMinute, windowS: 60 }, apiKeyMessages.rateLimited);
  }
}
