import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyDataSchema, riskAssessmentResultSchema } from '../../../shared/contracts/assessment.js';
import { analysisResponseSchema, reportResponseSchema, reportsListResponseSchema, sampleCompaniesResponseSchema } from '../../../shared/contracts/assessment-api.js';
import { EU_COUNTRIES } from '../../../shared/countries.js';
import { gradeFor, riskScore } from '../../../shared/scoring.js';
import { RULES_REVISION } from '../../engine/index.js';
import { INDUSTRY_RISKS, LOCATION_RISKS } from '../../providers/analyst/analyst.js';
import { createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { analyse, creditsOf, lisbonCompany, mapOf, multipartFile, runPipeline, scrape, search, TINY_PNG, type AnalysisRequest } from '../../../../test/assessment-helpers.js';
import { useTestApp } from '../../../../test/app.js';

/** The whole assessment on the embedded providers (sample directory, offline gazetteer, offline map, embedded analyst). */

const t = useTestApp({ SIGNUP_CREDITS: '20', ANALYSIS_RATE_LIMIT_PER_HOUR: '50' });
let ana: TestUser;
let bob: TestUser;
beforeAll(async () => {
  [ana, bob] = await Promise.all([createSignedInUser(t.app), createSignedInUser(t.app)]);
});

describe('the map frame (call 12)', () => {
  it('answers the picture\'s bounds around the point in Web Mercator, so the client can place a pin', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/maps/company', headers: ana.headers, payload: { latitude: 48.137, longitude: 11.575 } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-map-projection']).toBe('EPSG:3857');
    const [west, south, east, north] = String(res.headers['x-map-bounds']).split(',').map(Number) as [number, number, number, number];
    expect(west).toBeLessThan(11.575);
    expect(east).toBeGreaterThan(11.575);
    expect(south).toBeLessThan(48.137);
    expect(north).toBeGreaterThan(48.137);
    // 100 km across at München's latitude: about 1.35° of longitude.
    expect(east - west).toBeCloseTo(100 / (111.195 * Math.cos((48.137 * Math.PI) / 180)), 2);
  });
});

describe('the pipeline, calls 9–13', () => {
  it('finds, places, maps and scores a sample company, spends one credit and stores the report', async () => {
    const access = await t.app.inject({ method: 'POST', url: '/api/stripe/validate-service-access', headers: ana.headers });
    expect(access.json()).toMatchObject({ allowed: true });
    const before = await creditsOf(t.app, ana);

    const { links, company, png, result } = await runPipeline(t.app, ana, 'PT 500 697 256', 'Portugal');
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/\/api\/companies\/sample\/PT500697256\?exp=\d+&sig=/);
    // EDP as the sample directory gives it: complete, so no register is asked (no legal form, status or officers).
    expect(companyDataSchema.parse(company)).toEqual(
      lisbonCompany({
        fiscal_number: 'PT500697256',
        latitude: expect.closeTo(38.72, 1),
        longitude: expect.closeTo(-9.14, 1),
        geocode_precision: expect.stringMatching(/^(postal_code|city)$/),
        activity: expect.objectContaining({ nace_code: '35.11', inferred_from: 'source' }),
        sources: ['sample', 'offline gazetteer'],
      }),
    );
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    riskAssessmentResultSchema.parse(result);
    expect(Object.keys(result.locationScoresMap)).toEqual([...LOCATION_RISKS]);
    expect(Object.keys(result.industryScoresMap)).toEqual([...INDUSTRY_RISKS]);
    for (const [name, entry] of Object.entries({ ...result.locationScoresMap, ...result.industryScoresMap })) {
      expect(entry.score, name).toBe(riskScore(entry.rawLikelihood, entry.impact));
      expect(entry.grade, name).toBe(gradeFor(entry.score));
    }
    for (const name of LOCATION_RISKS) expect(result.location_risk[name]?.reason.length).toBeGreaterThan(0);
    for (const name of INDUSTRY_RISKS) expect(result.sector_specific_risk[name]?.reason.length).toBeGreaterThan(0);
    expect(result.key_takeaways_for_insurers.length).toBeGreaterThan(0);
    expect(await creditsOf(t.app, ana)).toBe(before - 1);

    const list = reportsListResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/reports', headers: ana.headers })).json());
    expect(list.items[0]).toEqual({
      id: result.id,
      created_at: result.created_at,
      company_name: 'EDP, S.A.',
      country: 'Portugal',
      overallScore: result.overallScore,
      overallScoreGrade: result.overallScoreGrade,
      sample: true,
    });
    const raw = (await t.app.inject({ method: 'GET', url: `/api/reports/${result.id}`, headers: ana.headers })).json();
    // Which engine and data made it: the package version with the rules revision, and the data's hash.
    expect(raw.result.engine_version).toBe(`${t.config.version}+rules.${RULES_REVISION}`);
    expect(raw.result.data_version).toMatch(/^sha256:[0-9a-f]{12}$/);
    const reopened = reportResponseSchema.parse(raw);
    // The site is the registered office here (no site address, no pin), beside company_data; the
    // site type rated (EDP's typical site, a plant, assumed) is stored with both.
    const rated = { site_type: 'plant', site_type_assumed: true } as const;
    // Call 13 answers the screening and the language beside the result; the report holds them at its top level.
    const { screening, locale, ...plain } = analysisResponseSchema.parse(result);
    expect(screening?.status).toBe('not_screened'); // the bundled UN list is older than 7 days; EU and UK ship empty
    expect(locale).toBe('en');
    expect(reopened).toEqual({
      company_data: { ...company, ...rated },
      result: plain,
      site: { address: company.address, latitude: company.latitude, longitude: company.longitude, precision: company.geocode_precision, ...rated },
      screening,
      locale: 'en',
      risk_names: Object.fromEntries([...LOCATION_RISKS, ...INDUSTRY_RISKS].map((name) => [name, name])),
    });
    // A report stored before the versions were recorded still opens, without them.
    await t.database.db.execute(sql`update reports set result = result - 'engine_version' - 'data_version' where id = ${result.id}`);
    const old = await t.app.inject({ method: 'GET', url: `/api/reports/${result.id}`, headers: ana.headers });
    expect(old.statusCode).toBe(200);
    expect(old.json().result).not.toHaveProperty('engine_version');
    expect(reportResponseSchema.parse(old.json()).result).toEqual({ ...plain, engine_version: undefined, data_version: undefined });
    const map = await t.app.inject({ method: 'GET', url: `/api/reports/${result.id}/map.png`, headers: ana.headers });
    expect(map.statusCode).toBe(200);
    expect(map.headers['content-type']).toBe('image/png');
  });

  it('gives the same report for the same company (the embedded engine is deterministic)', async () => {
    const a = await runPipeline(t.app, bob, 'EL094019245', 'Greece');
    const b = await runPipeline(t.app, bob, '094019245', 'Greece');
    const strip = (r: typeof a.result) => {
      const { screening, ...rest } = analysisResponseSchema.parse(r);
      return { ...rest, id: '', created_at: '', screening: screening && { ...screening, screened_at: '' } };
    };
    expect(strip(b.result)).toEqual(strip(a.result));
    expect(a.company.city).toBe('Μαρούσι');
  });

  it('lists reports newest first, page by page, and only the own ones', async () => {
    const page1 = (await t.app.inject({ method: 'GET', url: '/api/reports?page=1&page_size=1', headers: bob.headers })).json();
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/reports?page=2&page_size=1', headers: bob.headers })).json();
    expect(page1.total).toBe(2);
    expect(page1.items).toHaveLength(1);
    expect(page2.items).toHaveLength(1);
    expect(page1.items[0].created_at >= page2.items[0].created_at).toBe(true);
    expect(page1.items[0].id).not.toBe(page2.items[0].id);
    const bad = await t.app.inject({ method: 'GET', url: '/api/reports?page=0', headers: bob.headers });
    expect(bad.statusCode).toBe(400);
  });

  it("answers 404 for another user's report, its map and for ids that do not exist", async () => {
    const mine = (await t.app.inject({ method: 'GET', url: '/api/reports', headers: ana.headers })).json().items[0].id as string;
    for (const url of [`/api/reports/${mine}`, `/api/reports/${mine}/map.png`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bob.headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Report not found' });
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/reports/${encodeURIComponent(id)}`, headers: ana.headers })).statusCode).toBe(404);
    }
  });

  it('requires a signed-in user for every call but the sample list', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/search/company/PT500697256-Portugal' },
      { method: 'POST' as const, url: '/api/scrape/company', payload: { links: ['x'] } },
      { method: 'POST' as const, url: '/api/maps/company', payload: { latitude: 1, longitude: 1 } },
      { method: 'POST' as const, url: '/api/openai/company?company=x' },
      { method: 'GET' as const, url: '/api/reports' },
    ];
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(res.statusCode, call.url).toBe(401);
      expect(res.json().detail).toBeTruthy();
    }
    const samples = await t.app.inject({ method: 'GET', url: '/api/companies/samples' });
    expect(samples.statusCode).toBe(200);
    const list = sampleCompaniesResponseSchema.parse(samples.json());
    expect(new Set(list.map((s) => s.country)).size).toBe(27);
    expect(list).toContainEqual({ name: 'EDP, S.A.', fiscal_number: 'PT500697256', country: 'Portugal' });
  });
});

describe('call 10: search', () => {
  it('normalises spaces, dots, dashes and the country prefix (EL for Greece), and splits at the last hyphen', async () => {
    for (const [number, country] of [
      ['pt 500.697.256', 'Portugal'],
      ['PT-500-697-256', 'Portugal'],
      ['EL 094 019 245', 'Greece'],
      ['GR094019245', 'Greece'],
      ['ATU33864707', 'Austria'],
      ['CZ00177041', 'Czech Republic'],
      ['nl805734958b01', 'Netherlands'],
    ] as const) {
      const res = await search(t.app, ana, number, country);
      expect(res.statusCode, `${number} ${country}`).toBe(200);
      expect(res.json().links).toHaveLength(1);
    }
  });

  it('refuses a bad number for every country, naming the real problem, before any lookup', async () => {
    for (const country of EU_COUNTRIES) {
      const res = await search(t.app, ana, '12', country.name);
      expect(res.statusCode, country.name).toBe(400);
      const format = country.vatFormat.replace(/[()]/g, '\\$&');
      if (country.iso2 === 'RO') {
        // Romania takes 2 to 10 digits: the length is right, the check digit is not
        expect(res.json()).toEqual({ detail: 'Invalid VAT number for Romania: the check digit does not match: please check the number.', code: 'vat_check_digit' });
      } else {
        expect(res.json().detail).toMatch(new RegExp(`^Invalid VAT number for ${country.name}: it has 2 digits, expected ${format} \\(e\\.g\\. ${country.vatPrefix} \\S+\\)$`));
        expect(res.json().code, country.name).toBe('vat_wrong_length');
      }
    }
    for (const [number, country, detail, code] of [
      ['50069725', 'Portugal', 'Invalid VAT number for Portugal: it has 8 digits, expected 9 digits (e.g. PT 500697256)', 'vat_wrong_length'],
      ['5006972X6', 'Portugal', "Invalid VAT number for Portugal: it contains 'X', expected 9 digits (e.g. PT 500697256)", 'vat_wrong_characters'],
      ['501964842', 'Portugal', 'Invalid VAT number for Portugal: the check digit does not match: please check the number.', 'vat_check_digit'],
      // a 9-digit number with a bad check digit: no more "expected 9 digits"
      ['500697257', 'Portugal', 'Invalid VAT number for Portugal: the check digit does not match: please check the number. Or choose Greece: this looks like a Greek (EL) number.', 'vat_check_digit'],
      ['IT00743110157', 'France', 'Invalid VAT number for France: this looks like an Italian (IT) number. Choose Italy as the country, or check the number.', 'vat_other_state'],
      ['ES500697256', 'Portugal', 'Invalid VAT number for Portugal: this looks like a Spanish (ES) number. Choose Spain as the country, or check the number.', 'vat_other_state'],
      ['2403019261', 'Belgium', 'Invalid VAT number for Belgium: this looks like a Bulgarian (BG) number. Choose Bulgaria as the country, or check the number.', 'vat_other_state'],
      ['DE12345678', 'Germany', 'Invalid VAT number for Germany: it has 8 digits, expected 9 digits (e.g. DE 143454214)', 'vat_wrong_length'],
      ['ATU1234567', 'Austria', 'Invalid VAT number for Austria: it has 8 characters, expected U followed by 8 digits (e.g. AT U33864707)', 'vat_wrong_length'],
      ['FR12345678901', 'France', 'Invalid VAT number for France: the check digit does not match: please check the number.', 'vat_check_digit'],
    ] as const) {
      const res = await search(t.app, ana, number, country);
      expect(res.statusCode, number).toBe(400);
      expect(res.json(), number).toEqual({ detail, code });
    }
  });

  it('refuses countries outside the EU and a query without a country', async () => {
    const norway = await search(t.app, ana, '923609016', 'Norway');
    expect(norway.statusCode).toBe(400);
    expect(norway.json().detail).toBe("Unsupported country 'Norway': Corisk covers the 27 EU member states.");
    const none = await t.app.inject({ method: 'GET', url: '/api/search/company/500697256', headers: ana.headers });
    expect(none.statusCode).toBe(400);
  });

  it('answers 404 when no source knows a valid number', async () => {
    const res = await search(t.app, ana, '501964843', 'Portugal');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No company with VAT number PT 501964843 was found in Portugal.', code: 'company_not_found' });
  });
});

describe('call 11: scrape', () => {
  it('accepts only links this server issued to this user', async () => {
    const { links } = (await search(t.app, ana, 'PT500697256', 'Portugal')).json<{ links: string[] }>();
    const link = links[0]!;
    expect((await scrape(t.app, ana, [link])).statusCode).toBe(200);
    const refused = [
      link.replace('PT500697256', 'PT501964843'),
      link.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
      link.replace('/sample/', '/vies/'),
      link.replace(/^http:\/\/[^/]+/, 'http://169.254.169.254'),
      'http://127.0.0.1:5432/',
      'file:///etc/passwd',
      'https://www.racius.com/edp-s-a/',
    ];
    for (const bad of refused) {
      const res = await scrape(t.app, ana, [bad]);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().detail).toBe('Unknown company link: only the links of the company search are accepted.');
    }
    // Bob cannot use Ana's links.
    expect((await scrape(t.app, bob, [link])).statusCode).toBe(400);
    // Links of two companies at once.
    const other = (await search(t.app, ana, 'ESA28015865', 'Spain')).json<{ links: string[] }>().links[0]!;
    expect((await scrape(t.app, ana, [link, other])).json().detail).toBe('The links name different companies. Send the links of one company search.');
    expect((await scrape(t.app, ana, [])).statusCode).toBe(400);
  });
});

describe('call 12: map', () => {
  it('renders a PNG and refuses bad coordinates', async () => {
    const ok = await mapOf(t.app, ana, 48.1374, 11.5755);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.rawPayload.subarray(0, 8)).toEqual(TINY_PNG.subarray(0, 8));
    for (const [lat, lon] of [
      [95, 10],
      [88, 10],
      [10, 200],
      ['north', 10],
      [null, 10],
    ]) {
      const res = await mapOf(t.app, ana, lat, lon);
      expect(res.statusCode, `${lat},${lon}`).toBe(400);
      expect(res.json().detail).toBeTruthy();
    }
  });
});

describe('call 13: analysis input', () => {
  const edp = { company: 'PT500697256', location: 'Portugal', company_name: 'EDP, S.A.', address: 'Avenida 24 de Julho, 12, 1249-300 Lisboa' };

  it('works from its query and image alone, placing the address itself', async () => {
    const fresh = await createSignedInUser(t.app);
    const res = await analyse(t.app, fresh, { company: 'ESA15075062', location: 'Spain', company_name: 'Industria de Diseño Textil, S.A. (Inditex)', address: 'Avenida de la Diputación, Edificio Inditex, 15142 Arteixo (A Coruña)' });
    expect(res.statusCode, res.body).toBe(200);
    const report = (await t.app.inject({ method: 'GET', url: `/api/reports/${res.json().id}`, headers: fresh.headers })).json();
    expect(report.company_data).toMatchObject({ country: 'Spain', fiscal_number: 'ESA15075062', sample: true });
    expect(report.company_data.latitude).toBeCloseTo(43.3, 0);
  });

  it('takes the image as PNG or JPEG only, up to 5 MB, by its content', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    expect((await analyse(t.app, ana, edp, multipartFile(jpeg, { filename: 'map.jpg', contentType: 'image/jpeg' }))).statusCode).toBe(200);

    const cases: [ReturnType<typeof multipartFile> | { payload: Buffer; headers: Record<string, string> }, number, string][] = [
      [multipartFile(Buffer.from('GIF89a not a png'), { contentType: 'image/png' }), 400, 'The map image must be a PNG or JPEG file.'],
      [multipartFile(TINY_PNG, { field: 'picture' }), 400, "Send the location map as a multipart form field named 'image' (PNG or JPEG)."],
      [{ payload: Buffer.from('{}'), headers: { 'content-type': 'application/json' } }, 400, "Send the location map as a multipart form field named 'image' (PNG or JPEG)."],
      [multipartFile(Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)])), 413, 'The map image is larger than 5 MB.'],
    ];
    for (const [body, status, detail] of cases) {
      const before = await creditsOf(t.app, ana);
      const res = await analyse(t.app, ana, edp, body);
      expect(res.statusCode, detail).toBe(status);
      expect(res.json().detail).toBe(detail);
      expect(await creditsOf(t.app, ana)).toBe(before);
    }
  });

  it('validates the query', async () => {
    const cases: [Partial<AnalysisRequest>, RegExp][] = [
      [{ ...edp, company_name: undefined }, /company_name/],
      [{ ...edp, location: 'Atlantis' }, /Unsupported country 'Atlantis'/],
      [{ ...edp, company: '123' }, /Invalid VAT number for Portugal/],
      [{ ...edp, latitude: 38.7 }, /latitude and longitude go together/],
      [{ ...edp, latitude: 'abc', longitude: 1 }, /latitude must be a number/],
      [{ ...edp, latitude: 91, longitude: 1 }, /latitude must be between -90 and 90/],
    ];
    for (const [query, detail] of cases) {
      const res = await analyse(t.app, ana, query as AnalysisRequest);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
  });
});
