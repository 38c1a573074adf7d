import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisResponseSchema, reportResponseSchema } from '../../../shared/contracts/assessment-api.js';
import { reportScreeningSchema } from '../../../shared/contracts/screening.js';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { apiKeyOf, createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { runPipeline } from '../../../../test/assessment-helpers.js';
import { EDP_LIST_ENTRY, euListXml, startListServer, type ListServer, type TestListEntry } from '../../../../test/sanctions-list-server.js';

/**
 * Screening in the report, end to end: an EU list served by a local list server (the only list
 * configured, fresh), reports of sample companies through calls 10–13, then the analysts'
 * decisions and how they carry over. PGlite, and PostgreSQL with TEST_DB=postgres.
 */

const ADMIN = 'admin-screening@example.com';
const NOKIA_ENTRY: TestListEntry = { ref: 'EU.9002.02', subject: 'enterprise', names: ['NOKIA OYJ'], programme: 'RUS', countries: ['FI'] };

describe('screening in reports', () => {
  let t: TestApp;
  let lists: ListServer;
  let admin: TestUser;
  let user: TestUser;
  let other: TestUser;

  const refresh = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/sanctions/refresh', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ lists: { status: string }[] }>().lists;
  };
  const report = async (u: TestUser, id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/reports/${id}`, headers: u.headers });
    expect(res.statusCode).toBe(200);
    return reportResponseSchema.parse(res.json());
  };
  const decide = (u: TestUser, body: object) => t.app.inject({ method: 'POST', url: '/api/screening/decisions', headers: u.headers, payload: body });

  beforeAll(async () => {
    lists = await startListServer();
    lists.serve(euListXml([EDP_LIST_ENTRY, NOKIA_ENTRY], new Date().toISOString()));
    t = await createTestApp({
      ADMIN_EMAILS: ADMIN,
      SIGNUP_CREDITS: '10',
      ANALYSIS_RATE_LIMIT_PER_HOUR: '20',
      SANCTIONS_EU_URL: lists.url,
      SANCTIONS_UN_URL: 'off',
      SANCTIONS_UK_URL: 'off',
    });
    admin = await createSignedInUser(t.app, { email: ADMIN });
    user = await createSignedInUser(t.app);
    other = await createSignedInUser(t.app);
    expect(await refresh()).toMatchObject([{ status: 'updated' }]);
  });
  afterAll(async () => {
    await t?.close();
    await lists?.close();
  });

  let edpReport = '';

  it('a listed fiscal number is a match whatever the name; the first takeaway says no cover without a licence', async () => {
    const { result } = await runPipeline(t.app, user, 'PT500697256', 'Portugal');
    const answer = analysisResponseSchema.parse(result);
    edpReport = answer.id;
    expect(answer.screening?.status).toBe('match');
    const [hit] = answer.screening!.hits;
    expect(hit).toMatchObject({ list: 'EU', entry_id: 'EU.9001.01', listed_name: 'Lusitania Energy Trading Holdings', subject: 'company', score: 1, programme: 'UKR' });
    expect(hit!.reasons.join(' ')).toMatch(/identifier: fiscalcode 500697256 \(PT\)/);
    expect(answer.key_takeaways_for_insurers[0]).toMatch(/^Sanctions match: .*EU list entry EU\.9001\.01.*without a licence/);

    // Reopened, the report says the same; the stored result itself is not changed.
    const stored = await report(user, edpReport);
    expect(stored.screening).toEqual(answer.screening);
    expect(stored.result.key_takeaways_for_insurers).toEqual(answer.key_takeaways_for_insurers);
  });

  it('a listed name is a match; a company on no list is clear against the fresh list, with its date', async () => {
    const nokia = analysisResponseSchema.parse((await runPipeline(t.app, user, 'FI01120389', 'Finland')).result);
    expect(nokia.screening).toMatchObject({ status: 'match', hits: [{ entry_id: 'EU.9002.02', listed_name: 'NOKIA OYJ', score: expect.any(Number) }] });
    expect(nokia.screening!.hits[0]!.score).toBeGreaterThanOrEqual(0.9);

    const sap = analysisResponseSchema.parse((await runPipeline(t.app, user, 'DE143454214', 'Germany')).result);
    expect(sap.screening).toMatchObject({ status: 'clear', hits: [], lists: [{ list: 'EU', stale: false, generated_at: expect.any(String) }] });
    expect(sap.key_takeaways_for_insurers[0]).not.toMatch(/^Sanctions/);
    expect((await report(user, sap.id)).screening.status).toBe('clear');
  });

  it('decisions: validated, the owner only, recorded with who and when, and the status follows', async () => {
    expect((await decide(user, { report_id: edpReport, entry_id: 'EU.9001.01', decision: 'false_positive', note: '  ' })).statusCode).toBe(400);
    expect((await decide(user, { report_id: edpReport, entry_id: 'EU.9001.01', decision: 'maybe', note: 'x' })).statusCode).toBe(400);
    const foreign = await decide(other, { report_id: edpReport, entry_id: 'EU.9001.01', decision: 'false_positive', note: 'not ours' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Report not found', code: 'report_not_found' });
    const unknownHit = await decide(user, { report_id: edpReport, entry_id: 'EU.1.1', decision: 'false_positive', note: 'x' });
    expect(unknownHit.statusCode).toBe(404);
    expect(unknownHit.json().detail).toBe('This report has no sanctions hit on entry EU.1.1.');

    const res = await decide(user, { report_id: edpReport, entry_id: 'EU.9001.01', decision: 'false_positive', note: 'Different company: the listed trader is not EDP.' });
    expect(res.statusCode).toBe(200);
    const screening = reportScreeningSchema.parse(res.json());
    expect(screening.status).toBe('clear');
    expect(screening.hits[0]!.decision).toMatchObject({ decision: 'false_positive', note: 'Different company: the listed trader is not EDP.', decided_by: user.email });
    expect(Date.parse(screening.hits[0]!.decision!.decided_at)).toBeGreaterThan(Date.now() - 60_000);

    const reopened = await report(user, edpReport);
    expect(reopened.screening).toEqual(screening);
    // The match's takeaway goes with the match.
    expect(reopened.result.key_takeaways_for_insurers[0]).not.toMatch(/^Sanctions/);
  });

  it('a decision carries over to the next report of the company, and reopens when the list entry changes', async () => {
    const again = analysisResponseSchema.parse((await runPipeline(t.app, user, 'PT500697256', 'Portugal')).result);
    expect(again.screening?.status).toBe('clear');
    expect(again.screening?.hits[0]?.decision?.decision).toBe('false_positive');

    // Another user's decisions are theirs: the same company is a match for them.
    const theirs = analysisResponseSchema.parse((await runPipeline(t.app, other, 'PT500697256', 'Portugal')).result);
    expect(theirs.screening?.status).toBe('match');

    lists.serve(euListXml([{ ...EDP_LIST_ENTRY, names: [...EDP_LIST_ENTRY.names, 'LETH Ltd'] }, NOKIA_ENTRY], new Date().toISOString()));
    expect(await refresh()).toMatchObject([{ status: 'updated' }]);
    const changed = analysisResponseSchema.parse((await runPipeline(t.app, user, 'PT500697256', 'Portugal')).result);
    expect(changed.screening?.status).toBe('match');
    expect(changed.screening?.hits[0]?.decision).toBeUndefined();
    // The first report keeps the decision taken on the entry as it was then.
    expect((await report(user, edpReport)).screening.hits[0]!.decision?.decision).toBe('false_positive');
  });

  it('a confirmed hit is a match', async () => {
    const sap = analysisResponseSchema.parse((await runPipeline(t.app, user, 'FI01120389', 'Finland')).result);
    const res = await decide(user, { report_id: sap.id, entry_id: 'EU.9002.02', decision: 'confirmed', note: 'Same company, checked against the register.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'match', hits: [{ decision: { decision: 'confirmed' } }] });
  });

  it('a report made before screening existed says not_screened', async () => {
    const { result } = await runPipeline(t.app, user, 'DE143454214', 'Germany');
    await t.database.db.execute(sql`DELETE FROM report_screenings WHERE report_id = ${result.id}`);
    expect((await report(user, result.id)).screening).toEqual({ status: 'not_screened', screened_at: null, lists: [], hits: [] });
  });

  it('/api/v1: the report carries its screening; POST /api/v1/screenings screens a name alone, with no credit', async () => {
    const key = await apiKeyOf(t.app, user, 'screening');

    const assessed = await t.app.inject({ method: 'POST', url: '/api/v1/assessments', headers: key, payload: { fiscal_number: '01120389', country: 'FI' } });
    expect(assessed.statusCode, assessed.body).toBe(201);
    expect(assessed.json()).toMatchObject({ screening: { status: 'match', hits: [{ entry_id: 'EU.9002.02' }] } });
    const read = await t.app.inject({ method: 'GET', url: assessed.headers.location as string, headers: key });
    expect(read.json().screening).toEqual(assessed.json().screening);

    const credits = (await t.app.inject({ method: 'GET', url: '/api/stripe/plan-status', headers: user.headers })).json<{ credits: number }>().credits;
    const screen = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/screenings', headers: key, payload });
    const byId = await screen({ name: 'Some Other Name SA', country: 'PT', fiscal_number: 'PT500697256' });
    expect(byId.statusCode).toBe(200);
    expect(reportScreeningSchema.parse(byId.json())).toMatchObject({ status: 'match', hits: [{ entry_id: 'EU.9001.01', score: 1 }] });
    const byName = reportScreeningSchema.parse((await screen({ name: 'Nokia Oyj' })).json());
    expect(byName.status).toBe('match');
    // A contradicting country lowers the score, and the reasons say so.
    const foreign = reportScreeningSchema.parse((await screen({ name: 'Nokia Oyj', country: 'BR' })).json());
    expect(foreign.status).toBe('possible_match');
    expect(foreign.hits[0]!.reasons.join(' ')).toMatch(/country differs: entry FI, company BR/);
    const clear = reportScreeningSchema.parse((await screen({ name: 'Bakery Müller GmbH', country: 'de' })).json());
    expect(clear).toMatchObject({ status: 'clear', hits: [] });

    expect((await screen({ name: '' })).statusCode).toBe(400);
    const badCountry = await screen({ name: 'Nokia', country: 'Atlantis' });
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json().code).toBe('invalid_country');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/screenings', payload: { name: 'Nokia' } })).statusCode).toBe(401);
    // A session token is not an API key.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/screenings', headers: user.headers, payload: { name: 'Nokia' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/stripe/plan-status', headers: user.headers })).json<{ credits: number }>().credits).toBe(credits);
  });
});
