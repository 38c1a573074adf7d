import {
  authMessages,
  digestFrequencySchema,
  type AccountSettings,
  type AccountSettingsUpdate,
  type ConfirmErrorCode,
  type RefreshResponse,
  type SigninBody,
  type SigninResponse,
  type SignupBody,
  type UserData,
} from '../../../shared/contracts/auth.js';
import { localeSchema } from '../../../shared/i18n/locale-schema.js';
import { BASE_LOCALE, negotiateLocale, type Locale } from '../../../shared/i18n/locales.js';
import { msg, type Message } from '../../../shared/i18n/message.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, conflict, forbidden, notFound, unavailable } from '../../lib/errors.js';
import type { AuthUser, SessionAuthenticator } from '../../lib/authenticator.js';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.js';
import type { Mail, Mailer } from '../../providers/mailer/mailer.js';
import {
  confirmationMail,
  emailChangedMail,
  passwordChangedMail,
  passwordResetMail,
  signupExistingAccountMail,
  type MailBrand,
} from './auth.mails.js';
import type { UserCache } from '../../lib/user-cache.js';
import * as repo from './auth.repo.js';
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { hashToken, JwtTokens, randomToken, TokenError } from './tokens.js';

export const CONFIRM_TOKEN_TTL_S = 24 * 3600;
export const RESET_TOKEN_TTL_S = 3600;

export interface AuthRateLimits {
  /** Every sign-in attempt from one IP (a whole office may share one). */
  signinPerIp: RateLimitRule;
  /** Failed sign-ins per e-mail; at `max` the account pauses for `windowS` after the last failure. */
  signinFailuresPerEmail: RateLimitRule;
  signupPerIp: RateLimitRule;
  signupPerEmail: RateLimitRule;
  recoveryPerIp: RateLimitRule;
  recoveryPerEmail: RateLimitRule;
  /** Wrong current passwords at update-password, per user. */
  passwordChangeFailuresPerUser: RateLimitRule;
  /** E-mail changes (each can tell whether an address has an account), per user. */
  emailChangePerUser: RateLimitRule;
}

export const defaultAuthRateLimits: AuthRateLimits = {
  signinPerIp: { max: 60, windowS: 5 * 60 },
  signinFailuresPerEmail: { max: 5, windowS: 15 * 60, extendOnHit: true },
  signupPerIp: { max: 10, windowS: 3600 },
  signupPerEmail: { max: 3, windowS: 3600 },
  recoveryPerIp: { max: 20, windowS: 3600 },
  recoveryPerEmail: { max: 3, windowS: 3600 },
  passwordChangeFailuresPerUser: { max: 5, windowS: 15 * 60, extendOnHit: true },
  emailChangePerUser: { max: 10, windowS: 3600 },
};

/** The limits' words ('Too many sign-in attempts from this network.'), in the reader's language. */
const limitMessages = {
  signinPerIp: msg('error.auth.tooManySigninsNetwork'),
  signinFailuresPerEmail: msg('error.auth.tooManyFailedSignins'),
  signupPerIp: msg('error.auth.tooManySignupsNetwork'),
  signupPerEmail: msg('error.auth.tooManySignupsEmail'),
  recovery: msg('error.auth.tooManyResets'),
  passwordChangeFailuresPerUser: msg('error.auth.tooManyPasswordAttempts'),
  emailChangePerUser: msg('error.auth.tooManyEmailChanges'),
} as const;

/**
 * The errors of authMessages as messages of the errors catalogue, written in the reader's
 * language; their English is authMessages' word for word (test/error-language.test.ts).
 */
export const authErrors = {
  invalidCredentials: msg('error.auth.invalidCredentials'),
  emailNotConfirmed: msg('error.auth.emailNotConfirmed'),
  invalidResetLink: msg('error.auth.invalidResetLink'),
  currentPasswordIncorrect: msg('error.auth.currentPasswordIncorrect'),
  emailTaken: msg('error.auth.emailTaken'),
  emailReserved: msg('error.auth.emailReserved'),
  passwordTooCommon: msg('error.auth.passwordTooCommon'),
  invalidRefreshToken: msg('error.auth.invalidRefreshToken'),
  notAuthenticated: msg('error.notAuthenticated'),
  invalidToken: msg('error.auth.invalidToken'),
  tokenExpired: msg('error.auth.tokenExpired'),
  sessionEnded: msg('error.auth.sessionEnded'),
  mailUnavailable: msg('error.auth.mailUnavailable'),
} satisfies Partial<Record<keyof typeof authMessages, Message>>;

/** The part of a pino logger the service uses. */
export interface AuthLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The signed-in user as routes see it (the auth plugin's preHandlers set it on the request). */
export type { AuthUser };

export interface AuthServiceDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  log: AuthLog;
  /** Sessions behind access tokens, kept between requests; told about every session this service ends. */
  cache: UserCache;
  limits?: Partial<AuthRateLimits>;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  /** The request's Accept-Language header: a new account's language when the body names none. */
  acceptLanguage?: string | undefined;
}

type TokenPair = RefreshResponse;

const unauthorizedToken = (detail: Message) =>
  new AppError(401, 'invalid_token', detail, undefined, { 'www-authenticate': 'Bearer error="invalid_token"' });

/** `Authorization: Bearer <token>` → the token; anything else → undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = header?.match(/^Bearer[ ]+([^\s]+)\s*$/i);
  return m?.[1];
}

export class AuthService implements SessionAuthenticator {
  private readonly tokens: JwtTokens;
  private readonly limits: AuthRateLimits;
  private readonly brand: MailBrand;
  private readonly pendingMails = new Set<Promise<void>>();

  constructor(private readonly deps: AuthServiceDeps) {
    this.tokens = new JwtTokens(deps.config.jwtSecret);
    this.limits = { ...defaultAuthRateLimits, ...deps.limits };
    this.brand = {
      productName: deps.config.productName,
      appUrl: deps.config.appUrl,
      supportEmail: deps.config.contactEmailSupport,
    };
  }

  // Sign-up and confirmation ----------------------------------------------------------------------

  /**
   * Creates the account (trial start + signup credits in one transaction) and mails the
   * confirmation link. An address that already has an account gets the same answer, and its owner
   * a notice instead. If the mail cannot be sent the new account is removed again and the caller
   * gets 503, so trying again later works. The account's language is the body's `locale`, else
   * the best of ours for the request's Accept-Language (English when none fits).
   */
  async signup(body: SignupBody, client: ClientInfo): Promise<{ detail: string }> {
    const { db, config, limiter } = this.deps;
    await limiter.consume(`signup:ip:${client.ip}`, this.limits.signupPerIp, limitMessages.signupPerIp);
    await limiter.consume(`signup:email:${emailKey(body.email)}`, this.limits.signupPerEmail, limitMessages.signupPerEmail);
    this.assertNotCommon(body.password);
    // Hash first on both paths: an existing address answers as slowly as a new one.
    const passwordHash = await hashPassword(body.password);
    const now = new Date();

    const confirmToken = randomToken();
    const created = await db.transaction(async (tx) => {
      const user = await repo.insertUser(
        tx,
        {
          email: body.email,
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          companyName: body.companyName,
          fiscalNumber: body.fiscalNumber,
          credits: config.signupCredits,
          locale: body.locale ?? negotiateLocale(client.acceptLanguage),
        },
        now,
      );
      if (!user) return undefined;
      if (config.signupCredits > 0) await repo.insertSignupCredits(tx, user.id, config.signupCredits);
      await repo.insertOneTimeToken(tx, {
        userId: user.id,
        purpose: 'confirm',
        tokenHash: hashToken(confirmToken),
        expiresAt: new Date(now.getTime() + CONFIRM_TOKEN_TTL_S * 1000),
      });
      return user;
    });

    if (created) {
      const link = `${config.appUrl}/api/auth/confirm?token=${encodeURIComponent(confirmToken)}`;
      try {
        await this.deps.mailer.send(confirmationMail(this.brand, created.locale, created.email, link));
      } catch (err) {
        this.deps.log.error({ err: mailError(err) }, 'confirmation mail could not be sent; sign-up undone');
        await repo.deleteUnconfirmedUser(db, created.id);
        throw unavailable(authErrors.mailUnavailable, 'mail_unavailable');
      }
    } else {
      const existing = await repo.findUserByEmail(db, body.email);
      if (existing) {
        const name = existing.emailConfirmedAt ? existing.firstName : undefined;
        try {
          await this.deps.mailer.send(signupExistingAccountMail(this.brand, existing.locale, existing.email, name));
        } catch (err) {
          this.deps.log.error({ err: mailError(err) }, 'existing-account notice could not be sent');
          throw unavailable(authErrors.mailUnavailable, 'mail_unavailable');
        }
      }
    }
    return { detail: authMessages.signupSuccess };
  }

  /** Confirms the e-mail of the link's account; single use, 24 hours. */
  async confirmEmail(token: string | undefined): Promise<{ ok: true } | { ok: false; reason: ConfirmErrorCode }> {
    const { db } = this.deps;
    if (!token || token.length < 32 || token.length > 256) return { ok: false, reason: 'confirm_invalid' };
    const row = await repo.findOneTimeToken(db, 'confirm', hashToken(token));
    if (!row) return { ok: false, reason: 'confirm_invalid' };
    if (row.usedAt) return { ok: false, reason: 'confirm_used' };
    const now = new Date();
    if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'confirm_expired' };
    const won = await db.transaction(async (tx) => {
      if (!(await repo.useOneTimeToken(tx, row.id, now))) return false;
      await repo.confirmUserEmail(tx, row.userId, now);
      return true;
    });
    return won ? { ok: true } : { ok: false, reason: 'confirm_used' };
  }

  // Sign-in, refresh, logout ----------------------------------------------------------------------

  async signin(body: SigninBody, client: ClientInfo): Promise<SigninResponse> {
    const { db, limiter } = this.deps;
    await limiter.consume(`signin:ip:${client.ip}`, this.limits.signinPerIp, limitMessages.signinPerIp);
    const failKey = `signin:fail:${emailKey(body.email)}`;
    await limiter.assertBelow(failKey, this.limits.signinFailuresPerEmail, limitMessages.signinFailuresPerEmail);

    const user = await repo.findUserByEmail(db, body.email);
    const ok = user ? await verifyPassword(user.passwordHash, body.password) : await verifyAgainstDummy(body.password);
    if (!user || !ok) {
      await limiter.record(failKey, this.limits.signinFailuresPerEmail);
      throw new AppError(401, 'invalid_credentials', authErrors.invalidCredentials);
    }
    await limiter.reset(failKey);
    if (!user.emailConfirmedAt) throw forbidden(authErrors.emailNotConfirmed, 'email_not_confirmed');

    const now = new Date();
    const pair = await db.transaction(async (tx) => {
      const sessionId = await repo.insertSession(tx, user.id, client.userAgent, now);
      return this.issueTokens(tx, user.id, sessionId, now);
    });
    return { ...pair, user_id: user.id, data: this.userData(user) };
  }

  /**
   * Rotates the refresh token. A token that was already rotated means it was copied: the whole
   * session (every token of its family) is revoked.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const { db, log } = this.deps;
    const row = await repo.findRefreshToken(db, hashToken(refreshToken));
    if (!row || row.sessionRevokedAt) throw unauthorizedToken(authErrors.invalidRefreshToken);
    const now = new Date();
    if (row.rotatedAt) {
      await this.endSession(row.userId, row.sessionId, now);
      log.warn({ sessionId: row.sessionId }, 'rotated refresh token presented again: session revoked');
      throw unauthorizedToken(authErrors.invalidRefreshToken);
    }
    if (row.expiresAt.getTime() <= now.getTime()) throw unauthorizedToken(authErrors.invalidRefreshToken);

    const pair = await db.transaction(async (tx) => {
      if (!(await repo.rotateRefreshToken(tx, row.id, now))) return undefined;
      await repo.touchSession(tx, row.sessionId, now);
      return this.issueTokens(tx, row.userId, row.sessionId, now);
    });
    if (!pair) {
      // Another request rotated the same token at the same moment: that is reuse too.
      await this.endSession(row.userId, row.sessionId, now);
      log.warn({ sessionId: row.sessionId }, 'refresh token used twice concurrently: session revoked');
      throw unauthorizedToken(authErrors.invalidRefreshToken);
    }
    return pair;
  }

  /** Ends the session of the access token and/or of the refresh token; always succeeds. */
  async logout(accessToken: string | undefined, refreshToken: string | undefined): Promise<{ detail: string }> {
    const { db } = this.deps;
    const now = new Date();
    if (accessToken) {
      try {
        const claims = await this.tokens.verifyAccess(accessToken);
        const s = await repo.findSessionUser(db, claims.sid);
        if (s && s.userId === claims.sub) await this.endSession(s.userId, claims.sid, now);
      } catch (err) {
        if (!(err instanceof TokenError)) throw err;
      }
    }
    if (refreshToken) {
      const row = await repo.findRefreshToken(db, hashToken(refreshToken));
      if (row) await this.endSession(row.userId, row.sessionId, now);
    }
    return { detail: authMessages.loggedOut };
  }

  /** Revokes a session; this process forgets it at once (other processes hear it from the database). */
  private async endSession(userId: string, sessionId: string, now: Date): Promise<void> {
    await repo.revokeSession(this.deps.db, sessionId, now);
    this.deps.cache.invalidate(userId);
  }

  /** The bearer check behind `app.authenticate`: signature, purpose, expiry, live session. */
  async authenticate(authorization: string | undefined): Promise<AuthUser> {
    const token = bearerToken(authorization);
    if (!token) {
      throw new AppError(401, 'not_authenticated', authErrors.notAuthenticated, undefined, { 'www-authenticate': 'Bearer' });
    }
    let claims;
    try {
      claims = await this.tokens.verifyAccess(token);
    } catch (err) {
      if (err instanceof TokenError) {
        throw err.reason === 'expired'
          ? new AppError(401, 'token_expired', authErrors.tokenExpired, undefined, {
              'www-authenticate': 'Bearer error="invalid_token", error_description="expired"',
            })
          : unauthorizedToken(authErrors.invalidToken);
      }
      throw err;
    }
    const { db, cache } = this.deps;
    // Only a session of the token's own user is kept, under that user (their changes drop it).
    const session = await cache.get(claims.sub, `session:${claims.sid}`, async () => {
      const found = await repo.findSessionUser(db, claims.sid);
      return found?.userId === claims.sub ? found : undefined;
    });
    if (!session) throw unauthorizedToken(authErrors.invalidToken);
    if (session.revokedAt) throw new AppError(401, 'session_revoked', authErrors.sessionEnded, undefined, {
      'www-authenticate': 'Bearer error="invalid_token"',
    });
    return { id: session.userId, email: session.email, isAdmin: this.isAdmin(session.email), sessionId: claims.sid, locale: session.locale };
  }

  // Password recovery and reset --------------------------------------------------------------------

  /** Same answer whether or not the address has an account; the mail goes out in the background. */
  async requestPasswordReset(email: string, client: ClientInfo): Promise<{ detail: string }> {
    const { db, config, limiter } = this.deps;
    await limiter.consume(`recovery:ip:${client.ip}`, this.limits.recoveryPerIp, limitMessages.recovery);
    await limiter.consume(`recovery:email:${emailKey(email)}`, this.limits.recoveryPerEmail, limitMessages.recovery);
    const user = await repo.findUserByEmail(db, email);
    if (user) {
      const jti = randomToken();
      const now = new Date();
      await repo.insertOneTimeToken(db, {
        userId: user.id,
        purpose: 'reset',
        tokenHash: hashToken(jti),
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_S * 1000),
      });
      const token = await this.tokens.signReset({ sub: user.id, jti }, RESET_TOKEN_TTL_S);
      const link = `${config.appUrl}/auth/reset-password?access_token=${encodeURIComponent(token)}`;
      const name = user.emailConfirmedAt ? user.firstName : undefined;
      this.sendLater(() => passwordResetMail(this.brand, user.locale, user.email, name, link), 'password reset mail');
    }
    return { detail: authMessages.recoverySent };
  }

  /**
   * Sets a new password with a reset token (bearer and/or body; the same token when both). The
   * token is used up, every session of the user ends, and the address counts as confirmed (the
   * link proved it).
   */
  async resetPassword(
    bearer: string | undefined,
    bodyToken: string | undefined,
    password: string,
  ): Promise<{ detail: string }> {
    const { db, limiter } = this.deps;
    const invalid = () => badRequest(authErrors.invalidResetLink, 'invalid_reset_token');
    if (bearer && bodyToken && bearer !== bodyToken) throw invalid();
    const token = bearer ?? bodyToken;
    if (!token) throw invalid();
    let claims;
    try {
      claims = await this.tokens.verifyReset(token);
    } catch (err) {
      if (err instanceof TokenError) throw invalid();
      throw err;
    }
    const row = await repo.findOneTimeToken(db, 'reset', hashToken(claims.jti));
    const now = new Date();
    if (!row || row.userId !== claims.sub || row.usedAt || row.expiresAt.getTime() <= now.getTime()) throw invalid();
    this.assertNotCommon(password);
    const passwordHash = await hashPassword(password);

    const user = await db.transaction(async (tx) => {
      if (!(await repo.useOneTimeToken(tx, row.id, now))) return undefined;
      await repo.updateUserPassword(tx, row.userId, passwordHash, now);
      await repo.confirmUserEmail(tx, row.userId, now);
      await repo.useAllOneTimeTokens(tx, row.userId, 'reset', now);
      await repo.revokeUserSessions(tx, row.userId, now);
      return repo.findUserById(tx, row.userId);
    });
    this.deps.cache.invalidate(row.userId);
    if (!user) throw invalid();
    await limiter.reset(`signin:fail:${emailKey(user.email)}`);
    this.sendLater(() => passwordChangedMail(this.brand, user.locale, user.email, user.firstName, 'reset'), 'password reset notice');
    return { detail: authMessages.resetSuccess };
  }

  // Signed-in account changes ----------------------------------------------------------------------

  async me(user: AuthUser): Promise<{ user_id: string; data: UserData; locale: Locale }> {
    const row = await this.requireUser(user);
    return { user_id: row.id, data: this.userData(row), locale: rowLocale(row) };
  }

  /** The account's e-mail settings and language. */
  async settings(user: AuthUser): Promise<AccountSettings> {
    const row = await this.requireUser(user);
    return { digest_frequency: digestFrequencySchema.catch('daily').parse(row.digestFrequency), locale: rowLocale(row) };
  }

  /**
   * Changes the settings the body names, keeping the others. Both are read fresh from the
   * database by me and settings (neither is in the per-user read cache), so the next read shows them.
   */
  async updateSettings(user: AuthUser, body: AccountSettingsUpdate): Promise<AccountSettings> {
    await this.requireUser(user);
    const changes = {
      ...(body.digest_frequency !== undefined ? { digestFrequency: body.digest_frequency } : {}),
      ...(body.locale !== undefined ? { locale: body.locale } : {}),
    };
    await repo.updateAccountSettings(this.deps.db, user.id, changes, new Date());
    return this.settings(user);
  }

  /** Changes the sign-in address; the old address gets a notice. */
  async updateEmail(user: AuthUser, email: string): Promise<{ detail: string; data: UserData }> {
    const { db, config, limiter } = this.deps;
    const current = await this.requireUser(user);
    if (current.email.toLowerCase() === email) return { detail: authMessages.emailUpdated, data: this.userData(current) };
    await limiter.consume(`email-change:${user.id}`, this.limits.emailChangePerUser, limitMessages.emailChangePerUser);
    // Admin rights follow the address; an address only an admin list names cannot be taken over
    // without proving the mailbox (sign-up confirms it, this call does not).
    if (config.adminEmails.includes(email) && !this.isAdmin(current.email)) {
      throw forbidden(authErrors.emailReserved, 'email_reserved');
    }
    const updated = await repo.updateUserEmail(db, user.id, email, new Date());
    if (!updated) throw conflict(authErrors.emailTaken, 'email_taken');
    this.sendLater(() => emailChangedMail(this.brand, current.locale, current.email, current.firstName, updated.email), 'email change notice');
    return { detail: authMessages.emailUpdated, data: this.userData(updated) };
  }

  /** Checks the current password, sets the new one, ends the user's other sessions. */
  async updatePassword(user: AuthUser, currentPassword: string, newPassword: string): Promise<{ detail: string }> {
    const { db, limiter } = this.deps;
    const failKey = `pwchange:fail:${user.id}`;
    const rule = this.limits.passwordChangeFailuresPerUser;
    await limiter.assertBelow(failKey, rule, limitMessages.passwordChangeFailuresPerUser);
    const current = await this.requireUser(user);
    if (!(await verifyPassword(current.passwordHash, currentPassword))) {
      await limiter.record(failKey, rule);
      throw badRequest(authErrors.currentPasswordIncorrect, 'current_password_incorrect');
    }
    await limiter.reset(failKey);
    this.assertNotCommon(newPassword);
    const passwordHash = await hashPassword(newPassword);
    const now = new Date();
    await db.transaction(async (tx) => {
      await repo.updateUserPassword(tx, user.id, passwordHash, now);
      await repo.revokeUserSessions(tx, user.id, now, user.sessionId);
      await repo.useAllOneTimeTokens(tx, user.id, 'reset', now);
    });
    this.deps.cache.invalidate(user.id);
    this.sendLater(() => passwordChangedMail(this.brand, current.locale, current.email, current.firstName, 'changed'), 'password change notice');
    return { detail: authMessages.passwordUpdated };
  }

  // Helpers ------------------------------------------------------------------------------------------

  /** Waits for the mails still being sent in the background (on shutdown, and in tests). */
  async drain(): Promise<void> {
    while (this.pendingMails.size > 0) await Promise.allSettled([...this.pendingMails]);
  }

  isAdmin(email: string): boolean {
    return this.deps.config.adminEmails.includes(email.toLowerCase());
  }

  userData(u: repo.UserRow): UserData {
    return {
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      companyName: u.companyName,
      fiscalNumber: u.fiscalNumber,
      isAdmin: this.isAdmin(u.email),
    };
  }

  private async requireUser(user: AuthUser): Promise<repo.UserRow> {
    const row = await repo.findUserById(this.deps.db, user.id);
    if (!row) throw notFound(msg('error.auth.accountNotFound'), 'account_not_found');
    return row;
  }

  private assertNotCommon(password: string): void {
    if (isCommonPassword(password)) throw badRequest(authErrors.passwordTooCommon, 'password_too_common');
  }

  private async issueTokens(db: Db, userId: string, sessionId: string, now: Date): Promise<TokenPair> {
    const { config } = this.deps;
    const refreshToken = randomToken();
    await repo.insertRefreshToken(db, {
      sessionId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(now.getTime() + config.refreshTokenTtlS * 1000),
    });
    const accessToken = await this.tokens.signAccess({ sub: userId, sid: sessionId }, config.accessTokenTtlS);
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: config.accessTokenTtlS,
    };
  }

  /** Writes and sends a mail off the request: a failure of either is logged, never answered. */
  private sendLater(write: () => Mail, what: string): void {
    const p: Promise<void> = Promise.resolve()
      .then(() => this.deps.mailer.send(write()))
      .catch((err: unknown) => this.deps.log.error({ err: mailError(err) }, `${what} could not be sent`))
      .finally(() => this.pendingMails.delete(p));
    this.pendingMails.add(p);
  }
}

/** The account's language (the column's check keeps it one of ours; English should it ever not be). */
function rowLocale(row: repo.UserRow): Locale {
  return localeSchema.catch(BASE_LOCALE).parse(row.locale);
}

/** Rate-limit keys name an e-mail by hash, so the counter store holds no addresses. */
function emailKey(email: string): string {
  return hashToken(email.toLowerCase()).slice(0, 32);
}

/** What is logged of a mail failure: the reason, not the message (which may carry a link). */
function mailError(err: unknown): { message: string; code?: string } {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return { message: err.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { message: String(err) };
}
