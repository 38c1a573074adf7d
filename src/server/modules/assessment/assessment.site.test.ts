import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { createSignedInUser } from '../../../../test/auth.js';
import { creditsOf, reportCount } from '../../../../test/assessment-helpers.js';
import { providersOf } from '../../../../test/providers.js';
import { SignedLinks } from '../../lib/signed-links.js';
import { createAnalyst } from '../../providers/analyst/factory.js';
import { createCompanySources } from '../../providers/companies/factory.js';
import { createGeocoder, type DeadlineGeocoder } from '../../providers/geocoder/factory.js';
import type { GeocodeQuery } from '../../providers/geocoder/geocoder.js';
import { OfflineMapRenderer } from '../../providers/maps/offline.js';
import { createCredits } from '../billing/index.js';
import { createCompanies } from '../companies/index.js';
import { createReports, type Reports } from '../reports/index.js';
import { JobQueue } from '../../db/job-queue.js';
import { createScreening } from '../screening/index.js';
import { RollingHourLimiter } from './analysis-rate-limit.js';
import { AssessmentService } from './assessment.service.js';
import type { Assessments } from './index.js';

/**
 * Server-side runs (portfolios, the public API): the whole pipeline from a fiscal number and a
 * country, one credit per stored report, the same request key never spending twice.
 * Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
 */

const quiet = { info() {}, warn() {}, error() {} };

describe('assessSite', () => {
  let t: TestApp;
  let assessments: Assessments;
  let reports: Reports;
  /** The assessment module over the test app's database, with the providers its config selects (or this geocoder). */
  const build = (geocoder?: DeadlineGeocoder) => {
    const { config } = t;
    const db = t.database.db;
    const maps = new OfflineMapRenderer();
    const screening = createScreening({ database: t.database, jobs: new JobQueue(t.database.jobQueueDb, quiet), config: config.sanctions, log: quiet }).screenings;
    const built = createReports({ db, maps, screening, productName: config.productName, appUrl: config.appUrl });
    const companies = createCompanies({
      db,
      sources: createCompanySources(config),
      geocoder: geocoder ?? createGeocoder(config, quiet),
      links: new SignedLinks({ baseUrl: config.appUrl, secret: config.jwtSecret }),
      log: quiet,
    });
    const service = new AssessmentService({
      db,
      config,
      companies,
      reports: built,
      screening,
      maps,
      analyst: createAnalyst(config, quiet),
      limiter: new RollingHourLimiter(providersOf(t.app).rateLimitStore, 1, () => {}),
      credits: createCredits(db),
      log: quiet,
    });
    return { service, reports: built };
  };
  beforeAll(async () => {
    t = await createTestApp({ SIGNUP_CREDITS: '4', ANALYSIS_RATE_LIMIT_PER_HOUR: '1' });
    ({ service: assessments, reports } = build());
  });
  afterAll(() => t.close());

  it('checks a site without I/O: country by name or ISO code, check digits, words for what is wrong', () => {
    expect(assessments.checkSite({ fiscalNumber: '500697256', country: 'Portugal' })).toEqual({
      ok: true,
      vat: 'PT500697256',
      countryName: 'Portugal',
      countryIso2: 'PT',
    });
    expect(assessments.checkSite({ fiscalNumber: 'PT 500 697 256', country: 'pt' })).toMatchObject({ ok: true, vat: 'PT500697256' });
    expect(assessments.checkSite({ fiscalNumber: '500697257', country: 'PT' })).toEqual({
      ok: false,
      problem: expect.stringMatching(/^Invalid VAT number for Portugal: the check digit does not match: please check the number\./) as string,
      code: 'vat_check_digit',
    });
    expect(assessments.checkSite({ fiscalNumber: 'IT00743110157', country: 'FR' })).toEqual({
      ok: false,
      problem: 'Invalid VAT number for France: this looks like an Italian (IT) number. Choose Italy as the country, or check the number.',
      code: 'vat_other_state',
    });
    expect(assessments.checkSite({ fiscalNumber: '500697256', country: 'Narnia' })).toEqual({
      ok: false,
      problem: "Unsupported country 'Narnia': Corisk covers the 27 EU member states.",
    });
    expect(assessments.checkSite({ fiscalNumber: '', country: 'PT' })).toEqual({ ok: false, problem: 'The fiscal number is missing.' });
    expect(assessments.checkSite({ fiscalNumber: '500697256', country: ' ' })).toEqual({ ok: false, problem: 'The country is missing.' });
  });

  it('runs the whole pipeline, past the hourly limit, and a replay of the same key spends nothing', async () => {
    const user = await createSignedInUser(t.app);
    const first = await assessments.assessSite(user.user_id, { fiscalNumber: '500697256', country: 'Portugal' }, { requestKey: 'test:1' });
    expect(first.replayed).toBe(false);
    expect(first.report.company_data).toMatchObject({ name: 'EDP, S.A.', fiscal_number: 'PT500697256', country: 'Portugal' });
    expect(first.report.result.id).toBe(first.reportId);
    expect(first.report.result.overallScoreGrade).toMatch(/^[ABCDF]$/);
    // The hourly limit of 1 does not apply to server-side runs.
    const second = await assessments.assessSite(user.user_id, { fiscalNumber: '500697256', country: 'PT' }, { requestKey: 'test:2' });
    expect(second.reportId).not.toBe(first.reportId);
    const again = await assessments.assessSite(user.user_id, { fiscalNumber: '500697256', country: 'Portugal' }, { requestKey: 'test:1' });
    expect(again).toMatchObject({ reportId: first.reportId, replayed: true });
    expect(again.report.result).toEqual(first.report.result);
    expect(await creditsOf(t.app, user)).toBe(2);
    expect(await reportCount(t.app, user)).toBe(2);
  });

  it('places a second site of the company at its own address', async () => {
    const user = await createSignedInUser(t.app);
    const head = await assessments.assessSite(user.user_id, { fiscalNumber: '500697256', country: 'Portugal' }, { requestKey: 'hq' });
    const site = await assessments.assessSite(
      user.user_id,
      { fiscalNumber: '500697256', country: 'Portugal', siteAddress: 'Rua Santa Catarina 1, 4000-447 Porto' },
      { requestKey: 'porto' },
    );
    expect(site.report.company_data.name).toBe(head.report.company_data.name);
    // company_data keeps the registered office; the report's site is the Porto one.
    expect(site.report.company_data.address).toBe(head.report.company_data.address);
    expect(site.report.site).toMatchObject({ address: 'Rua Santa Catarina 1, 4000-447 Porto', latitude: site.report.company_data.latitude });
    expect(site.report.company_data.sources).toContain('site address');
    // Porto is about 270 km north of Lisbon.
    expect(site.report.company_data.latitude - head.report.company_data.latitude).toBeGreaterThan(2);
  });

  it('two sites in two districts of München: different coordinates and a different report site, the registered office kept', async () => {
    const user = await createSignedInUser(t.app);
    const siemens = { fiscalNumber: 'DE129274202', country: 'Germany' };
    const head = await assessments.assessSite(user.user_id, siemens, { requestKey: 'muc-hq' });
    const east = await assessments.assessSite(
      user.user_id,
      { ...siemens, siteAddress: 'Otto-Hahn-Ring 6, 81739 München', reference: 'Perlach campus' },
      { requestKey: 'muc-perlach' },
    );
    const [h, e] = [head.report, east.report];
    // The offline postal-code centroids place each district by its own code (80333, 81739).
    expect(h.site).toMatchObject({ address: 'Werner-von-Siemens-Straße 1, 80333 München', precision: 'postal_code' });
    expect(e.site).toMatchObject({ address: 'Otto-Hahn-Ring 6, 81739 München', precision: 'postal_code', reference: 'Perlach campus' });
    const km = Math.hypot((e.site!.latitude - h.site!.latitude) * 111, (e.site!.longitude - h.site!.longitude) * 111 * Math.cos((48.1 * Math.PI) / 180));
    // GeoNames puts both codes near the centre (81739 about 1.3 km from 80333): apart, yet in the city.
    expect(km).toBeGreaterThan(0.5);
    expect(km).toBeLessThan(20);
    expect(e.site).not.toEqual(h.site);
    // Both reports keep the registered office, and each is assessed at its own site.
    expect(e.company_data.address).toBe(h.company_data.address);
    expect([e.company_data.latitude, e.company_data.longitude]).toEqual([e.site!.latitude, e.site!.longitude]);
    // Read back from storage the same.
    expect((await reports.getReport(user.user_id, east.reportId)).site).toEqual(e.site);
  });

  it('places a site at its own address only: a registered address no geocoder can place fails nothing', async () => {
    const user = await createSignedInUser(t.app);
    const asked: GeocodeQuery[] = [];
    const offline = createGeocoder(t.config, quiet);
    const siteAddress = 'Hämeenkatu 1, 33100 Tampere';
    // Places the site's address and no other (Nokia's registered address is in Espoo).
    const siteOnly: DeadlineGeocoder = {
      name: 'site-only',
      geocode: async (query, signal) => {
        asked.push(query);
        return query.address === siteAddress ? offline.geocode(query, signal) : null;
      },
    };
    const { service } = build(siteOnly);
    const site = await service.assessSite(user.user_id, { fiscalNumber: '01120389', country: 'Finland', siteAddress }, { requestKey: 'site-only' });
    expect(site.report.company_data).toMatchObject({ name: 'Nokia Oyj', country: 'Finland' });
    expect(site.report.company_data.address).not.toBe(siteAddress);
    expect(site.report.site?.address).toBe(siteAddress);
    expect(site.report.company_data.sources).toEqual(expect.arrayContaining(['sample', 'site address']));
    expect(asked.map((q) => q.address)).toEqual([siteAddress]);
    // Tampere is about 150 km north of Espoo.
    expect(site.report.company_data.latitude).toBeGreaterThan(61.3);
    expect(await creditsOf(t.app, user)).toBe(3);
    // Without a site the registered address is placed, and this geocoder cannot: 503, nothing spent.
    await expect(
      service.assessSite(user.user_id, { fiscalNumber: '01120389', country: 'Finland' }, { requestKey: 'registered' }),
    ).rejects.toMatchObject({ status: 503, code: 'geocoder_unavailable' });
    expect(asked).toHaveLength(2);
    expect(await creditsOf(t.app, user)).toBe(3);
  });

  it('two runs of one key racing store one report and spend one credit', async () => {
    const user = await createSignedInUser(t.app);
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => assessments.assessSite(user.user_id, { fiscalNumber: '500697256', country: 'PT' }, { requestKey: 'race' })),
    );
    expect(new Set(runs.map((r) => r.reportId)).size).toBe(1);
    expect(await creditsOf(t.app, user)).toBe(3);
    expect(await reportCount(t.app, user)).toBe(1);
  });

  it('refuses an invalid site (400), an unknown company (404) and a user without credits (403), spending nothing', async () => {
    const user = await createSignedInUser(t.app);
    await expect(assessments.assessSite(user.user_id, { fiscalNumber: '1', country: 'PT' }, { requestKey: 'bad' })).rejects.toMatchObject({
      status: 400,
      code: 'vat_wrong_length',
    });
    await expect(assessments.assessSite(user.user_id, { fiscalNumber: '1', country: 'Narnia' }, { requestKey: 'bad2' })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_site',
    });
    await expect(assessments.assessSite(user.user_id, { fiscalNumber: '501964843', country: 'PT' }, { requestKey: 'unknown' })).rejects.toMatchObject({
      status: 404,
      code: 'company_not_found',
    });
    for (let i = 0; i < 4; i++) await assessments.assessSite(user.user_id, { fiscalNumber: '500697256', country: 'PT' }, { requestKey: `spend:${i}` });
    await expect(assessments.assessSite(user.user_id, { fiscalNumber: '500697256', country: 'PT' }, { requestKey: 'spend:4' })).rejects.toMatchObject({
      status: 403,
      code: 'access_denied',
    });
    expect(await creditsOf(t.app, user)).toBe(0);
    expect(await reportCount(t.app, user)).toBe(4);
    // The user's reports are theirs alone.
    const other = await createSignedInUser(t.app);
    const mine = await assessments.assessSite(other.user_id, { fiscalNumber: '500697256', country: 'PT' }, { requestKey: 'mine' });
    await expect(reports.getReport(user.user_id, mine.reportId)).rejects.toMatchObject({ status: 404 });
  });
});
