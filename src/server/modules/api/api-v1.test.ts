import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, useTestApp } from '../../../../test/app.js';
import { apiKeyOf, createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { creditsOf, reportCount, runPipeline } from '../../../../test/assessment-helpers.js';
import { idempotencyKeys } from '../../db/schema.js';
import { formatFiledDateTime } from '../../../shared/dates.js';
import { apiAssessmentSchema, type ApiAssessment } from '../../../shared/contracts/portfolio.js';
import { apiKeyMessages } from './api-keys.service.js';
import { idempotencyMessages } from './idempotency.service.js';
import { pdfPageTexts } from '../../../../test/pdf-text.js';

/**
 * The public API with a real key against the real app (embedded providers, sample companies):
 * assessments run on the server, one credit each; retries with an Idempotency-Key replay the
 * first answer; a key sees only its owner's reports; the per-key limit; the PDF; the OpenAPI
 * document. Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
 */

const t = useTestApp({ SIGNUP_CREDITS: '6', API_RATE_LIMIT_PER_MINUTE: '1000' });

const EDP = { fiscal_number: '500697256', country: 'Portugal' };

const keyOf = (user: TestUser) => apiKeyOf(t.app, user);

function assess(headers: Record<string, string>, payload: unknown, app = t.app) {
  return app.inject({ method: 'POST', url: '/api/v1/assessments', headers, payload: payload as Record<string, unknown> });
}

const pdfText = async (bytes: Buffer) => (await pdfPageTexts(bytes)).join('\n');

describe('POST /api/v1/assessments', () => {
  it('runs the whole pipeline on the server and answers the report (result fields + company data), 1 credit', async () => {
    const user = await createSignedInUser(t.app);
    const key = await keyOf(user);
    const before = await creditsOf(t.app, user);
    const res = await assess(key, { ...EDP, country: 'PT' });
    expect(res.statusCode, res.body).toBe(201);
    const report = apiAssessmentSchema.parse(res.json());
    expect(report.company_data).toMatchObject({ name: 'EDP, S.A.', fiscal_number: 'PT500697256', country: 'Portugal' });
    expect(report.overallScoreGrade).toMatch(/^[ABCDF]$/);
    expect(Object.keys(report.locationScoresMap).length).toBeGreaterThan(0);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await creditsOf(t.app, user)).toBe(before - 1);

    // The same report through the API and through the screen's own call.
    const again = await t.app.inject({ method: 'GET', url: `/api/v1/assessments/${report.id}`, headers: key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(again.json()).toMatchObject({ engine_version: expect.stringMatching(/^\d+\.\d+\.\d+\+rules\.\d+$/), data_version: expect.stringMatching(/^sha256:[0-9a-f]{12}$/) });
    const screen = await t.app.inject({ method: 'GET', url: `/api/reports/${report.id}`, headers: user.headers });
    expect(screen.json()).toEqual({
      company_data: report.company_data,
      result: expect.objectContaining({ id: report.id }),
      site: report.site,
      screening: report.screening,
      // Written in the account's language (English here), each risk's name given in it.
      locale: 'en',
      risk_names: expect.objectContaining({ Flood: 'Flood', 'Business Interruption': 'Business Interruption' }),
    });
    // Without a site address the site is the registered office, as the geocoder placed it.
    expect(report.site).toEqual({
      address: report.company_data.address,
      latitude: report.company_data.latitude,
      longitude: report.company_data.longitude,
      precision: report.company_data.geocode_precision,
      // EDP's typical site, assumed: the site type rated travels with the site.
      site_type: 'plant',
      site_type_assumed: true,
    });
  });

  it('places the site at site_address when given', async () => {
    const user = await createSignedInUser(t.app);
    const key = await keyOf(user);
    const res = await assess(key, { ...EDP, site_address: 'Avenida da Boavista 1277, 4100-130 Porto' });
    expect(res.statusCode, res.body).toBe(201);
    const { company_data: c, site } = res.json<ApiAssessment>();
    expect(c.latitude).toBeCloseTo(41.16, 0);
    // The registered office stays in company_data; the site is beside it.
    expect(c.address).toContain('Lisboa');
    expect(site).toMatchObject({ address: 'Avenida da Boavista 1277, 4100-130 Porto', latitude: c.latitude, longitude: c.longitude });
    expect(site!.latitude).toBeCloseTo(41.16, 0);
  });

  it('takes the site as the user placed it: latitude/longitude, precision user, no geocoding', async () => {
    const user = await createSignedInUser(t.app);
    const key = await keyOf(user);
    const res = await assess(key, { ...EDP, site_address: 'Quinta do Lago', latitude: 37.0301, longitude: -8.0123 });
    expect(res.statusCode, res.body).toBe(201);
    const { company_data: c, site } = res.json<ApiAssessment>();
    expect(site).toEqual({ address: 'Quinta do Lago', latitude: 37.0301, longitude: -8.0123, precision: 'user', site_type: 'plant', site_type_assumed: true });
    expect(c).toMatchObject({ latitude: 37.0301, longitude: -8.0123, geocode_precision: 'user' });
    expect(c.address).toContain('Lisboa');
    const half = await assess(key, { ...EDP, latitude: 37.03 });
    expect(half.statusCode).toBe(400);
  });

  it('rates the site type sent, or the activity\'s typical site, and the report says which', async () => {
    const user = await createSignedInUser(t.app);
    const key = await keyOf(user);
    const office = await assess(key, { ...EDP, site_type: 'office' });
    expect(office.statusCode, office.body).toBe(201);
    const o = office.json<ApiAssessment>();
    expect(o.company_data).toMatchObject({ site_type: 'office', site_type_assumed: false });
    expect(o.sector_specific_risk['Property / Fire']!.reason).toContain('site type: office (chosen)');

    const typical = await assess(key, EDP);
    const p = typical.json<ApiAssessment>();
    expect(p.company_data).toMatchObject({ site_type: 'plant', site_type_assumed: true });
    expect(p.sector_specific_risk['Property / Fire']!.reason).toContain('site type: plant (assumed from the activity)');
    expect(o.industryScoresMap['Property / Fire']!.impact).toBeLessThan(p.industryScoresMap['Property / Fire']!.impact);
    expect(p.key_takeaways_for_insurers.some((k) => k.startsWith('Site type assumed from the activity (plant)'))).toBe(true);
  });

  it('refuses invalid input with 400 {detail} in words, spending nothing', async () => {
    const user = await createSignedInUser(t.app);
    const key = await keyOf(user);
    const before = await creditsOf(t.app, user);
    const cases: [unknown, RegExp][] = [
      [{ country: 'PT' }, /fiscal_number/],
      [{ fiscal_number: '500697256' }, /country/],
      [{ fiscal_number: '500697257', country: 'PT' }, /^Invalid VAT number for Portugal/],
      [{ fiscal_number: '500697256', country: 'Narnia' }, /Unsupported country 'Narnia'/],
      [{ ...EDP, site_type: 'castle' }, /site_type/],
    ];
    for (const [payload, detail] of cases) {
      const res = await assess(key, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ detail: string }>().detail).toMatch(detail);
    }
    expect(await creditsOf(t.app, user)).toBe(before);
  });

  it('names what is wrong with a fiscal number with one code per problem, as the web search does', async () => {
    const user = await createSignedInUser(t.app);
    const key = await keyOf(user);
    for (const [fiscal_number, country, code, detail] of [
      ['50069725', 'PT', 'vat_wrong_length', 'Invalid VAT number for Portugal: it has 8 digits, expected 9 digits (e.g. PT 500697256)'],
      ['5006972X6', 'PT', 'vat_wrong_characters', "Invalid VAT number for Portugal: it contains 'X', expected 9 digits (e.g. PT 500697256)"],
      ['501964842', 'PT', 'vat_check_digit', 'Invalid VAT number for Portugal: the check digit does not match: please check the number.'],
      ['IT00743110157', 'FR', 'vat_other_state', 'Invalid VAT number for France: this looks like an Italian (IT) number. Choose Italy as the country, or check the number.'],
    ] as const) {
      const res = await assess(key, { fiscal_number, country });
      expect(res.statusCode, fiscal_number).toBe(400);
      expect(res.json(), fiscal_number).toEqual({ detail, code });
      const web = await t.app.inject({ method: 'GET', url: `/api/search/company/${fiscal_number}-${country === 'PT' ? 'Portugal' : 'France'}`, headers: user.headers });
      expect(web.json(), fiscal_number).toEqual({ detail, code });
    }
  });

  it('an unknown company is 404 {detail}, nothing spent', async () => {
    const user = await createSignedInUser(t.app);
    const key = await keyOf(user);
    const before = await creditsOf(t.app, user);
    const res = await assess(key, { fiscal_number: '123456789', country: 'PT' });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json<{ detail: string }>().detail).toMatch(/No company with VAT number/);
    expect(await creditsOf(t.app, user)).toBe(before);
  });
});

describe('Idempotency-Key', () => {
  it('a retry with the same key and body returns the first answer and spends nothing more', async () => {
    const user = await createSignedInUser(t.app);
    const key = await keyOf(user);
    const before = await creditsOf(t.app, user);
    const headers = { ...key, 'idempotency-key': 'order-4711' };
    const first = await assess(headers, EDP);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await assess(headers, { country: 'Portugal', fiscal_number: '500697256' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await creditsOf(t.app, user)).toBe(before - 1);
    expect(await reportCount(t.app, user)).toBe(1);

    // Another key is another request: a new report.
    const other = await assess({ ...key, 'idempotency-key': 'order-4712' }, EDP);
    expect(other.json<ApiAssessment>().id).not.toBe(first.json<ApiAssessment>().id);
    expect(await creditsOf(t.app, user)).toBe(before - 2);
  });

  it('parallel retries of the same key: one report, one credit (the others replay or are told to wait)', async () => {
    const user = await createSignedInUser(t.app);
    const key = await keyOf(user);
    const before = await creditsOf(t.app, user);
    const headers = { ...key, 'idempotency-key': 'burst-1' };
    const answers = await Promise.all([assess(headers, EDP), assess(headers, EDP), assess(headers, EDP)]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode).toBe(409);
      expect(a.json()).toMatchObject({ detail: idempotencyMessages.running });
      expect(a.headers['retry-after']).toBeDefined();
    }
    const ids = new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json<ApiAssessment>().id));
    expect(ids.size).toBe(1);
    expect(await creditsOf(t.app, user)).toBe(before - 1);
    // Once done, a retry replays.
    const late = await assess(headers, EDP);
    expect(late.json<ApiAssessment>().id).toBe([...ids][0]);
  });

  it('the same key with a different body is 422 {detail}; a malformed key is 400', async () => {
    const user = await createSignedInUser(t.app);
    const key = await keyOf(user);
    const headers = { ...key, 'idempotency-key': 'same-key' };
    expect((await assess(headers, EDP)).statusCode).toBe(201);
    const before = await creditsOf(t.app, user);
    const other = await assess(headers, { ...EDP, site_address: 'Rua do Ouro 1, Lisboa' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: idempotencyMessages.mismatch, code: 'idempotency_key_reused' });
    for (const bad of ['', ' ', 'ünïcode', 'has space']) {
      const res = await assess({ ...key, 'idempotency-key': bad }, EDP);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json<{ detail: string }>().detail).toBe(idempotencyMessages.badKey);
    }
    expect(await creditsOf(t.app, user)).toBe(before);
  });

  it('keys belong to one API key: the same Idempotency-Key on another key is a new request', async () => {
    const user = await createSignedInUser(t.app);
    const [a, b] = [await keyOf(user), await keyOf(user)];
    const first = await assess({ ...a, 'idempotency-key': 'shared' }, EDP);
    const second = await assess({ ...b, 'idempotency-key': 'shared' }, EDP);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json<ApiAssessment>().id).not.toBe(first.json<ApiAssessment>().id);
  });
});

describe('credits and limits', () => {
  it('without credits: 403 {detail}, no report; a failed request keeps no idempotency record', async () => {
    const poor = await createTestApp({ SIGNUP_CREDITS: '1' });
    try {
      const user = await createSignedInUser(poor.app);
      const key = await apiKeyOf(poor.app, user, 'k');
      expect((await assess(key, EDP, poor.app)).statusCode).toBe(201);
      const headers = { ...key, 'idempotency-key': 'after-top-up' };
      for (let i = 0; i < 2; i++) {
        const out = await assess(headers, EDP, poor.app);
        expect(out.statusCode).toBe(403);
        expect(out.json<{ detail: string }>().detail).toEqual(expect.any(String));
        expect(out.json<{ detail: string }>().detail.length).toBeGreaterThan(0);
      }
      expect(await reportCount(poor.app, user)).toBe(1);
      expect(await creditsOf(poor.app, user)).toBe(0);
      // Nothing kept under the key: once credits are bought, the same retry runs for real.
      const kept = await poor.database.db.select().from(idempotencyKeys).where(like(idempotencyKeys.key, '%:after-top-up'));
      expect(kept).toEqual([]);
    } finally {
      await poor.close();
    }
  });

  it('per key: 429 with Retry-After and {detail} beyond the limit; another key is not affected', async () => {
    const limited = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const user = await createSignedInUser(limited.app);
      const [a, b] = [await apiKeyOf(limited.app, user, 'k'), await apiKeyOf(limited.app, user, 'k')];
      const probe = (headers: Record<string, string>) =>
        limited.app.inject({ method: 'GET', url: '/api/v1/assessments/00000000-0000-4000-8000-000000000000', headers });
      for (let i = 0; i < 3; i++) expect((await probe(a)).statusCode).toBe(404);
      const refused = await probe(a);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ detail: string }>().detail).toMatch(new RegExp(`^${apiKeyMessages.rateLimited} Please try again in`));
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await probe(b)).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});

describe("only the owner's data", () => {
  it("another user's report is 404 on the API (JSON and PDF), whoever made it", async () => {
    const owner = await createSignedInUser(t.app);
    const intruder = await createSignedInUser(t.app);
    const ownerKey = await keyOf(owner);
    const intruderKey = await keyOf(intruder);
    const viaApi = (await assess(ownerKey, EDP)).json<ApiAssessment>().id;
    const viaScreen = (await runPipeline(t.app, owner, 'ATU33864707', 'Austria')).result.id;
    for (const id of [viaApi, viaScreen]) {
      for (const url of [`/api/v1/assessments/${id}`, `/api/v1/assessments/${id}/pdf`]) {
        const res = await t.app.inject({ method: 'GET', url, headers: intruderKey });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ detail: 'Report not found', code: 'report_not_found' });
      }
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/assessments/${id}`, headers: ownerKey })).statusCode).toBe(200);
    }
  });
});

describe('GET /api/v1/assessments/{id}/pdf', () => {
  /** A new user's assessment of `company` through /api/v1, and its PDF. */
  async function assessedPdf(company: { fiscal_number: string; country: string }) {
    const key = await keyOf(await createSignedInUser(t.app));
    const report = (await assess(key, company)).json<ApiAssessment>();
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/assessments/${report.id}/pdf`, headers: key });
    expect(res.statusCode).toBe(200);
    return { report, res };
  }

  it("is the screen's PDF, rendered on the server: %PDF, the company, every risk, the file name", async () => {
    const { report, res } = await assessedPdf({ fiscal_number: 'A28015865', country: 'ES' });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Telefonica,_S.A.pdf"; filename*=UTF-8''Telef%C3%B3nica%2C_S.A.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Telefónica, S.A.');
    expect(text).toContain(report.id);
    for (const risk of [...Object.keys(report.locationScoresMap), ...Object.keys(report.industryScoresMap)]) expect(text).toContain(risk);
    // A filed document: the full date with the year and time in UTC, and the engine and data versions.
    const squashed = text.replace(/\s+/g, ' ');
    expect(squashed).toContain(`Date: ${formatFiledDateTime(report.created_at)}`);
    expect(formatFiledDateTime(report.created_at)).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC$/);
    expect(squashed).toContain(`Engine ${report.engine_version} | Data ${report.data_version}`);
  });

  it('writes names beyond Latin-1 with the embedded Unicode font', async () => {
    const { res } = await assessedPdf({ fiscal_number: '094019245', country: 'Greece' });
    expect(await pdfText(res.rawPayload)).toContain('ΟΡΓΑΝΙΣΜΟΣ');
    // RFC 6266: an ASCII name for old clients, the UTF-8 one percent-encoded (parentheses too).
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]*\(OTE\)\.pdf"; filename\*=UTF-8''%CE%9F%CE%A1/);
    expect(disposition).toContain('%28OTE%29.pdf');
  });
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3 and documents /api/v1 with the apiKey bearer scheme and its error answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      openapi: string;
      paths: Record<string, Record<string, { security?: Record<string, string[]>[]; responses: Record<string, unknown>; parameters?: { name: string; in: string }[] }>>;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    }>();
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toMatch(/^3\./);

    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const v1 = [
      ['/api/v1/assessments', 'post'],
      ['/api/v1/assessments/{id}', 'get'],
      ['/api/v1/assessments/{id}/pdf', 'get'],
      ['/api/v1/portfolios', 'post'],
      ['/api/v1/portfolios/{id}', 'get'],
    ] as const;
    for (const [path, method] of v1) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op!.security).toEqual([{ apiKey: [] }]);
      expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(['401', '429']));
    }
    const post = doc.paths['/api/v1/assessments']!.post!;
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '403', '409', '422']));
    expect(post.parameters).toContainEqual(expect.objectContaining({ name: 'idempotency-key', in: 'header' }));
    expect(Object.keys(doc.paths['/api/v1/portfolios']!.post!.responses)).toEqual(expect.arrayContaining(['202', '400', '409', '422']));
    // The key management is the web app's (session) call: in the team's document, not the public one.
    expect(doc.paths['/api/api-keys']).toBeUndefined();
    const internal = (await t.app.inject({ method: 'GET', url: '/api/internal/docs/json' })).json<typeof doc>();
    expect(internal.paths['/api/api-keys']?.post?.security).toEqual([{ bearerAuth: [] }]);
  });
});
