import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  outboxOf,
  signIn,
  signupInput,
  uniqueEmail,
  uniqueIp,
  waitForOutboxMail,
  type TestUser,
} from '../../../../test/auth.js';
import { authMessages } from '../../../shared/contracts/auth.js';
import { oneTimeTokens, users } from '../../db/schema.js';
import { hashToken } from './tokens.js';
import { useTestApp } from '../../../../test/app.js';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const ADMIN = 'chief@corisk.test';

const t = useTestApp({ APP_URL: 'https://app.corisk.test', ADMIN_EMAILS: ADMIN });

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: uniqueIp() });
const me = (authorization: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });

async function requestReset(email: string): Promise<string> {
  const res = await post('/api/auth/password-recovery', { email });
  expect(res.statusCode).toBe(200);
  const mail = await waitForOutboxMail(t.app, email.toLowerCase(), /Reset your/);
  const link = mail.links.find((l) => l.startsWith('https://app.corisk.test/auth/reset-password?access_token='));
  if (!link) throw new Error('no reset link');
  outboxOf(t.app).clear();
  return new URL(link).searchParams.get('access_token')!;
}

const reset = (token: string | undefined, password: string, body: { access_token?: string } = { access_token: token }) =>
  post('/api/auth/password-reset', { password, ...body }, token ? { authorization: `Bearer ${token}` } : {});

describe('POST /api/auth/password-recovery', () => {
  it('mails a short-lived single-use reset link for a known address', async () => {
    const user = await createSignedInUser(t.app);
    const res = await post('/api/auth/password-recovery', { email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Password reset link sent! Check your email' });
    const mail = await waitForOutboxMail(t.app, user.email, /Reset your Corisk password/);
    expect(mail.text).toContain('expires in 1 hour');
    expect(mail.html).toContain('Set a new password');
    const token = new URL(mail.links[0]!).searchParams.get('access_token')!;
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: user.user_id, purpose: 'reset' });
    expect(claims.exp! - claims.iat!).toBe(3600);
    // Only the hash of its id is stored.
    const [row] = await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, hashToken(String(claims.jti))));
    expect(row).toMatchObject({ purpose: 'reset', userId: user.user_id, usedAt: null });
  });

  it('answers exactly the same for an unknown address, and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await post('/api/auth/password-recovery', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: authMessages.recoverySent });
    await new Promise((r) => setTimeout(r, 50));
    expect(outboxOf(t.app).list(email)).toEqual([]);
  });

  it('refuses a missing or malformed e-mail with 400 {detail}', async () => {
    expect((await post('/api/auth/password-recovery', {})).statusCode).toBe(400);
    const res = await post('/api/auth/password-recovery', { email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/e-mail/);
  });
});

describe('POST /api/auth/password-reset', () => {
  it('sets the new password, ends every session, mails a notice; the old password stops working', async () => {
    const user = await createSignedInUser(t.app);
    const laptop = await signIn(t.app, user.email, user.password);
    const token = await requestReset(user.email);
    const res = await reset(token, 'Brand-new-secret-7');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Password updated successfully! Please sign in with your new password.' });

    for (const s of [user, laptop]) {
      expect((await me(`Bearer ${s.access_token}`)).statusCode).toBe(401);
      expect((await post('/api/auth/refresh', { refresh_token: s.refresh_token })).statusCode).toBe(401);
    }
    expect((await post('/api/auth/signin', { email: user.email, password: user.password })).statusCode).toBe(401);
    const fresh = await signIn(t.app, user.email, 'Brand-new-secret-7');
    expect(fresh.user_id).toBe(user.user_id);
    const notice = await waitForOutboxMail(t.app, user.email, /password was changed/);
    expect(notice.text).toContain('signed out on every device');
    expect(notice.text).not.toContain('Brand-new-secret-7');
  });

  it('refuses the same reset link a second time (single use)', async () => {
    const user = await createSignedInUser(t.app);
    const token = await requestReset(user.email);
    expect((await reset(token, 'First-new-pass-1')).statusCode).toBe(200);
    const again = await reset(token, 'Second-new-pass-2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ detail: 'Invalid or expired reset link' });
    await signIn(t.app, user.email, 'First-new-pass-1');
  });

  it('ends older reset links once one is used', async () => {
    const user = await createSignedInUser(t.app);
    const older = await requestReset(user.email);
    const newer = await requestReset(user.email);
    expect((await reset(newer, 'Newest-pass-333')).statusCode).toBe(200);
    expect((await reset(older, 'Older-pass-4444')).statusCode).toBe(400);
  });

  it('refuses an expired reset link (stored expiry, and the token exp)', async () => {
    const user = await createSignedInUser(t.app);
    const token = await requestReset(user.email);
    const jti = String(decodeJwt(token).jti);
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(jti)));
    expect((await reset(token, 'Too-late-pass-1')).json().detail).toBe(authMessages.invalidResetLink);

    const fresh = await requestReset(user.email);
    const c = decodeJwt(fresh);
    const now = Math.floor(Date.now() / 1000);
    const expiredJwt = await new SignJWT({ purpose: 'reset', jti: c.jti })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(c.sub))
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(SECRET));
    expect((await reset(expiredJwt, 'Too-late-pass-2')).statusCode).toBe(400);
  });

  it('accepts the token in the body alone or in the header alone, and refuses two different tokens', async () => {
    const a = await createSignedInUser(t.app);
    const ta = await requestReset(a.email);
    expect((await post('/api/auth/password-reset', { password: 'Body-only-pass-1', access_token: ta })).statusCode).toBe(200);

    const b = await createSignedInUser(t.app);
    const tb = await requestReset(b.email);
    expect((await reset(tb, 'Header-only-pass-2', {})).statusCode).toBe(200);

    const c = await createSignedInUser(t.app);
    const tc1 = await requestReset(c.email);
    const tc2 = await requestReset(c.email);
    const mixed = await reset(tc1, 'Mixed-pass-333', { access_token: tc2 });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().detail).toBe(authMessages.invalidResetLink);
  });

  it('refuses no token, garbage, an access token, and a forged token', async () => {
    const user = await createSignedInUser(t.app);
    expect((await reset(undefined, 'Some-pass-1234', {})).statusCode).toBe(400);
    expect((await reset('garbage', 'Some-pass-1234')).statusCode).toBe(400);
    expect((await reset(user.access_token, 'Some-pass-1234')).json().detail).toBe(authMessages.invalidResetLink);
    const forged = await new SignJWT({ purpose: 'reset', jti: 'x'.repeat(43) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.user_id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect((await reset(forged, 'Some-pass-1234')).statusCode).toBe(400);
  });

  it('applies the password rules: 8–128 characters, not a common password (the token stays usable)', async () => {
    const user = await createSignedInUser(t.app);
    const token = await requestReset(user.email);
    const short = await reset(token, 'short1');
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toMatch(/at least 8 characters/);
    const common = await reset(token, 'baseball');
    expect(common.json()).toMatchObject({ detail: authMessages.passwordTooCommon });
    expect((await reset(token, 'Finally-good-pass-1')).statusCode).toBe(200);
  });

  it('confirms the address of an account that never clicked its confirmation link', async () => {
    const input = signupInput();
    await post('/api/auth/signup', input);
    expect((await post('/api/auth/signin', { email: input.email, password: input.password })).statusCode).toBe(403);
    const res = await post('/api/auth/password-recovery', { email: input.email });
    expect(res.statusCode).toBe(200);
    const mail = await waitForOutboxMail(t.app, input.email, /Reset your/);
    expect(mail.text.startsWith('Corisk\n\nReset your password\n\nHello,\n')).toBe(true);
    const token = new URL(mail.links[0]!).searchParams.get('access_token')!;
    expect((await reset(token, 'Recovered-pass-55')).statusCode).toBe(200);
    await signIn(t.app, input.email, 'Recovered-pass-55');
  });
});

describe('POST /api/auth/update-password', () => {
  const update = (u: TestUser, body: object) => post('/api/auth/update-password', body, u.headers);

  it('checks the current password, sets the new one, ends the other sessions only, mails a notice', async () => {
    const user = await createSignedInUser(t.app);
    const phone = await signIn(t.app, user.email, user.password);
    const res = await update(user, { current_password: user.password, new_password: 'Changed-pass-2024' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Password updated successfully!' });
    expect((await me(user.headers.authorization)).statusCode).toBe(200);
    expect((await me(`Bearer ${phone.access_token}`)).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refresh_token: phone.refresh_token })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refresh_token: user.refresh_token })).statusCode).toBe(200);
    await signIn(t.app, user.email, 'Changed-pass-2024');
    const notice = await waitForOutboxMail(t.app, user.email, /password was changed/);
    expect(notice.text).toContain('Account Settings');
  });

  it('refuses a wrong current password with 400 "Current password is incorrect"', async () => {
    const user = await createSignedInUser(t.app);
    const res = await update(user, { current_password: 'Not-my-password-1', new_password: 'Changed-pass-2024' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'Current password is incorrect' });
    await signIn(t.app, user.email, user.password);
  });

  it('refuses missing fields, a short, long or common new password', async () => {
    const user = await createSignedInUser(t.app);
    expect((await update(user, { new_password: 'Changed-pass-2024' })).statusCode).toBe(400);
    expect((await update(user, { current_password: user.password })).statusCode).toBe(400);
    expect((await update(user, { current_password: user.password, new_password: 'short' })).statusCode).toBe(400);
    expect((await update(user, { current_password: user.password, new_password: 'x'.repeat(129) })).statusCode).toBe(400);
    const common = await update(user, { current_password: user.password, new_password: 'superman' });
    expect(common.json().detail).toBe(authMessages.passwordTooCommon);
  });

  it('needs a signed-in user', async () => {
    const res = await post('/api/auth/update-password', { current_password: 'a', new_password: 'Changed-pass-2024' });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Not authenticated');
  });
});

describe('POST /api/auth/update-email', () => {
  const update = (u: TestUser, email: unknown) => post('/api/auth/update-email', { email }, u.headers);

  it('changes the address, answers the fresh user data, and notifies the old address', async () => {
    const user = await createSignedInUser(t.app);
    const next = uniqueEmail('Moved');
    const res = await update(user, `  ${next.toUpperCase()}  `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Email updated successfully!', data: { ...user.data, email: next.toLowerCase() } });
    const notice = await waitForOutboxMail(t.app, user.email, /email address was changed/);
    expect(notice.text).toContain(next.toLowerCase());
    // Sign-in works with the new address only; /me shows it.
    await signIn(t.app, next, user.password);
    expect((await post('/api/auth/signin', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await me(user.headers.authorization)).json().data.email).toBe(next.toLowerCase());
  });

  it('refuses an address another account has (409) and leaves the account as it was', async () => {
    const a = await createSignedInUser(t.app);
    const b = await createSignedInUser(t.app);
    const res = await update(a, b.email.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: authMessages.emailTaken, code: 'email_taken' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.user_id));
    expect(row!.email).toBe(a.email);
  });

  it('answers success without a notice when the address is unchanged', async () => {
    const user = await createSignedInUser(t.app);
    outboxOf(t.app).clear();
    const res = await update(user, user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(user.email);
    expect(outboxOf(t.app).list(user.email)).toEqual([]);
  });

  it('does not let a user take an administrator address without proving the mailbox', async () => {
    const user = await createSignedInUser(t.app);
    const res = await update(user, ADMIN);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(authMessages.emailReserved);
    expect((await me(user.headers.authorization)).json().data.isAdmin).toBe(false);
  });

  it('refuses a malformed address and needs a signed-in user', async () => {
    const user = await createSignedInUser(t.app);
    expect((await update(user, 'not-an-email')).statusCode).toBe(400);
    expect((await update(user, undefined)).statusCode).toBe(400);
    expect((await post('/api/auth/update-email', { email: uniqueEmail() })).statusCode).toBe(401);
  });
});
