import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import stdnum from 'stdnum';
import { assessmentMessages } from '../src/shared/contracts/assessment-api.js';
import { authMessages } from '../src/shared/contracts/auth.js';
import { EU_COUNTRIES, countryByName } from '../src/shared/countries.js';
import { msg } from '../src/shared/i18n/message.js';
import { checkVatNumber, type VatRules } from '../src/shared/vat.js';
import { englishText, errorText } from '../src/server/lib/errors.js';
import { describeWait, waitMessage } from '../src/server/lib/rate-limiter.js';
import { apiKeyErrors, apiKeyMessages } from '../src/server/modules/api/api-keys.service.js';
import { assessmentErrors } from '../src/server/modules/assessment/assessment.service.js';
import { authErrors } from '../src/server/modules/auth/auth.service.js';
import { monitoringErrors } from '../src/server/modules/monitoring/monitoring.service.js';
import { webhookErrors, webhookMessages } from '../src/server/modules/webhooks/webhooks.service.js';
import { databaseUnavailableDetail } from '../src/server/plugins/errors.js';
import { nulMessage } from '../src/server/plugins/input-guard.js';
import { useTestApp } from './app.js';
import { apiKeyOf, createSignedInUser, uniqueEmail, uniqueIp, type TestUser } from './auth.js';

/**
 * The `detail` of an error answer is written in the reader's language (the language cookie, else
 * Accept-Language, else English) from the errors catalogue; English stays the product's words.
 */

const root = join(import.meta.dirname, '..');
const english = JSON.parse(readFileSync(join(root, 'src/locales/en/errors.json'), 'utf8')) as Record<string, string>;

describe('error answers in the reader’s language', () => {
  const t = useTestApp();
  const signin = (headers: Record<string, string> = {}, payload: object = { email: uniqueEmail(), password: 'Wrong-horse-1' }) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signin', payload, headers, remoteAddress: uniqueIp() });

  it('writes English without a cookie or Accept-Language, the product’s words as before', async () => {
    const res = await signin();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid email or password', code: 'invalid_credentials' });
  });

  it('follows the corisk_locale cookie: German', async () => {
    const res = await signin({ cookie: 'theme=dark; corisk_locale=de' });
    expect(res.json()).toEqual({ detail: 'Ungültige E-Mail-Adresse oder ungültiges Passwort', code: 'invalid_credentials' });
  });

  it('follows Accept-Language without the cookie: French', async () => {
    const res = await signin({ 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(res.json()).toEqual({ detail: 'Adresse e-mail ou mot de passe incorrect', code: 'invalid_credentials' });
  });

  it('prefers the cookie to Accept-Language', async () => {
    const res = await signin({ cookie: 'corisk_locale=it', 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(res.json().detail).toBe('E-mail o password non validi');
  });

  it('writes a 400 validation error in Polish, and in English as before', async () => {
    const bad = { email: 'not-an-email', password: 'x' };
    const pl = await signin({ cookie: 'corisk_locale=pl' }, bad);
    expect(pl.statusCode).toBe(400);
    expect(pl.json()).toEqual({ detail: 'Proszę podać prawidłowy adres e-mail', code: 'validation_error' });
    expect((await signin({}, bad)).json()).toEqual({ detail: 'Enter a valid e-mail address', code: 'validation_error' });
  });

  it('names the field of one of zod’s own problems in the reader’s language too', async () => {
    const payload = { email: uniqueEmail() };
    expect((await signin({}, payload)).json().detail).toBe('Invalid password: Invalid input: expected string, received undefined');
    expect((await signin({ 'accept-language': 'de' }, payload)).json().detail).toMatch(/^Ungültiger Wert für password: Ungültige Eingabe/);
  });

  it('writes errors with values in the reader’s language: an invalid VAT number in Spanish, a 401 in Dutch', async () => {
    const search = (user: TestUser, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/search/company/PT50069725-Portugal', headers: { ...user.headers, ...headers } });
    const en = await search(await createSignedInUser(t.app));
    expect(en.statusCode).toBe(400);
    expect(en.json().detail).toMatch(/^Invalid VAT number for Portugal: it has 8 digits, expected 9 digits/);
    const es = await search(await createSignedInUser(t.app, { locale: 'es' }));
    expect(es.json()).toMatchObject({ code: en.json().code });
    expect(es.json().detail).toMatch(/^Número de IVA no válido \(Portugal\): tiene 8 dígitos, formato esperado: 9 dígitos/);

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { 'accept-language': 'nl-BE,nl;q=0.9,en;q=0.5' } });
    expect(me.json()).toMatchObject({ detail: 'Niet aangemeld', code: 'not_authenticated' });
  });

  it('writes the service-access reason in the account’s language', async () => {
    const access = (user: TestUser) => t.app.inject({ method: 'POST', url: '/api/stripe/validate-service-access', headers: user.headers });
    expect((await access(await createSignedInUser(t.app))).json().reason).toMatch(/^Free trial: \d+ credits? remaining\.$/);
    expect((await access(await createSignedInUser(t.app, { locale: 'de' }))).json().reason).toMatch(/^Kostenloser Test: \d+ Credits? verfügbar\.$/);
  });

  it('prefers the signed-in account’s language to the cookie and Accept-Language', async () => {
    const user = await createSignedInUser(t.app, { locale: 'de' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/search/company/PT50069725-Portugal',
      headers: { ...user.headers, cookie: 'corisk_locale=fr', 'accept-language': 'it' },
    });
    expect(res.json().detail).toMatch(/^Ungültige USt-IdNr\. \(Portugal\)/);
  });

  it('writes an /api/v1 error in the language of the key owner’s account', async () => {
    const user = await createSignedInUser(t.app, { locale: 'pl' });
    const key = await apiKeyOf(t.app, user);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/assessments/${randomUUID()}`, headers: key });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Nie znaleziono raportu');
  });
});

describe('the errors catalogue', () => {
  it('keeps the product’s English words: the English texts the code and its tests name', () => {
    const pairs: [string, string][] = [
      ...Object.entries(authErrors).map(([key, text]) => [englishText(text), authMessages[key as keyof typeof authErrors]] as [string, string]),
      ...Object.entries(apiKeyErrors).map(([key, text]) => [englishText(text), apiKeyMessages[key as keyof typeof apiKeyErrors]] as [string, string]),
      ...Object.entries(webhookErrors).map(([key, text]) => [englishText(text), webhookMessages[key as keyof typeof webhookErrors]] as [string, string]),
      [englishText(msg('error.monitoring.running')), monitoringErrors.running],
      [englishText(msg('error.monitoring.eventNotFound')), monitoringErrors.eventNotFound],
      [englishText(assessmentErrors.rateLimited), assessmentMessages.rateLimited],
      [englishText(assessmentErrors.analysisTimeout), assessmentMessages.analysisTimeout],
      [englishText(msg('error.serviceUnavailable')), databaseUnavailableDetail],
      [englishText(msg('error.nulCharacters')), nulMessage],
    ];
    for (const [catalogue, code] of pairs) expect(catalogue).toBe(code);
  });

  it('says how long to wait as describeWait does', () => {
    for (const s of [1, 2, 30, 59, 60, 61, 3600, 86_400]) expect(englishText(waitMessage(s))).toBe(describeWait(s));
    expect(englishText(assessmentErrors.analysisLimit(1, 61))).toBe('You have reached the limit of 1 analysis per hour. Please try again in 2 minutes.');
    expect(errorText(waitMessage(5), 'pl')).toBe('5 sekund');
    expect(errorText(waitMessage(120), 'pl')).toBe('2 minuty');
  });

  it('writes every VAT problem as shared/vat.ts does in English, and in each language with the state’s name', () => {
    const rules = stdnum as unknown as VatRules;
    const cases: [string, string][] = [
      ['PT50069725', 'Portugal'], ['', 'Portugal'], ['PT5006972X6', 'Portugal'], ['IT00743110157', 'France'], ['500697257', 'Portugal'],
      ['U1234567X', 'Austria'], ['12345678', 'Netherlands'], ['AB1234567', 'Spain'], ['1', 'Germany'], ['BX123', 'Netherlands'],
    ];
    for (const country of EU_COUNTRIES) cases.push(['12', country.name], [`${country.vatPrefix}00000000000001`, country.name]);
    let checked = 0;
    for (const [raw, name] of cases) {
      for (const example of [undefined, 'PT 500697256']) {
        const check = checkVatNumber(raw, countryByName(name)!, rules, example);
        if (check.ok) continue;
        checked++;
        expect(englishText(check.text)).toBe(check.message);
        for (const locale of ['de', 'fr', 'it', 'es', 'pt', 'pl', 'nl'] as const) expect(errorText(check.text, locale)).not.toMatch(/validation\.|country\.|\{/);
      }
    }
    expect(checked).toBeGreaterThan(50);
    const pt = checkVatNumber('IT00743110157', countryByName('France')!, rules);
    expect(!pt.ok && errorText(pt.text, 'de')).toBe(
      'Ungültige USt-IdNr. (Frankreich): Dies scheint eine italienische (IT) Nummer zu sein. Wählen Sie Italien als Land oder prüfen Sie die Nummer.',
    );
    for (const country of EU_COUNTRIES) expect(english[`validation.vat.format.${country.vatPrefix}`]).toBe(country.vatFormat);
  });

  it('has every message the code names', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
      );
    const named = new Set(
      ['src/server', 'src/shared', 'src/web'].flatMap((dir) => files(join(root, dir))).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/'((?:error|validation)\.[A-Za-z0-9.]+)'/g)].map((m) => m[1]!)),
    );
    expect([...named].filter((id) => !(id in english))).toEqual([]);
  });
});
