import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/db.js';
import { JobQueue } from '../../db/job-queue.js';
import { BIG_BOOK, expectSmallOwnerServedSoon, SMALL_BOOK } from '../../../../test/fair-queue.js';
import { PortfolioQueue } from './portfolio-queue.js';

/** pg-boss over our own database (PGlite or PostgreSQL): its schema, jobs queued in our transactions, claimed once. */

const rowIds = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];

describe('the portfolio job queue', () => {
  let database: TestDatabase;
  let jobs: JobQueue;
  let queue: PortfolioQueue;
  const warnings: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    jobs = new JobQueue(database.jobQueueDb, { warn: (_o, msg) => warnings.push(msg) });
    queue = new PortfolioQueue(jobs, database.jobQueueDb);
  });
  afterAll(async () => {
    await jobs.stop();
    await database.close();
  });

  it('creates its schema on first use, and refuses to queue inside a transaction before it is started', async () => {
    await expect(database.db.transaction((tx) => queue.enqueue(tx, rowIds.slice(0, 1)))).rejects.toThrow(/call ready\(\) before the transaction/);
    await queue.ready();
    await queue.ready();
    const { rows } = (await database.db.execute(sql`select name from pgboss.queue`)) as unknown as { rows: unknown[] };
    expect(rows).toEqual([{ name: 'portfolio-row' }]);
  });

  it('stores jobs with the transaction that queues them, and hands each to one caller', async () => {
    await database.db.transaction((tx) => queue.enqueue(tx, rowIds.slice(0, 2)));
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue(tx, rowIds.slice(2));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const [first, second] = await Promise.all([queue.fetch(1), queue.fetch(5)]);
    const got = [...first!, ...second!];
    expect(got.map((j) => j.rowId).sort()).toEqual(rowIds.slice(0, 2));
    expect(got[0]).toMatchObject({ retryCount: 0, retryLimit: 8 });
    expect(await queue.fetch(5)).toEqual([]);

    // A completed job is done; a failed one comes back after its retry delay, counted.
    await queue.complete(got[0]!.id);
    await queue.fail(got[1]!.id, 'database away');
    await database.db.execute(sql`update pgboss.job set start_after = now() - interval '1 second' where state = 'retry'`);
    const again = await queue.fetch(5);
    expect(again).toEqual([expect.objectContaining({ id: got[1]!.id, rowId: got[1]!.rowId, retryCount: 1 })]);
    expect(warnings).toEqual([]);
  });
});

describe('the portfolio job queue shares its turns across users', () => {
  let database: TestDatabase;
  let jobs: JobQueue;
  let queue: PortfolioQueue;
  beforeAll(async () => {
    database = await createTestDatabase();
    jobs = new JobQueue(database.jobQueueDb, { warn: () => {} });
    queue = new PortfolioQueue(jobs, database.jobQueueDb);
    await queue.ready();
  });
  afterAll(async () => {
    await jobs.stop();
    await database.close();
  });

  const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());

  it("a big portfolio running (2,000 rows) holds back a small one (10 rows, queued after it) by a few seconds at most", async () => {
    const big = crypto.randomUUID();
    const small = crypto.randomUUID();
    await database.db.transaction((tx) => queue.enqueue(tx, ids(BIG_BOOK), big));
    // A job queued before owners were written forms one more group and is served too.
    await database.db.transaction((tx) => queue.enqueue(tx, ids(1)));
    await database.db.transaction((tx) => queue.enqueue(tx, ids(SMALL_BOOK), small));
    await expectSmallOwnerServedSoon(
      { fetch: (n) => queue.fetch(n), complete: (job) => queue.complete(job.id), ownerOf: (job) => job.userId ?? '' },
      { small, big },
    );
  }, 60_000);
});
