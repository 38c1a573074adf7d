import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, signIn, signUpConfirmed, uniqueEmail, uniqueIp, waitForOutboxMail } from '../../../../test/auth.js';
import { authMessages } from '../../../shared/contracts/auth.js';
import { refreshTokens, sessions } from '../../db/schema.js';
import { currentUser } from '../../plugins/auth-types.js';
import { hashToken } from './tokens.js';
import { useTestApp } from '../../../../test/app.js';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const ADMIN = 'boss@corisk.test';
const DEPUTY = 'deputy@corisk.test';

const t = useTestApp(
  { ADMIN_EMAILS: `${ADMIN.toUpperCase()}, ${DEPUTY}`, ACCESS_TOKEN_TTL_S: '900' },
  {
    setup: (app) => {
      // How feature routes declare their access rule.
      app.get('/api/test/admin-only', { preHandler: app.requireAdmin }, async (request) => ({ email: currentUser(request).email }));
      app.get('/api/test/user-only', { preHandler: app.authenticate }, async (request) => currentUser(request));
    },
  },
);

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: uniqueIp() });
const me = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authorization ? { authorization } : {} });

function b64url(o: object): string {
  return Buffer.from(JSON.stringify(o)).toString('base64url');
}

async function sign(claims: Record<string, unknown>, opts: { alg?: string; secret?: string; exp?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' })
    .setIssuedAt(now - 10)
    .setExpirationTime(opts.exp ?? now + 600)
    .sign(new TextEncoder().encode(opts.secret ?? SECRET));
}

describe('POST /api/auth/signin', () => {
  it('answers the token pair, user id and user data', async () => {
    const input = await signUpConfirmed(t.app, { email: uniqueEmail('Mixed.Case').replace('mixed', 'MiXeD') });
    const res = await post('/api/auth/signin', { email: `  ${input.email.toUpperCase()} `, password: input.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      token_type: 'bearer',
      expires_in: 900,
      user_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      data: {
        firstName: 'Ana',
        lastName: 'Silva',
        email: input.email.toLowerCase(),
        companyName: 'Silva Seguros Lda',
        fiscalNumber: 'PT123456789',
        isAdmin: false,
      },
    });
    // A three-part token whose header carries alg and typ and whose payload carries exp.
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(decodeProtectedHeader(body.access_token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ sub: body.user_id, purpose: 'access', sid: expect.any(String) });
    expect(claims.exp! - claims.iat!).toBe(900);
    // The refresh token is stored hashed only.
    const rows = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(body.refresh_token)));
    expect(rows).toHaveLength(1);
  });

  it('marks admins (e-mail in ADMIN_EMAILS, any case)', async () => {
    const admin = await createSignedInUser(t.app, { email: ADMIN });
    expect(admin.data.isAdmin).toBe(true);
  });

  it('gives the same 401 for a wrong password and for an unknown e-mail', async () => {
    const input = await signUpConfirmed(t.app);
    const wrong = await post('/api/auth/signin', { email: input.email, password: 'Wrong-password-1' });
    const unknown = await post('/api/auth/signin', { email: uniqueEmail('nobody'), password: 'Wrong-password-1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid email or password', code: 'invalid_credentials' });
    }
  });

  it('tells an unconfirmed account to confirm only when the password is right', async () => {
    const email = uniqueEmail();
    const password = 'Unconfirmed-pass-9';
    await post('/api/auth/signup', {
      firstName: 'U',
      lastName: 'N',
      email,
      password,
      companyName: 'C',
      fiscalNumber: 'F',
    });
    const wrong = await post('/api/auth/signin', { email, password: 'Not-the-password-1' });
    expect(wrong.statusCode).toBe(401);
    const right = await post('/api/auth/signin', { email, password });
    expect(right.statusCode).toBe(403);
    expect(right.json().detail).toBe(authMessages.emailNotConfirmed);
  });

  it.each([
    ['no e-mail', { password: 'x' }],
    ['a malformed e-mail', { email: 'nope', password: 'x' }],
    ['no password', { email: 'a@example.com' }],
    ['an empty password', { email: 'a@example.com', password: '' }],
  ])('refuses %s with 400 {detail}', async (_n, payload) => {
    const res = await post('/api/auth/signin', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBeTypeOf('string');
  });
});

describe('GET /api/auth/me and the access token checks', () => {
  it('answers the fresh user data for a valid token', async () => {
    const user = await createSignedInUser(t.app);
    const res = await me(user.headers.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user_id: user.user_id, data: user.data, locale: 'en' });
  });

  it('refuses a missing or malformed Authorization header with 401 {detail}', async () => {
    for (const h of [undefined, 'Bearer', 'Basic dXNlcjpwYXNz', 'Bearer not.a.jwt', 'Bearer a b']) {
      const res = await me(h);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toMatch(/Not authenticated|Invalid token/);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('refuses alg "none" (unsigned) tokens', async () => {
    const user = await createSignedInUser(t.app);
    const claims = decodeJwt(user.access_token);
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
    const res = await me(`Bearer ${unsigned}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: 'Invalid token' });
  });

  it('refuses a tampered payload and a token signed with another key', async () => {
    const user = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const [h, , s] = user.access_token.split('.');
    const forged = `${h}.${b64url({ ...decodeJwt(user.access_token), sub: other.user_id })}.${s}`;
    expect((await me(`Bearer ${forged}`)).statusCode).toBe(401);
    const flipped = user.access_token.slice(0, -2) + (user.access_token.endsWith('AA') ? 'BB' : 'AA');
    expect((await me(`Bearer ${flipped}`)).statusCode).toBe(401);
    const foreign = await sign({ purpose: 'access', sid: decodeJwt(user.access_token).sid, sub: user.user_id }, {
      secret: 'another-secret-another-secret-another-secret',
    });
    expect((await me(`Bearer ${foreign}`)).statusCode).toBe(401);
  });

  it('refuses another algorithm (HS512) even with the right key', async () => {
    const user = await createSignedInUser(t.app);
    const c = decodeJwt(user.access_token);
    const hs512 = await sign({ purpose: 'access', sid: c.sid, sub: c.sub }, { alg: 'HS512' });
    const res = await me(`Bearer ${hs512}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Invalid token');
  });

  it('refuses an expired token with 401 "Token has expired"', async () => {
    const user = await createSignedInUser(t.app);
    const c = decodeJwt(user.access_token);
    const expired = await sign({ purpose: 'access', sid: c.sid, sub: c.sub }, { exp: Math.floor(Date.now() / 1000) - 5 });
    const res = await me(`Bearer ${expired}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: 'Token has expired', code: 'token_expired' });
  });

  it('refuses wrong-purpose tokens: a real reset token, and a validly signed token of purpose reset', async () => {
    const user = await createSignedInUser(t.app);
    await post('/api/auth/password-recovery', { email: user.email });
    const mail = await waitForOutboxMail(t.app, user.email, /Reset your/);
    const resetToken = new URL(mail.links.find((l) => l.includes('access_token='))!).searchParams.get('access_token')!;
    expect(decodeJwt(resetToken).purpose).toBe('reset');
    expect((await me(`Bearer ${resetToken}`)).statusCode).toBe(401);

    const c = decodeJwt(user.access_token);
    const wrongPurpose = await sign({ purpose: 'reset', sid: c.sid, sub: c.sub });
    expect((await me(`Bearer ${wrongPurpose}`)).json()).toMatchObject({ detail: 'Invalid token' });
    const noPurpose = await sign({ sid: c.sid, sub: c.sub });
    expect((await me(`Bearer ${noPurpose}`)).statusCode).toBe(401);
  });

  it('refuses a token whose session does not exist or belongs to someone else', async () => {
    const user = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const mixed = await sign({ purpose: 'access', sid: decodeJwt(other.access_token).sid, sub: user.user_id });
    expect((await me(`Bearer ${mixed}`)).statusCode).toBe(401);
    const ghost = await sign({ purpose: 'access', sid: '00000000-0000-4000-8000-000000000000', sub: user.user_id });
    expect((await me(`Bearer ${ghost}`)).statusCode).toBe(401);
  });

  it('refuses the access token of a revoked session (after logout)', async () => {
    const user = await createSignedInUser(t.app);
    expect((await me(user.headers.authorization)).statusCode).toBe(200);
    const out = await post('/api/auth/logout', {}, user.headers);
    expect(out.statusCode).toBe(200);
    const res = await me(user.headers.authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: authMessages.sessionEnded, code: 'session_revoked' });
  });
});

describe('authenticate and requireAdmin preHandlers', () => {
  it('give routes the signed-in user: id, email, isAdmin and session id', async () => {
    const user = await createSignedInUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/test/user-only', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.user_id, email: user.email, isAdmin: false, sessionId: decodeJwt(user.access_token).sid, locale: 'en' });
    expect((await t.app.inject({ method: 'GET', url: '/api/test/user-only' })).statusCode).toBe(401);
  });

  it('let only admins through requireAdmin (403 {detail} for others, 401 without a token)', async () => {
    const user = await createSignedInUser(t.app);
    const denied = await t.app.inject({ method: 'GET', url: '/api/test/admin-only', headers: user.headers });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ detail: 'Administrator access required' });
    expect((await t.app.inject({ method: 'GET', url: '/api/test/admin-only' })).statusCode).toBe(401);
    const admin = await createSignedInUser(t.app, { email: DEPUTY });
    const ok = await t.app.inject({ method: 'GET', url: '/api/test/admin-only', headers: admin.headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ email: DEPUTY });
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates: a new pair, the old refresh token stops working, the new one works', async () => {
    const user = await createSignedInUser(t.app);
    const res = await post('/api/auth/refresh', { refresh_token: user.refresh_token });
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(pair).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 900,
    });
    expect(pair.refresh_token).not.toBe(user.refresh_token);
    expect(decodeJwt(pair.access_token).sid).toBe(decodeJwt(user.access_token).sid);
    expect((await me(`Bearer ${pair.access_token}`)).statusCode).toBe(200);

    const next = await post('/api/auth/refresh', { refresh_token: pair.refresh_token });
    expect(next.statusCode).toBe(200);
  });

  it('revokes the whole session family when a rotated token is presented again', async () => {
    const user = await createSignedInUser(t.app);
    const first = (await post('/api/auth/refresh', { refresh_token: user.refresh_token })).json();
    const second = (await post('/api/auth/refresh', { refresh_token: first.refresh_token })).json();

    // An attacker replays the first, long-rotated refresh token.
    const replay = await post('/api/auth/refresh', { refresh_token: user.refresh_token });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().detail).toBe(authMessages.invalidRefreshToken);

    // Every token of the family is now dead: the newest refresh token and the access tokens.
    expect((await post('/api/auth/refresh', { refresh_token: second.refresh_token })).statusCode).toBe(401);
    expect((await me(`Bearer ${second.access_token}`)).statusCode).toBe(401);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.id, String(decodeJwt(user.access_token).sid)));
    expect(session!.revokedAt).not.toBeNull();

    // Other sessions of the same user are not affected.
    const other = await signIn(t.app, user.email, user.password);
    expect((await me(`Bearer ${other.access_token}`)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous refreshes with the same token win', async () => {
    const user = await createSignedInUser(t.app);
    const results = await Promise.all([
      post('/api/auth/refresh', { refresh_token: user.refresh_token }),
      post('/api/auth/refresh', { refresh_token: user.refresh_token }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 401]);
  });

  it('refuses an expired refresh token', async () => {
    const user = await createSignedInUser(t.app);
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(user.refresh_token)));
    const res = await post('/api/auth/refresh', { refresh_token: user.refresh_token });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(authMessages.invalidRefreshToken);
  });

  it('refuses unknown, empty and missing refresh tokens', async () => {
    expect((await post('/api/auth/refresh', { refresh_token: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refresh_token: '' })).statusCode).toBe(400);
    expect((await post('/api/auth/refresh', {})).statusCode).toBe(400);
  });

  it('does not accept an access token as a refresh token', async () => {
    const user = await createSignedInUser(t.app);
    expect((await post('/api/auth/refresh', { refresh_token: user.access_token })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session of the refresh token alone (no bearer)', async () => {
    const user = await createSignedInUser(t.app);
    const res = await post('/api/auth/logout', { refresh_token: user.refresh_token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Logged out successfully' });
    expect((await post('/api/auth/refresh', { refresh_token: user.refresh_token })).statusCode).toBe(401);
    expect((await me(user.headers.authorization)).statusCode).toBe(401);
  });

  it('revokes the session of the bearer token, and its refresh token with it', async () => {
    const user = await createSignedInUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect((await post('/api/auth/refresh', { refresh_token: user.refresh_token })).statusCode).toBe(401);
  });

  it('only ends that session: the same user signed in elsewhere stays signed in', async () => {
    const user = await createSignedInUser(t.app);
    const laptop = await signIn(t.app, user.email, user.password);
    await post('/api/auth/logout', { refresh_token: user.refresh_token }, user.headers);
    expect((await me(`Bearer ${laptop.access_token}`)).statusCode).toBe(200);
  });

  it('succeeds with nothing, garbage or an already-ended session (idempotent)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect((await post('/api/auth/logout', { refresh_token: 'garbage' }, { authorization: 'Bearer x.y.z' })).statusCode).toBe(200);
    const user = await createSignedInUser(t.app);
    await post('/api/auth/logout', {}, user.headers);
    expect((await post('/api/auth/logout', { refresh_token: user.refresh_token }, user.headers)).statusCode).toBe(200);
  });
});
