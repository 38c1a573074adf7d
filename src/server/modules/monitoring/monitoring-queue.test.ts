import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/db.js';
import { BIG_BOOK, expectSmallOwnerServedSoon, SMALL_BOOK } from '../../../../test/fair-queue.js';
import { JobQueue } from '../../db/job-queue.js';
import { MonitoringQueue, type CheckJobData } from './monitoring-queue.js';

/** The check queue shares its turns across users: a 2,000-row book being checked holds back a 10-row one by seconds at most. */

describe('the monitoring check queue', () => {
  let database: TestDatabase;
  let jobs: JobQueue;
  let queue: MonitoringQueue;
  beforeAll(async () => {
    database = await createTestDatabase();
    jobs = new JobQueue(database.jobQueueDb, { warn: () => {} });
    queue = new MonitoringQueue({ jobs, db: database.jobQueueDb, retrySeconds: 60 });
    await queue.ready();
  });
  afterAll(async () => {
    await jobs.stop();
    await database.close();
  });

  const book = (userId: string, n: number): CheckJobData[] => {
    const runId = crypto.randomUUID();
    const portfolioId = crypto.randomUUID();
    return Array.from({ length: n }, () => ({
      runId,
      userId,
      portfolioId,
      rowId: crypto.randomUUID(),
      fiscalNumber: 'FI01120389',
      country: 'FI',
      reportId: crypto.randomUUID(),
    }));
  };

  it('a small book queued after a big one is checked within seconds', async () => {
    const big = crypto.randomUUID();
    const small = crypto.randomUUID();
    await database.db.transaction((tx) => queue.enqueue(tx, book(big, BIG_BOOK)));
    await database.db.transaction((tx) => queue.enqueue(tx, book(small, SMALL_BOOK)));
    await expectSmallOwnerServedSoon(
      { fetch: (n) => queue.fetch(n), complete: (job) => queue.complete([job.id]), ownerOf: (job) => job.data.userId },
      { small, big },
    );
  }, 60_000);

  it('a job is handed to one caller, and a failed one comes back with its delivery counted', async () => {
    const [a, b] = await Promise.all([queue.fetch(3), queue.fetch(3)]);
    const got = [...a!, ...b!];
    expect(new Set(got.map((j) => j.id)).size).toBe(got.length);
    const first = got[0]!;
    await queue.fail(first.id, 'register down');
    await database.jobQueueDb.executeSql(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE id = $1`, [first.id]);
    const again = (await queue.fetch(50)).find((j) => j.id === first.id);
    expect(again).toMatchObject({ retryCount: 1, retryLimit: 6, data: first.data });
  });
});
