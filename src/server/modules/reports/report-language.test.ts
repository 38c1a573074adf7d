import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../lib/paths.js';
import { useTestApp } from '../../../../test/app.js';
import { apiKeyOf, createSignedInUser } from '../../../../test/auth.js';
import { analyse, creditsOf, mapOf, multipartFile, runPipeline, scrape, search, type AnalysisRequest } from '../../../../test/assessment-helpers.js';
import { pdfPageTexts } from '../../../../test/pdf-text.js';
import type { AnalysisResponse, ReportResponse } from '../../../shared/contracts/assessment-api.js';
import type { CompanyData } from '../../../shared/contracts/assessment.js';

/**
 * A report read in another language: the engine's stored messages written in it, each risk named
 * in it, its English keys kept; `?lang=` on the screen's call, the public API and the PDF, else
 * the account's language. Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
 */

const t = useTestApp({ SIGNUP_CREDITS: '3', API_RATE_LIMIT_PER_MINUTE: '1000' });

const texts = (r: ReportResponse) => [
  ...Object.values(r.result.location_risk).flatMap((x) => [...x.reason, ...(x.evidence ?? []).map((e) => e.text)]),
  ...Object.values(r.result.sector_specific_risk).flatMap((x) => x.reason),
  ...r.result.key_takeaways_for_insurers,
  ...(r.result.data_sources ?? []).map((d) => d.used_for),
];

describe('a report in the reader’s language', () => {
  it('GET /api/reports/{id}?lang=de writes every text in German and keeps the English keys; without lang the account’s language', async () => {
    const user = await createSignedInUser(t.app);
    const { result } = await runPipeline(t.app, user, 'PT500697256', 'Portugal');
    const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/reports/${result.id}${query}`, headers: user.headers });

    const english = (await get('')).json<ReportResponse>();
    expect(english.locale).toBe('en');
    expect(english.result.key_takeaways_for_insurers).toEqual(result.key_takeaways_for_insurers);
    // The stored messages stay inside: the answer has texts only.
    expect(JSON.stringify(english)).not.toMatch(/reason_messages|key_takeaways_messages|used_for_message|"message"/);

    const german = (await get('?lang=de')).json<ReportResponse>();
    expect(german.locale).toBe('de');
    expect(Object.keys(german.result.locationScoresMap)).toEqual(Object.keys(english.result.locationScoresMap));
    expect(german.risk_names).toMatchObject({ Flood: 'Hochwasser', Earthquake: 'Erdbeben', 'Business Interruption': 'Betriebsunterbrechung' });
    expect(german.result.overallScore).toBe(english.result.overallScore);
    // Every text is written anew: as many as in English, none the same sentence (names and codes aside).
    const [de, en] = [texts(german), texts(english)];
    expect(de).toHaveLength(en.length);
    const same = de.filter((text, i) => text === en[i]);
    expect(same.length, same.join('\n')).toBeLessThan(en.length * 0.05);
    expect(de.join(' ')).not.toMatch(/\{[a-z]\w*\}|\b(location|industry|takeaway|profile|source)\.[a-z]\w*\.\w/);
    // The activity's evidence, as the engine worded it, too; the English answer keeps the stored words.
    expect(english.company_data.activity.evidence).toBe('NACE code given by the bundled sample directory');
    expect(german.company_data.activity).toMatchObject({ nace_code: english.company_data.activity.nace_code, evidence: 'NACE-Code laut mitgeliefertem Beispielverzeichnis' });
    // The activity's label, the sample directory's English class name, becomes its division's name in German.
    const division = english.company_data.activity.nace_code!.slice(0, 2);
    const germanName = (JSON.parse(readFileSync(join(projectRoot, 'src/locales/de/engine-industry.json'), 'utf8')) as Record<string, string>)[`industry.nace.${division}`]!;
    expect(german.company_data.activity.nace_label).toBe(germanName.charAt(0).toUpperCase() + germanName.slice(1));
    expect(english.company_data.activity.nace_label).not.toBe(german.company_data.activity.nace_label);

    // The account's language answers when no lang is asked.
    const settings = await t.app.inject({ method: 'PUT', url: '/api/auth/me/settings', headers: user.headers, payload: { locale: 'pl' } });
    expect(settings.statusCode, settings.body).toBe(200);
    const polish = (await get('')).json<ReportResponse>();
    expect(polish.locale).toBe('pl');
    expect(polish.risk_names?.Flood).toBe('Powódź');
    expect((await get('?lang=xx')).statusCode).toBe(400);
  });

  it("call 11 writes the company's activity line in ?lang=, else in the account's language; English keeps the stored words", async () => {
    const user = await createSignedInUser(t.app);
    const found = await search(t.app, user, 'PT500697256', 'Portugal');
    const links = (found.json() as { links: string[] }).links;
    const scrapeIn = (query: string) =>
      t.app.inject({ method: 'POST', url: `/api/scrape/company${query}`, payload: { links }, headers: user.headers }).then((r) => r.json() as { company_data: CompanyData });
    const english = (await scrapeIn('')).company_data.activity;
    expect(english.evidence).toBe('NACE code given by the bundled sample directory');
    const german = (await scrapeIn('?lang=de')).company_data.activity;
    expect(german).toMatchObject({ nace_code: english.nace_code, evidence: 'NACE-Code laut mitgeliefertem Beispielverzeichnis' });
    expect(german.nace_label).not.toBe(english.nace_label);
    await t.app.inject({ method: 'PUT', url: '/api/auth/me/settings', headers: user.headers, payload: { locale: 'fr' } });
    expect((await scrapeIn('')).company_data.activity.evidence).toBe('code NACE fourni par l’annuaire d’exemple intégré');
    expect((await t.app.inject({ method: 'POST', url: '/api/scrape/company?lang=xx', payload: { links }, headers: user.headers })).statusCode).toBe(400);
  });

  it('the public API answers in ?lang= and renders the PDF in it', async () => {
    const user = await createSignedInUser(t.app);
    const { result } = await runPipeline(t.app, user, 'PT500697256', 'Portugal');
    const key = await apiKeyOf(t.app, user);
    const french = await t.app.inject({ method: 'GET', url: `/api/v1/assessments/${result.id}?lang=fr`, headers: key });
    expect(french.statusCode, french.body).toBe(200);
    expect(french.json()).toMatchObject({ locale: 'fr', risk_names: { Earthquake: 'Séisme' } });

    const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/assessments/${result.id}/pdf?lang=pl`, headers: key });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPageTexts(pdf.rawPayload)).join('\n');
    expect(text).toContain('Trzęsienie ziemi');
    expect(text).toContain('Utrata zysku');
    expect(text).not.toMatch(/\bpdf\.[a-z]/);
  });
});

describe('a fresh assessment in the reader’s language (call 13)', () => {
  it('POST /api/openai/company?lang=de answers in German, as the report reopened in German; without lang the account’s language; an unknown lang is a 400', async () => {
    const user = await createSignedInUser(t.app);
    const { links } = (await search(t.app, user, 'PT500697256', 'Portugal')).json<{ links: string[] }>();
    const company = (await scrape(t.app, user, links)).json<{ company_data: CompanyData }>().company_data;
    const png = (await mapOf(t.app, user, company.latitude, company.longitude)).rawPayload;
    const query: AnalysisRequest = { company: 'PT500697256', location: 'Portugal', company_name: company.name, address: company.address, latitude: company.latitude, longitude: company.longitude };
    const run = (lang?: string) => analyse(t.app, user, { ...query, ...(lang !== undefined ? { lang } : {}) }, multipartFile(png));

    const res = await run('de');
    expect(res.statusCode, res.body).toBe(200);
    const { screening, locale, ...german } = res.json<AnalysisResponse>();
    expect(screening).toBeDefined();
    expect(locale).toBe('de');
    // Written as the report reopened in German is, not in the account's English.
    const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/reports/${german.id}${query}`, headers: user.headers });
    const [reopenedDe, reopenedEn] = [(await get('?lang=de')).json<ReportResponse>(), (await get('?lang=en')).json<ReportResponse>()];
    expect(german).toEqual(reopenedDe.result);
    const [de, en] = [texts(reopenedDe), texts(reopenedEn)];
    const same = de.filter((text, i) => text === en[i]);
    expect(same.length, same.join('\n')).toBeLessThan(en.length * 0.05);

    // Without lang: the account's language, as before.
    const settings = await t.app.inject({ method: 'PUT', url: '/api/auth/me/settings', headers: user.headers, payload: { locale: 'pl' } });
    expect(settings.statusCode, settings.body).toBe(200);
    const polish = await run();
    expect(polish.statusCode, polish.body).toBe(200);
    expect(polish.json<AnalysisResponse>().locale).toBe('pl');

    // A language Corisk does not speak is refused before anything is spent.
    const credits = await creditsOf(t.app, user);
    const unknown = await run('xx');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
    expect(unknown.json()).toMatchObject({ detail: expect.any(String) });
    expect(await creditsOf(t.app, user)).toBe(credits);
  });
});
