import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeyOf, createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { unknownCompany } from '../../../../test/portfolio-helpers.js';
import { apiAssessmentListSchema, apiPortfolioListSchema } from '../../../shared/contracts/api-v1.js';
import { portfolios, reports } from '../../db/schema.js';
import { pageMessages } from './api-v1.service.js';
import { useTestApp } from '../../../../test/app.js';

/**
 * GET /api/v1/assessments and GET /api/v1/portfolios: newest first, a page at a time with an
 * opaque cursor that new records do not disturb; only the key owner's records; limit 1–100;
 * a cursor the server did not hand out is 400 {detail}. Runs on PGlite and on PostgreSQL.
 */

const t = useTestApp({ SIGNUP_CREDITS: '20', API_RATE_LIMIT_PER_MINUTE: '1000' });

const keyOf = (user: TestUser) => apiKeyOf(t.app, user, 'lists');

/** A stored report made directly in the database, at a chosen time (SQL text, to the microsecond). */
async function storeReport(userId: string, at: string, name: string): Promise<string> {
  const id = randomUUID();
  await t.database.db.insert(reports).values({
    id,
    userId,
    companyName: name,
    fiscalNumber: null,
    country: 'Portugal',
    company: {},
    result: { id, overallScore: 42, overallScoreGrade: 'C' },
    sample: false,
    createdAt: sql`${at}::timestamptz`,
  });
  return id;
}

async function storePortfolio(userId: string, at: string, name: string): Promise<string> {
  const [row] = await t.database.db
    .insert(portfolios)
    .values({ userId, name, total: 0, createdAt: sql`${at}::timestamptz` })
    .returning({ id: portfolios.id });
  return row!.id;
}

async function getPage(url: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json<{ items: { id: string; created_at: string }[]; next: string | null }>();
}

/** Every page from the first, following `next`. */
async function allPages(path: string, headers: Record<string, string>, limit: number) {
  const pages: { ids: string[]; next: string | null }[] = [];
  let cursor: string | null = null;
  do {
    const page = await getPage(`${path}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, headers);
    pages.push({ ids: page.items.map((i) => i.id), next: page.next });
    cursor = page.next;
  } while (cursor && pages.length < 20);
  return pages;
}

const lists = [
  { path: '/api/v1/assessments', store: storeReport, schema: apiAssessmentListSchema },
  { path: '/api/v1/portfolios', store: storePortfolio, schema: apiPortfolioListSchema },
] as const;

describe.each(lists)('GET $path', ({ path, store, schema }) => {
  it('pages newest first with a cursor, null on the last page; only the owner; stable while records are added', async () => {
    const owner = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const key = await keyOf(owner);
    // Two records a microsecond apart (the same millisecond), two at the very same instant.
    const made = [
      ['2026-01-01T10:00:00.000000Z', 'a'],
      ['2026-01-02T10:00:00.000001Z', 'b'],
      ['2026-01-02T10:00:00.000002Z', 'c'],
      ['2026-01-03T10:00:00Z', 'd'],
      ['2026-01-03T10:00:00Z', 'e'],
    ] as const;
    const ids: { id: string; at: string }[] = [];
    for (const [at, name] of made) ids.push({ id: await store(owner.user_id, at, name), at });
    const theirs = await store(other.user_id, '2026-01-02T12:00:00Z', 'not yours');
    // Newest first; the same instant in id order, descending.
    const expected = [...ids].sort((x, y) => (x.at === y.at ? (x.id < y.id ? 1 : -1) : x.at < y.at ? 1 : -1)).map((r) => r.id);

    const pages = await allPages(path, key, 2);
    expect(pages.map((p) => p.ids.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((p) => p.ids)).toEqual(expected);
    expect(pages.at(-1)!.next).toBeNull();
    expect(pages.flatMap((p) => p.ids)).not.toContain(theirs);
    // A page boundary between the two records a microsecond apart: neither is skipped nor repeated.
    const byThree = await allPages(path, key, 3);
    expect(byThree.map((p) => p.ids)).toEqual([expected.slice(0, 3), expected.slice(3)]);
    // The cursor is opaque: no id or time readable in it.
    for (const p of pages.slice(0, -1)) expect(p.next).toMatch(/^[A-Za-z0-9_-]+$/);

    // A page that exactly ends the list says so.
    const whole = await getPage(`${path}?limit=5`, key);
    expect(schema.parse(whole).items.map((i) => i.id)).toEqual(expected);
    expect(whole.next).toBeNull();
    expect((await getPage(path, key)).items).toHaveLength(5); // default limit 20

    // Records added after the first page was read do not shift the pages that follow.
    const first = await getPage(`${path}?limit=2`, key);
    await store(owner.user_id, new Date().toISOString(), 'newest');
    const second = await getPage(`${path}?limit=2&cursor=${encodeURIComponent(first.next!)}`, key);
    expect(second.items.map((i) => i.id)).toEqual(expected.slice(2, 4));

    // The other user sees only their own.
    const theirPage = await getPage(path, await keyOf(other));
    expect(theirPage).toEqual({ items: [expect.objectContaining({ id: theirs })], next: null });
  });

  it('limit is 1–100: outside, or not a whole number, is 400 {detail}', async () => {
    const key = await keyOf(await createSignedInUser(t.app));
    for (const limit of ['0', '101', '-1', '1.5', 'ten']) {
      const res = await t.app.inject({ method: 'GET', url: `${path}?limit=${limit}`, headers: key });
      expect(res.statusCode, limit).toBe(400);
      expect(res.json<{ detail: string }>().detail, limit).toMatch(/limit/);
    }
    for (const limit of ['1', '100']) expect((await t.app.inject({ method: 'GET', url: `${path}?limit=${limit}`, headers: key })).statusCode).toBe(200);
  });

  it("a cursor it did not hand out is 400 {detail}: garbage, tampered, or the other list's", async () => {
    const user = await createSignedInUser(t.app);
    const key = await keyOf(user);
    for (const [at, name] of [['2026-02-01T00:00:00Z', 'x'], ['2026-02-02T00:00:00Z', 'y']] as const) {
      await storeReport(user.user_id, at, name);
      await storePortfolio(user.user_id, at, name);
    }
    const otherList = lists.find((l) => l.path !== path)!.path;
    const foreign = (await getPage(`${otherList}?limit=1`, key)).next!;
    const own = (await getPage(`${path}?limit=1`, key)).next!;
    const decoded = Buffer.from(own, 'base64url').toString('utf8');
    const tampered = [
      Buffer.from(decoded.replace(/:[0-9a-f-]{36}$/, ':not-a-uuid')).toString('base64url'),
      Buffer.from(decoded.replace(/:(\d+):/, ':12x:')).toString('base64url'),
      Buffer.from(`${decoded}:extra`).toString('base64url'),
    ];
    for (const cursor of ['garbage', 'a b', '%%%', foreign, ...tampered, 'x'.repeat(201)]) {
      const res = await t.app.inject({ method: 'GET', url: `${path}?cursor=${encodeURIComponent(cursor)}`, headers: key });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json<{ detail: string }>().detail, cursor).toEqual(expect.any(String));
    }
    const bad = await t.app.inject({ method: 'GET', url: `${path}?cursor=garbage`, headers: key });
    expect(bad.json()).toMatchObject({ detail: pageMessages.badCursor, code: 'invalid_cursor' });
    // The real one still works.
    expect((await getPage(`${path}?limit=1&cursor=${encodeURIComponent(own)}`, key)).items).toHaveLength(1);
  });

  it('needs an API key: none or a session token is 401', async () => {
    const user = await createSignedInUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: path, headers: user.headers })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/portfolios', () => {
  it('lists portfolios made over the API and on the web alike, with their progress', async () => {
    const user = await createSignedInUser(t.app);
    const key = await keyOf(user);
    const api = await t.app.inject({ method: 'POST', url: '/api/v1/portfolios', headers: key, payload: { name: 'from the API', rows: [unknownCompany] } });
    expect(api.statusCode, api.body).toBe(202);
    const web = await t.app.inject({ method: 'POST', url: '/api/portfolios', headers: user.headers, payload: { name: 'from the web', rows: [unknownCompany] } });
    expect(web.statusCode, web.body).toBe(201);
    const page = apiPortfolioListSchema.parse(await getPage('/api/v1/portfolios', key));
    expect(page.items.map((p) => [p.name, p.total])).toEqual([
      ['from the web', 1],
      ['from the API', 1],
    ]);
    expect(page.next).toBeNull();
  });
});
