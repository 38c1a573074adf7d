import type { Locale } from '../../../shared/i18n/locales.js';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { creditLedger, oneTimeTokens, refreshTokens, sessions, users } from '../../db/schema.js';

/** SQL of the auth module. Every function takes the database or a transaction. */

export type UserRow = typeof users.$inferSelect;
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;
export type OneTimePurpose = OneTimeTokenRow['purpose'];

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  companyName: string;
  fiscalNumber: string;
  credits: number;
  /** One of LOCALES (the column's check refuses anything else). */
  locale: Locale;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0];
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** Sets the account settings given (how often the monitoring digest comes, the language); the others stay. */
export async function updateAccountSettings(
  db: Db,
  userId: string,
  changes: { digestFrequency?: string; locale?: Locale },
  now: Date,
): Promise<void> {
  await db.update(users).set({ ...changes, updatedAt: now }).where(eq(users.id, userId));
}

/** Inserts the user; undefined when the e-mail is already taken (unique index on lower(email)). */
export async function insertUser(db: Db, u: NewUser, now: Date): Promise<UserRow | undefined> {
  const rows = await db
    .insert(users)
    .values({ ...u, trialStartedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return rows[0];
}

export async function insertSignupCredits(db: Db, userId: string, credits: number): Promise<void> {
  await db.insert(creditLedger).values({
    userId,
    delta: credits,
    reason: 'signup',
    note: 'Free trial credits',
    balanceAfter: credits,
  });
}

/** Removes a user who never confirmed (compensation when the confirmation mail cannot be sent). */
export async function deleteUnconfirmedUser(db: Db, userId: string): Promise<void> {
  await db.delete(users).where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
}

export async function confirmUserEmail(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailConfirmedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
}

export async function updateUserPassword(db: Db, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

/** undefined when another account already has the address. */
export async function updateUserEmail(db: Db, userId: string, email: string, now: Date): Promise<UserRow | undefined> {
  try {
    const rows = await db.update(users).set({ email, updatedAt: now }).where(eq(users.id, userId)).returning();
    return rows[0];
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

// One-time tokens (confirmation, reset) -----------------------------------------------------------

export async function insertOneTimeToken(
  db: Db,
  t: { userId: string; purpose: OneTimePurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(oneTimeTokens).values(t);
}

export async function findOneTimeToken(
  db: Db,
  purpose: OneTimePurpose,
  tokenHash: string,
): Promise<OneTimeTokenRow | undefined> {
  const rows = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  return rows[0];
}

/** Marks the token used unless it already was; true for the one caller that wins. */
export async function useOneTimeToken(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}

/** Ends every unused token of that purpose for the user (e.g. older reset links after a reset). */
export async function useAllOneTimeTokens(db: Db, userId: string, purpose: OneTimePurpose, now: Date): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}

// Sessions and refresh tokens ------------------------------------------------------------------------

export async function insertSession(db: Db, userId: string, userAgent: string | null, now: Date): Promise<string> {
  const rows = await db
    .insert(sessions)
    .values({ userId, userAgent, createdAt: now, lastUsedAt: now })
    .returning({ id: sessions.id });
  const row = rows[0];
  if (!row) throw new Error('session insert returned no row');
  return row.id;
}

export async function insertRefreshToken(
  db: Db,
  t: { sessionId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(t);
}

export interface RefreshTokenWithSession {
  id: string;
  sessionId: string;
  expiresAt: Date;
  rotatedAt: Date | null;
  userId: string;
  sessionRevokedAt: Date | null;
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenWithSession | undefined> {
  const rows = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      expiresAt: refreshTokens.expiresAt,
      rotatedAt: refreshTokens.rotatedAt,
      userId: sessions.userId,
      sessionRevokedAt: sessions.revokedAt,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}

/** Marks the token rotated unless it already was; true for the one caller that wins. */
export async function rotateRefreshToken(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of the user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: Db, userId: string, now: Date, keepSessionId?: string): Promise<void> {
  const where = keepSessionId
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: now }).where(where);
}

export interface SessionUser {
  userId: string;
  email: string;
  locale: Locale;
  revokedAt: Date | null;
}

/** The access-token check (on a miss of the per-user read cache): the session joined to its user, by primary key. */
export async function findSessionUser(db: Db, sessionId: string): Promise<SessionUser | undefined> {
  const rows = await db
    .select({ userId: sessions.userId, email: users.email, locale: users.locale, revokedAt: sessions.revokedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return rows[0];
}
