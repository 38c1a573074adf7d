import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskAssessmentResultSchema } from '../../../shared/contracts/assessment.js';
import { assessmentMessages } from '../../../shared/contracts/assessment-api.js';
import { averageScores, gradeFor, riskScore } from '../../../shared/scoring.js';
import { loadConfig } from '../../config.js';
import { INDUSTRY_RISKS, LOCATION_RISKS } from '../../providers/analyst/analyst.js';
import { COMPLETED_REASON, OpenAiAnalyst, RESPONSE_SCHEMA_NAME, responseJsonSchema, type ModelAnswer } from '../../providers/analyst/openai.js';
import { createTestApp, testEnv, type TestApp } from '../../../../test/app.js';
import { createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { analyse, creditsOf, mapOf, multipartFile } from '../../../../test/assessment-helpers.js';
import { createTestDatabase } from '../../../../test/db.js';
import { buildTestApp } from '../../../../test/providers.js';
import { SMALLEST_TEXT, smallestAnswerTo, startOpenAiPeer, type OpenAiPeer } from '../../../../test/peers/openai.js';

/**
 * The openai analyst against a local OpenAI-compatible peer, configured as in production
 * (OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL): the request it sends, the result our code
 * computes from the model's likelihoods and impacts, and every way the provider can fail.
 */

const edp = { company: 'PT500697256', location: 'Portugal', company_name: 'EDP, S.A.', address: 'Avenida 24 de Julho, 12, 1249-300 Lisboa', latitude: 38.7071, longitude: -9.1527 };

/** A valid model answer: every risk rated, levels from the name, so answers differ per risk. */
function answerFor(levels: (name: string) => [number, number] = (n) => [n.length % 6, (n.length * 7) % 6]): ModelAnswer {
  const rate = <T extends string>(names: readonly T[]) =>
    Object.fromEntries(
      names.map((name) => {
        const [likelihood, impact] = levels(name);
        return [name, { likelihood, impact, reasons: [`${name}: rated from the INFORM index and the site indicators`] }];
      }),
    ) as Record<T, { likelihood: number; impact: number; reasons: string[] }>;
  return {
    location_risks: rate(LOCATION_RISKS),
    industry_risks: rate(INDUSTRY_RISKS),
    key_takeaways_for_insurers: ['Check the flood zone.', 'Ask for the sprinkler certificate.', 'Review cyber controls.'],
  };
}

type SchemaNode = { type?: string; properties?: Record<string, SchemaNode>; required?: string[]; additionalProperties?: boolean; items?: SchemaNode };

/** Every object of the schema, with its path. */
function objectsOf(node: SchemaNode, path = '$'): [string, SchemaNode][] {
  const here: [string, SchemaNode][] = node.type === 'object' ? [[path, node]] : [];
  const props = Object.entries(node.properties ?? {}).flatMap(([k, v]) => objectsOf(v, `${path}.${k}`));
  return [...here, ...props, ...(node.items ? objectsOf(node.items, `${path}[]`) : [])];
}

let peer: OpenAiPeer;
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  peer = await startOpenAiPeer(() => answerFor());
  t = await createTestApp({
    OPENAI_API_KEY: peer.apiKey,
    OPENAI_BASE_URL: peer.baseUrl,
    OPENAI_MODEL: 'gpt-4o-mini',
    SIGNUP_CREDITS: '1000',
    ANALYSIS_RATE_LIMIT_PER_HOUR: '1000',
  });
  user = await createSignedInUser(t.app);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

describe('the openai analyst', () => {
  it('sends the company, the computed indicators and the map, asking for strict structured output', async () => {
    const png = (await mapOf(t.app, user, edp.latitude, edp.longitude)).rawPayload;
    const res = await analyse(t.app, user, edp, multipartFile(png));
    expect(res.statusCode, res.body).toBe(200);

    const req = peer.completions().at(-1)!;
    expect(req.headers.authorization).toBe(`Bearer ${peer.apiKey}`);
    const body = req.json as {
      model: string;
      messages: { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[];
      response_format: { type: string; json_schema: { name: string; strict: boolean; schema: Record<string, unknown> } };
    };
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.response_format).toEqual({ type: 'json_schema', json_schema: { name: RESPONSE_SCHEMA_NAME, strict: true, schema: responseJsonSchema() } });
    const schema = body.response_format.json_schema.schema as { additionalProperties: boolean; required: string[] };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(['location_risks', 'industry_risks', 'key_takeaways_for_insurers']);
    expect(JSON.stringify(schema)).not.toContain('$schema');
    // Strict structured output: every object closed and every property required, so each risk
    // is a property the model must fill.
    const root = body.response_format.json_schema.schema as SchemaNode;
    for (const [path, node] of objectsOf(root)) {
      expect(node.additionalProperties, path).toBe(false);
      expect(node.required, path).toEqual(Object.keys(node.properties ?? {}));
    }
    expect(root.properties!.location_risks!.required).toEqual([...LOCATION_RISKS]);
    expect(root.properties!.industry_risks!.required).toEqual([...INDUSTRY_RISKS]);

    expect(body.messages[0]!.role).toBe('system');
    // An English reader's account: the model is not asked for another language.
    expect(body.messages[0]!.content).not.toMatch(/Write every reason and key takeaway in/);
    const user0 = body.messages[1]!;
    expect(user0.role).toBe('user');
    const parts = user0.content as { type: string; text?: string; image_url?: { url: string } }[];
    const text = parts.find((p) => p.type === 'text')!.text!;
    for (const fact of ['EDP, S.A.', 'PT500697256', 'Portugal', 'Distance to the sea coast', 'People living within 10 km', 'INFORM Global Risk Index 2020', 'NACE D35']) {
      expect(text, fact).toContain(fact);
    }
    // The same site evidence as the embedded report, one line per location risk, with datasets.
    expect(text).toContain('Site evidence (measured at the site');
    for (const name of LOCATION_RISKS) expect(text, name).toMatch(new RegExp(`\\n- ${name.replace(/[/]/g, '\\/')} \\(rule-based level \\d/5\\): `));
    expect(text).toMatch(/Earthquake \(rule-based level \d\/5\): .*NOAA NCEI significant earthquakes: strongest shaking on record at the site: M\d\.\d /);
    expect(text).toMatch(/ETOPO5: \d+ m above sea level, 0\.\d km from the coast/);
    expect((body.messages[0]!.content as string)).toContain('Rate each location risk from the site evidence given');
    expect(parts.find((p) => p.type === 'image_url')!.image_url!.url).toBe(`data:image/png;base64,${png.toString('base64')}`);
  });

  it("asks the model to write in the account's language", async () => {
    const polish = await createSignedInUser(t.app);
    const saved = await t.app.inject({ method: 'PUT', url: '/api/auth/me/settings', headers: polish.headers, payload: { locale: 'pl' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const png = (await mapOf(t.app, polish, edp.latitude, edp.longitude)).rawPayload;
    const res = await analyse(t.app, polish, edp, multipartFile(png));
    expect(res.statusCode, res.body).toBe(200);
    const body = peer.completions().at(-1)!.json as { messages: { role: string; content: unknown }[] };
    expect(body.messages[0]!.content).toContain('Write every reason and key takeaway in Polish');
  });

  it('keeps the model to likelihood, impact and reasons: our code computes every score and grade', async () => {
    const expected = answerFor();
    const res = await analyse(t.app, user, edp);
    const result = riskAssessmentResultSchema.parse(res.json());
    const all = Object.entries({ ...expected.location_risks, ...expected.industry_risks });
    expect(all).toHaveLength(LOCATION_RISKS.length + INDUSTRY_RISKS.length);
    for (const [name, risk] of all) {
      const entry = result.locationScoresMap[name] ?? result.industryScoresMap[name];
      expect(entry, name).toEqual({ rawLikelihood: risk.likelihood, impact: risk.impact, score: riskScore(risk.likelihood, risk.impact), grade: gradeFor(riskScore(risk.likelihood, risk.impact)) });
    }
    expect(result.location_risk.Flood?.reason).toEqual(expected.location_risks.Flood.reasons);
    expect(result.key_takeaways_for_insurers).toEqual(expected.key_takeaways_for_insurers);
  });

  it('gives a consistent report for any valid model answer (property)', async () => {
    const level = fc.integer({ min: 0, max: 5 });
    const names = [...LOCATION_RISKS, ...INDUSTRY_RISKS];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(level, level), { minLength: names.length, maxLength: names.length }), async (levels) => {
        const byName = new Map(names.map((n, i) => [n as string, levels[i]!]));
        peer.answer = () => answerFor((n) => byName.get(n)!);
        const result = riskAssessmentResultSchema.parse((await analyse(t.app, user, edp)).json());
        const loc = Object.values(result.locationScoresMap).map((e) => e.score);
        const ind = Object.values(result.industryScoresMap).map((e) => e.score);
        const avg = averageScores(loc, ind);
        expect(result.avgLocationRisk).toBe(avg.avgLocationRisk);
        expect(result.avgIndustryRisk).toBe(avg.avgIndustryRisk);
        expect(result.overallScore).toBe(avg.overallScore);
        expect(result.overallScoreGrade).toBe(gradeFor(result.overallScore));
        for (const e of [...Object.values(result.locationScoresMap), ...Object.values(result.industryScoresMap)]) {
          expect(e.score).toBeGreaterThanOrEqual(0);
          expect(e.score).toBeLessThanOrEqual(100);
          expect(e.grade).toBe(gradeFor(e.score));
        }
      }),
      { numRuns: 15 },
    );
    peer.answer = () => answerFor();
  });

  it("turns the provider's 429 into ours, with user_message and its Retry-After", async () => {
    peer.mode = 'rate_limited';
    try {
      const res = await analyse(t.app, user, edp);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ user_message: assessmentMessages.rateLimited, detail: assessmentMessages.rateLimited });
      expect(res.headers['retry-after']).toBe('20');
    } finally {
      peer.mode = 'ok';
    }
  });

  it('makes a whole report from the smallest answer the schema it sent allows', async () => {
    // The peer answers the least the request's own schema requires: were a risk ever optional
    // again, it would be missing here and the report would not be the model's.
    peer.answer = smallestAnswerTo;
    try {
      const res = await analyse(t.app, user, edp);
      expect(res.statusCode, res.body).toBe(200);
      const result = riskAssessmentResultSchema.parse(res.json());
      expect(Object.keys(result.location_risk)).toEqual([...LOCATION_RISKS]);
      expect(Object.keys(result.sector_specific_risk)).toEqual([...INDUSTRY_RISKS]);
      for (const entry of [...Object.values(result.location_risk), ...Object.values(result.sector_specific_risk)]) {
        expect(entry.reason).toEqual([SMALLEST_TEXT]);
      }
      for (const entry of [...Object.values(result.locationScoresMap), ...Object.values(result.industryScoresMap)]) {
        expect(entry).toMatchObject({ rawLikelihood: 0, impact: 0 });
      }
      expect(result.key_takeaways_for_insurers).toEqual([SMALLEST_TEXT, SMALLEST_TEXT, SMALLEST_TEXT]);
    } finally {
      peer.answer = () => answerFor();
    }
  });

  it('rates a risk the model left out with the embedded engine, and says so in its reasons', async () => {
    const a = answerFor() as { location_risks: Partial<ModelAnswer['location_risks']>; industry_risks: ModelAnswer['industry_risks'] };
    delete a.location_risks.Flood;
    a.industry_risks.Cyber.reasons = ['  '];
    peer.answer = () => a;
    const before = await creditsOf(t.app, user);
    try {
      const res = await analyse(t.app, user, edp);
      expect(res.statusCode, res.body).toBe(200);
      const result = riskAssessmentResultSchema.parse(res.json());
      for (const completed of [result.location_risk.Flood, result.sector_specific_risk.Cyber]) {
        expect(completed!.reason[0]).toBe(COMPLETED_REASON);
        expect(completed!.reason.length).toBeGreaterThan(1);
      }
      const earthquake = answerFor().location_risks.Earthquake;
      expect(result.location_risk.Earthquake!.reason).toEqual(earthquake.reasons);
      expect(result.locationScoresMap.Earthquake).toMatchObject({ rawLikelihood: earthquake.likelihood, impact: earthquake.impact });
      expect(await creditsOf(t.app, user)).toBe(before - 1);
    } finally {
      peer.answer = () => answerFor();
    }
  });

  it('answers 502 {detail} for every answer that is not a whole, valid assessment, and spends nothing', async () => {
    const before = await creditsOf(t.app, user);
    const invalid: (() => void)[] = [
      () => (peer.mode = 'not_json'),
      () => (peer.mode = 'wrong_shape'),
      () => (peer.mode = 'refusal'),
      () => (peer.mode = 'length'),
      () => (peer.mode = 'server_error'),
      () => {
        const a = answerFor();
        a.location_risks.Flood.likelihood = 7;
        peer.answer = () => a;
      },
      () => {
        const a = answerFor();
        (a.location_risks as Record<string, unknown>).Meteorite = a.location_risks.Flood;
        peer.answer = () => a;
      },
      () => {
        const a = answerFor();
        (a as Partial<ModelAnswer>).industry_risks = undefined;
        peer.answer = () => a;
      },
    ];
    for (const setUp of invalid) {
      setUp();
      const res = await analyse(t.app, user, edp);
      expect(res.statusCode, `${peer.mode} ${res.body}`).toBe(502);
      expect(res.json().detail).toMatch(/No credit was used/);
      peer.mode = 'ok';
      peer.answer = () => answerFor();
    }
    expect(await creditsOf(t.app, user)).toBe(before);
  });
});

describe('the openai analyst, misconfigured or slow', () => {
  async function appWith(analyst: OpenAiAnalyst): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
    const config = loadConfig({ ...testEnv, SIGNUP_CREDITS: '5' });
    const database = await createTestDatabase();
    const { app, closeProviders } = await buildTestApp({ config, database, analyst });
    await app.ready();
    return { app, close: async () => (await app.close(), await closeProviders(), await database.close()) };
  }

  it('answers 408 with the timed-out message when the provider does not answer in time', async () => {
    const log = { warn: () => {}, error: () => {} };
    const slow = await appWith(new OpenAiAnalyst({ baseUrl: peer.baseUrl, apiKey: peer.apiKey, model: 'gpt-4o-mini', log, timeoutMs: 300 }));
    peer.mode = 'hang';
    try {
      const someone = await createSignedInUser(slow.app);
      const res = await analyse(slow.app, someone, edp);
      expect(res.statusCode).toBe(408);
      expect(res.json()).toEqual({ detail: 'Analysis timed out - please try again', code: 'analysis_timeout' });
      expect(await creditsOf(slow.app, someone)).toBe(5);
    } finally {
      peer.mode = 'ok';
      await slow.close();
    }
  });

  it('answers 502 when the provider refuses our key', async () => {
    const errors: string[] = [];
    const log = { warn: () => {}, error: (_o: object, msg: string) => void errors.push(msg) };
    const wrongKey = await appWith(new OpenAiAnalyst({ baseUrl: peer.baseUrl, apiKey: 'sk-wrong', model: 'gpt-4o-mini', log }));
    try {
      const someone = await createSignedInUser(wrongKey.app);
      const res = await analyse(wrongKey.app, someone, edp);
      expect(res.statusCode).toBe(502);
      expect(res.json().detail).toBe('The AI analysis service is unavailable right now. No credit was used - please try again in a few minutes.');
      expect(errors).toContain('AI analysis provider refused the request');
    } finally {
      await wrongKey.close();
    }
  });
});
