import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.js';
import { JobQueue } from './job-queue.js';

/**
 * The process's one pg-boss: features ask for their queues at once, from this instance and from
 * another one on the same database (on PostgreSQL, making queues together could deadlock), and
 * every ask gets its queue on one started pg-boss. PGlite, and PostgreSQL with TEST_DB=postgres.
 */

describe('the job queue', () => {
  let database: TestDatabase;
  const warnings: string[] = [];
  const log = { warn: (_o: object, msg: string) => void warnings.push(msg) };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('makes every queue asked for at once, by two instances, on one pg-boss each', async () => {
    const [a, b] = [new JobQueue(database.jobQueueDb, log), new JobQueue(database.jobQueueDb, log)];
    const names = ['q-one', 'q-two', 'q-three', 'q-four'];
    try {
      const bosses = await Promise.all([...names.map((n) => a.queue(n, { retryLimit: 1 })), ...names.map((n) => b.queue(n, { retryLimit: 2 }))]);
      expect(new Set(bosses.slice(0, 4)).size).toBe(1);
      expect(new Set(bosses.slice(4)).size).toBe(1);
      const { rows } = (await database.db.execute(sql`select name from pgboss.queue order by name`)) as unknown as { rows: { name: string }[] };
      expect(rows.map((r) => r.name)).toEqual([...names].sort());
      // A queue is made once per process: asking again is the same answer.
      expect(await a.queue('q-one', {})).toBe(bosses[0]);
      expect(a.startedWith('q-two')).toBe(bosses[0]);
      expect(() => a.startedWith('q-five')).toThrow(/not started/);
    } finally {
      await a.stop();
      await b.stop();
    }
    await expect(a.queue('q-one', {})).rejects.toThrow(/stopped/);
  });
});
