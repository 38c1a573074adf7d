import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxOf, signIn, signupInput, uniqueEmail, uniqueIp, waitForOutboxMail } from '../../../../test/auth.js';
import { authMessages, confirmErrorMessages } from '../../../shared/contracts/auth.js';
import { creditLedger, oneTimeTokens, users } from '../../db/schema.js';
import { hashToken } from './tokens.js';
import { useTestApp } from '../../../../test/app.js';

const t = useTestApp({ SIGNUP_CREDITS: '4', APP_URL: 'https://app.corisk.test' });

const signup = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: payload as object, remoteAddress: uniqueIp() });

function confirmLink(text: string): string {
  const m = text.match(/https:\/\/app\.corisk\.test(\/api\/auth\/confirm\?token=[A-Za-z0-9_-]+)/);
  if (!m?.[1]) throw new Error('no confirmation link in mail');
  return m[1];
}

describe('POST /api/auth/signup', () => {
  it('creates the account with its trial start and signup credits, and mails a confirmation link', async () => {
    const input = signupInput({ email: uniqueEmail('New.Person').toUpperCase() });
    const before = Date.now();
    const res = await signup(input);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: 'Signup successful! Check your email to confirm your account.' });

    const email = input.email.toLowerCase();
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toBeDefined();
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.passwordHash).not.toContain(input.password);
    expect(user!.emailConfirmedAt).toBeNull();
    expect(user!.trialStartedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(user!.credits).toBe(4);
    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user!.id));
    expect(ledger).toEqual([expect.objectContaining({ delta: 4, reason: 'signup', balanceAfter: 4 })]);

    const mail = await waitForOutboxMail(t.app, email, /Confirm your Corisk account/);
    expect(mail.html).toContain('Confirm my account');
    expect(mail.text).toContain('expires in 24 hours');
    expect(mail.text).not.toContain(input.password);
    expect(mail.html).not.toContain(input.password);
    // The token is stored only as its hash, for 24 hours.
    const token = new URL(`https://x${confirmLink(mail.text)}`).searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user!.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(24 * 3600 * 1000 - 5000);
  });

  it('answers the same for an address that already has an account, and mails its owner a notice instead', async () => {
    const first = signupInput();
    expect((await signup(first)).statusCode).toBe(201);
    const again = await signup({ ...signupInput(), email: first.email.toUpperCase(), firstName: 'Mallory' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ detail: authMessages.signupSuccess });

    const mails = outboxOf(t.app).list(first.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Someone tried to create a Corisk account with your email',
      'Confirm your Corisk account',
    ]);
    expect(mails[0]!.text).toContain('https://app.corisk.test/auth/forgot-password');
    expect(mails[0]!.text).not.toMatch(/token=/);
    // The existing account is untouched.
    const rows = await t.database.db.select().from(users).where(eq(users.email, first.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.firstName).toBe('Ana');
  });

  it('accepts a missing or empty confirmPassword (it is sent only while the password is hidden)', async () => {
    const { confirmPassword: _omit, ...noConfirm } = signupInput();
    expect((await signup(noConfirm)).statusCode).toBe(201);
    expect((await signup({ ...signupInput(), confirmPassword: '' })).statusCode).toBe(201);
  });

  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['a missing first name', { firstName: undefined }, /firstName/],
    ['a blank last name', { lastName: '   ' }, /Last name is required/],
    ['a missing email', { email: undefined }, /email/],
    ['a malformed email', { email: 'not-an-email' }, /Enter a valid e-mail address/],
    ['a missing password', { password: undefined, confirmPassword: undefined }, /password/],
    ['a 7-character password', { password: 'Abc-123', confirmPassword: 'Abc-123' }, /at least 8 characters/],
    ['a 129-character password', { password: 'a'.repeat(129), confirmPassword: 'a'.repeat(129) }, /at most 128/],
    ['a confirmation that differs', { confirmPassword: 'Something-else-1' }, /Passwords do not match/],
    ['a missing company name', { companyName: '' }, /Company name is required/],
    ['a missing fiscal number', { fiscalNumber: undefined }, /fiscalNumber/],
  ];
  it.each(bad)('refuses %s with 400 {detail}', async (_name, override, detail) => {
    const res = await signup({ ...signupInput(), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });

  it('refuses a common password, whatever its case', async () => {
    for (const password of ['password1', 'Iloveyou', 'QWERTYUIOP']) {
      const res = await signup(signupInput({ password }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: authMessages.passwordTooCommon, code: 'password_too_common' });
    }
  });

  it('accepts a 128-character password', async () => {
    const password = 'Zx9!'.repeat(32);
    expect((await signup(signupInput({ password }))).statusCode).toBe(201);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBeTypeOf('string');
  });
});

describe('GET /api/auth/confirm', () => {
  async function signUpAndGetLink() {
    const input = signupInput();
    expect((await signup(input)).statusCode).toBe(201);
    const mail = await waitForOutboxMail(t.app, input.email, /Confirm your/);
    return { input, path: confirmLink(mail.text) };
  }

  it('confirms once and redirects to /auth/confirm; the account can then sign in', async () => {
    const { input, path } = await signUpAndGetLink();
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: input.email, password: input.password },
    });
    expect(before.statusCode).toBe(403);
    expect(before.json().detail).toBe(
      'Please confirm your email address before signing in. Check your inbox for the confirmation link.',
    );

    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/confirm');
    expect(res.headers['cache-control']).toBe('no-store');
    const session = await signIn(t.app, input.email, input.password);
    expect(session.data.email).toBe(input.email);

    // Single use: the same link again goes to sign-in with the reason.
    const reused = await t.app.inject({ method: 'GET', url: path });
    expect(reused.statusCode).toBe(302);
    expect(reused.headers.location).toBe('/auth/signin?error=confirm_used');
  });

  it('redirects an expired link to sign-in with confirm_expired and leaves the account unconfirmed', async () => {
    const { input, path } = await signUpAndGetLink();
    const token = new URL(`https://x${path}`).searchParams.get('token')!;
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.headers.location).toBe('/auth/signin?error=confirm_expired');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, input.email));
    expect(user!.emailConfirmedAt).toBeNull();
  });

  it.each([
    ['no token', '/api/auth/confirm'],
    ['an unknown token', `/api/auth/confirm?token=${'A'.repeat(43)}`],
    ['a short token', '/api/auth/confirm?token=abc'],
    ['an over-long token', `/api/auth/confirm?token=${'A'.repeat(300)}`],
  ])('redirects %s to sign-in with confirm_invalid', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/signin?error=confirm_invalid');
  });

  it('publishes a message for every reason code the redirect can carry', () => {
    expect(Object.keys(confirmErrorMessages).sort()).toEqual(['confirm_expired', 'confirm_invalid', 'confirm_used']);
  });
});
