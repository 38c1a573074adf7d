import type { Locale } from '../../shared/i18n/locales.js';

/**
 * The ports the auth plugins (plugins/auth.ts, plugins/api-key-auth.ts) call: they know these
 * interfaces only, and modules/auth and modules/api implement them, so no plugin imports a module.
 */

/** Who a valid session access token names. */
export interface AuthUser {
  id: string;
  email: string;
  isAdmin: boolean;
  /** Session (refresh-token family) id from the access token's `sid` claim. */
  sessionId: string;
  /** The account's language: error details are written in it. */
  locale: Locale;
}

/** Session auth: the bearer access token of a signed-in user. */
export interface SessionAuthenticator {
  /** The token's user; throws a 401 AppError for a missing, expired or invalid token. */
  authenticate(authorization: string | undefined): Promise<AuthUser>;
  /** Resolves once the mails still going out in the background are delivered. */
  drain(): Promise<void>;
}

/** The key behind an /api/v1 request and its owner. */
export interface ApiKeyPrincipal {
  keyId: string;
  userId: string;
  /** The owner's account language: error details are written in it. */
  locale: Locale;
}

/** API-key auth for /api/v1. */
export interface ApiKeyAuthenticator {
  /** The live key named by `Authorization: Bearer <key>`; throws a 401 AppError otherwise. */
  authenticate(authorization: string | undefined): Promise<ApiKeyPrincipal>;
  /** Counts one request of the key; throws a 429 AppError beyond its per-minute limit. */
  limit(keyId: string): Promise<void>;
}
