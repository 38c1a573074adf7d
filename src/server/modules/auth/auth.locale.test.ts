import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, signupInput, uniqueIp, waitForOutboxMail, type TestUser } from '../../../../test/auth.js';
import { LOCALES } from '../../../shared/i18n/locales.js';
import { users } from '../../db/schema.js';
import { useTestApp } from '../../../../test/app.js';

/** The account's language: chosen at sign-up (or negotiated), answered by me and settings, changed by PUT settings. */

const t = useTestApp({ APP_URL: 'https://app.corisk.test' });

const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url, headers: user.headers });
const putSettings = (user: TestUser, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/me/settings', headers: user.headers, payload });
const signup = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', payload, headers, remoteAddress: uniqueIp() });

async function storedLocale(email: string): Promise<string | undefined> {
  const [row] = await t.database.db.select({ locale: users.locale }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.locale;
}

/** The PostgreSQL error code of an error or of one of its causes. */
function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

describe('the account locale at sign-up', () => {
  it('is English when the body names none and no Accept-Language comes, and me answers it', async () => {
    const user = await createSignedInUser(t.app);
    expect(await storedLocale(user.email)).toBe('en');
    const me = await get('/api/auth/me', user);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user_id: user.user_id, data: user.data, locale: 'en' });
  });

  it("is the body's locale when given, and it beats Accept-Language", async () => {
    const input = signupInput({ locale: 'de' });
    expect((await signup(input, { 'accept-language': 'pl-PL,pl;q=0.9' })).statusCode).toBe(201);
    expect(await storedLocale(input.email)).toBe('de');

    const user = await createSignedInUser(t.app, { locale: 'de' });
    expect((await get('/api/auth/me', user)).json().locale).toBe('de');
    expect((await get('/api/auth/me/settings', user)).json()).toEqual({ digest_frequency: 'daily', locale: 'de' });
  });

  it('is negotiated from Accept-Language when the body names none', async () => {
    const pl = signupInput();
    expect((await signup(pl, { 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.5' })).statusCode).toBe(201);
    expect(await storedLocale(pl.email)).toBe('pl');

    const none = signupInput();
    expect((await signup(none, { 'accept-language': 'ja-JP,zh;q=0.8' })).statusCode).toBe(201);
    expect(await storedLocale(none.email)).toBe('en');
  });

  it('writes the account mails in the account language: the confirmation at sign-up, the reset notice later', async () => {
    const input = signupInput({ locale: 'de' });
    expect((await signup(input)).statusCode).toBe(201);
    const confirm = await waitForOutboxMail(t.app, input.email.toLowerCase(), /Corisk-Konto/);
    expect(confirm.subject).toBe('Bestätigen Sie Ihr Corisk-Konto');
    expect(confirm.html).toContain('<html lang="de">');
    expect(confirm.text).toContain('24 Stunden');

    const user = await createSignedInUser(t.app, { locale: 'fr' });
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password-recovery', payload: { email: user.email }, remoteAddress: uniqueIp() });
    expect(reset.statusCode).toBe(200);
    const mail = await waitForOutboxMail(t.app, user.email, /mot de passe/);
    expect(mail.html).toContain('<html lang="fr">');

    // Changed in the settings, the next mail follows.
    expect((await putSettings(user, { locale: 'pl' })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/password-recovery', payload: { email: user.email }, remoteAddress: uniqueIp() });
    const polish = await waitForOutboxMail(t.app, user.email, /hasła|hasło/);
    expect(polish.html).toContain('<html lang="pl">');
  });

  it('refuses a locale we do not speak with 400 naming the field, and creates no account', async () => {
    const input = signupInput({ locale: 'xx' });
    const res = await signup(input);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('locale');
    expect(await storedLocale(input.email)).toBeUndefined();
  });

  it("leaves an existing account's locale alone when its address signs up again", async () => {
    const user = await createSignedInUser(t.app, { locale: 'nl' });
    expect((await signup(signupInput({ email: user.email, locale: 'it' }))).statusCode).toBe(201);
    expect(await storedLocale(user.email)).toBe('nl');
  });
});

describe('PUT /api/auth/me/settings with locale', () => {
  it('changes the locale alone: me and settings answer it at once, digest_frequency and other users stay', async () => {
    const user = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app, { locale: 'es' });
    expect((await putSettings(user, { digest_frequency: 'weekly' })).statusCode).toBe(200);
    // Both sessions are checked (and kept in the per-user read cache) before the change.
    expect((await get('/api/auth/me', user)).json().locale).toBe('en');
    expect((await get('/api/auth/me', other)).json().locale).toBe('es');

    const put = await putSettings(user, { locale: 'fr' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ digest_frequency: 'weekly', locale: 'fr' });
    expect((await get('/api/auth/me', user)).json()).toEqual({ user_id: user.user_id, data: user.data, locale: 'fr' });
    expect((await get('/api/auth/me/settings', user)).json()).toEqual({ digest_frequency: 'weekly', locale: 'fr' });

    expect((await get('/api/auth/me', other)).json().locale).toBe('es');
    expect((await get('/api/auth/me/settings', other)).json()).toEqual({ digest_frequency: 'daily', locale: 'es' });
  });

  it('keeps the locale when only digest_frequency changes, and takes both at once', async () => {
    const user = await createSignedInUser(t.app, { locale: 'pt' });
    expect((await putSettings(user, { digest_frequency: 'off' })).json()).toEqual({ digest_frequency: 'off', locale: 'pt' });
    expect((await putSettings(user, { digest_frequency: 'daily', locale: 'it' })).json()).toEqual({ digest_frequency: 'daily', locale: 'it' });
    expect((await get('/api/auth/me/settings', user)).json()).toEqual({ digest_frequency: 'daily', locale: 'it' });
  });

  it('refuses an unknown locale and a body with neither setting with 400 {detail}, changing nothing', async () => {
    const user = await createSignedInUser(t.app, { locale: 'de' });
    const unknown = await putSettings(user, { locale: 'xx' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(/^Invalid locale: .*"en".*"nl"/);

    for (const body of [{}, { timezone: 'UTC' }]) {
      const empty = await putSettings(user, body);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().detail).toBe('Send digest_frequency, locale or both');
    }
    const mixed = await putSettings(user, { digest_frequency: 'weekly', locale: 'xx' });
    expect(mixed.statusCode).toBe(400);
    expect((await get('/api/auth/me/settings', user)).json()).toEqual({ digest_frequency: 'daily', locale: 'de' });
  });

  it('is refused signed out with 401', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/me/settings', payload: { locale: 'fr' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('the users.locale column', () => {
  it("takes every one of LOCALES and the database's check refuses anything else", async () => {
    const user = await createSignedInUser(t.app);
    for (const locale of LOCALES) {
      await t.database.db.update(users).set({ locale }).where(eq(users.id, user.user_id));
      expect(await storedLocale(user.email)).toBe(locale);
    }
    const refused = await t.database.db.execute(sql`update users set locale = 'xx' where id = ${user.user_id}`).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(pgCode(refused)).toBe('23514'); // check_violation
    expect(await storedLocale(user.email)).toBe(LOCALES[LOCALES.length - 1]);
  });
});
