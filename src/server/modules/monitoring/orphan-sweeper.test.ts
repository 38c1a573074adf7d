import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/db.js';
import { JobQueue } from '../../db/job-queue.js';
import { createLeases, type Leases } from '../../db/leases.js';
import { MONITORING_CHECK_QUEUE, MonitoringQueue, type CheckJobData } from './monitoring-queue.js';
import { OrphanSweeper } from './orphan-sweeper.js';

/**
 * A check job whose worker died is queued again at the next sweep; one whose worker is alive (it
 * holds the row's lease) or was taken moments ago is left alone. PGlite, and PostgreSQL with TEST_DB=postgres.
 */

const quiet = { info: () => {}, warn: () => {} };
const job = (rowId: string): CheckJobData => ({
  runId: '00000000-0000-4000-8000-0000000000aa',
  userId: '00000000-0000-4000-8000-0000000000bb',
  portfolioId: '00000000-0000-4000-8000-0000000000cc',
  rowId,
  fiscalNumber: '01120389',
  country: 'FI',
  reportId: '00000000-0000-4000-8000-0000000000dd',
});

describe('the monitoring orphan sweeper', () => {
  let database: TestDatabase;
  let jobs: JobQueue;
  let queue: MonitoringQueue;
  let leases: Leases;
  let sweeper: OrphanSweeper;
  beforeAll(async () => {
    database = await createTestDatabase();
    jobs = new JobQueue(database.jobQueueDb, quiet);
    queue = new MonitoringQueue({ jobs, db: database.jobQueueDb, retrySeconds: 1 });
    leases = createLeases(database, { lockClass: 727099, name: 'corisk-test-leases' }, quiet);
    sweeper = new OrphanSweeper({
      db: database.jobQueueDb,
      queueName: MONITORING_CHECK_QUEUE,
      leases,
      fail: (id, reason) => queue.fail(id, reason),
      staleSeconds: 10,
      everyMs: 60_000,
      log: quiet,
    });
  });
  afterAll(async () => {
    await leases.close();
    await jobs.stop();
    await database.close();
  });

  const stateOf = async (id: string) => {
    const { rows } = await database.jobQueueDb.executeSql('SELECT state FROM pgboss.job WHERE id = $1', [id]);
    return rows[0]?.state;
  };

  it('fails back only a job taken long ago whose row lease is free', async () => {
    await queue.ready();
    const rows = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
    await database.db.transaction((tx) => queue.enqueue(tx, rows.map(job)));
    const taken = await queue.fetch(3);
    expect(taken).toHaveLength(3);
    const idOf = (rowId: string) => taken.find((t) => t.data.rowId === rowId)!.id;
    // Rows 1 and 2 were taken a minute ago; row 2's worker is alive (holds its lease); row 3 was taken just now.
    await database.jobQueueDb.executeSql(`UPDATE pgboss.job SET started_on = now() - interval '60 seconds' WHERE id = ANY($1::uuid[])`, [[idOf(rows[0]!), idOf(rows[1]!)]]);
    expect(await leases.tryTake(rows[1]!)).toBe(true);

    expect(await sweeper.sweep()).toBe(1);
    expect(await stateOf(idOf(rows[0]!))).toBe('retry');
    expect(await stateOf(idOf(rows[1]!))).toBe('active');
    expect(await stateOf(idOf(rows[2]!))).toBe('active');

    // Its worker gone too (the lease let go), row 2's job goes back as well.
    await leases.release(rows[1]!);
    expect(await sweeper.sweep()).toBe(1);
    expect(await stateOf(idOf(rows[1]!))).toBe('retry');
  });
});
