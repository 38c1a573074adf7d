import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.js';
import { jobQueueDbIn } from './job-queue-db.js';

/**
 * The database as the job queue talks to it (Database.jobQueueDb, jobQueueDbIn), on PGlite and
 * PostgreSQL alike: parameters, several statements at once, pg-boss's BEGIN…COMMIT batches that
 * fail cleanly, and statements inside one of our transactions.
 */

describe('job queue database adapter', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.jobQueueDb.executeSql('create table queue_test (id int primary key, tags text[])');
  });
  afterAll(() => database.close());

  it('runs one statement with parameters, and several without', async () => {
    const { rows } = await database.jobQueueDb.executeSql('select $1::int + 1 as n, $2::text[] as tags', [41, ['a', 'b']]);
    expect(rows).toEqual([{ n: 42, tags: ['a', 'b'] }]);
    const last = await database.jobQueueDb.executeSql('insert into queue_test values (1); insert into queue_test values (2); select count(*)::int as n from queue_test');
    expect(last.rows).toEqual([{ n: 2 }]);
  });

  it('runs a BEGIN … COMMIT batch whole, or not at all, and the connection stays usable', async () => {
    const batch = (id: number, fail: boolean) => `
    BEGIN;
    SET LOCAL lock_timeout = '30s';
    insert into queue_test values (${id});
    ${fail ? 'select 1 / 0' : 'select 1'};
    COMMIT;
  `;
    await database.jobQueueDb.executeSql(batch(10, false));
    await expect(database.jobQueueDb.executeSql(batch(11, true))).rejects.toThrow(/division by zero/);
    const { rows } = await database.jobQueueDb.executeSql('select array_agg(id order by id) as ids from queue_test where id >= $1', [10]);
    expect(rows).toEqual([{ ids: [10] }]);
    // Our own queries go on as before: nothing was left inside an aborted transaction.
    expect(((await database.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
  });

  it('runs statements inside a drizzle transaction, committed or rolled back with it; an array stays one parameter', async () => {
    await database.db.transaction(async (tx) => {
      await jobQueueDbIn(tx).executeSql('insert into queue_test (id, tags) values ($1, $2::text[])', [20, ['x', 'y', 'z']]);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await jobQueueDbIn(tx).executeSql('insert into queue_test (id) values ($1)', [21]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const { rows } = await database.jobQueueDb.executeSql('select id, tags from queue_test where id >= $1 order by id', [20]);
    expect(rows).toEqual([{ id: 20, tags: ['x', 'y', 'z'] }]);
  });
});
