import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../test/app.js';
import { apiKeyOf, createSignedInUser } from '../../../../test/auth.js';
import { runPipeline } from '../../../../test/assessment-helpers.js';
import { OfflineMapRenderer } from '../../providers/maps/offline.js';

/**
 * A report's map picture in the reader's language: GET /api/reports/{id}/map.png takes `?lang=`
 * as the report does, else draws the account's language; the PDFs embed the map in theirs.
 * Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
 */

const t = useTestApp({ SIGNUP_CREDITS: '3', API_RATE_LIMIT_PER_MINUTE: '1000' });

describe('a report’s map in the reader’s language', () => {
  it('answers another picture for ?lang=de, the account’s language without lang, and a 400 for an unknown lang', async () => {
    const user = await createSignedInUser(t.app);
    const { result } = await runPipeline(t.app, user, 'PT500697256', 'Portugal');
    const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/reports/${result.id}/map.png${query}`, headers: user.headers });

    const [english, explicitEnglish, german, polish] = await Promise.all([get(''), get('?lang=en'), get('?lang=de'), get('?lang=pl')]);
    for (const res of [english, explicitEnglish, german, polish]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    }
    expect(explicitEnglish.rawPayload.equals(english.rawPayload)).toBe(true);
    expect(german.rawPayload.equals(english.rawPayload)).toBe(false);
    expect(polish.rawPayload.equals(german.rawPayload)).toBe(false);
    // The language is in the URL: kept a day. Without it the account's language, which may change: asked anew.
    expect(german.headers['cache-control']).toBe('private, max-age=86400');
    expect(english.headers['cache-control']).toBe('private, no-cache');

    const settings = await t.app.inject({ method: 'PUT', url: '/api/auth/me/settings', headers: user.headers, payload: { locale: 'pl' } });
    expect(settings.statusCode, settings.body).toBe(200);
    expect((await get('')).rawPayload.equals(polish.rawPayload)).toBe(true);

    const unknown = await get('?lang=xx');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ detail: expect.any(String) });
  });

  it('draws the map of the server’s PDF in the PDF’s language', async () => {
    const user = await createSignedInUser(t.app);
    const { result } = await runPipeline(t.app, user, 'PT500697256', 'Portugal');
    const key = await apiKeyOf(t.app, user);
    const render = vi.spyOn(OfflineMapRenderer.prototype, 'render');
    try {
      const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/assessments/${result.id}/pdf?lang=pl`, headers: key });
      expect(pdf.statusCode).toBe(200);
      expect(render).toHaveBeenCalledTimes(1);
      expect(render.mock.calls[0]![0]).toMatchObject({ locale: 'pl' });
    } finally {
      render.mockRestore();
    }
  });
});

describe('the location map (call 12) in the reader’s language', () => {
  it('draws ?lang=de, else the account’s language; an unknown lang is a 400', async () => {
    const english = await createSignedInUser(t.app);
    const german = await createSignedInUser(t.app, { locale: 'de' });
    const map = (user: typeof english, query = '') =>
      t.app.inject({ method: 'POST', url: `/api/maps/company${query}`, payload: { latitude: 46.2044, longitude: 6.1432 }, headers: user.headers });
    const [plain, asked, account] = await Promise.all([map(english), map(english, '?lang=de'), map(german)]);
    for (const res of [plain, asked, account]) expect(res.statusCode, res.body).toBe(200);
    expect(asked.rawPayload.equals(plain.rawPayload)).toBe(false);
    expect(account.rawPayload.equals(asked.rawPayload)).toBe(true);
    expect((await map(english, '?lang=xx')).statusCode).toBe(400);
  });
});
