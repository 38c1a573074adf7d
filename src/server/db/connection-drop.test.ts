import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viaPort } from '../../../bench/support/postgres.js';
import { createTestDatabase, testEngine, type TestDatabase } from '../../../test/db.js';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy.js';
import { openDatabase, type Database } from './client.js';
import { isDatabaseUnavailable } from './unavailable.js';

/**
 * PostgreSQL connections cut while checked out of the pool (a drizzle transaction, the job
 * queue's BEGIN … COMMIT batches): the work fails as "database unavailable", the process goes on
 * (an 'error' event without a listener would end it: vitest reports it as an unhandled error),
 * and the pool reconnects once the database is back. PGlite has no connection to lose.
 */

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe.runIf(testEngine === 'postgres')('a PostgreSQL connection dropped while checked out', () => {
  let direct: TestDatabase;
  let proxy: TcpProxy;
  let database: Database;
  // What would have ended a server process (vitest reports it too, after the fact).
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught);
    direct = await createTestDatabase();
    const target = new URL(direct.url ?? '');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    database = await openDatabase({ url: viaPort(direct.url ?? '', proxy.port) });
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await database?.close().catch(() => {});
    await proxy?.stop();
    await direct?.close();
  });

  async function expectRecovered(): Promise<void> {
    expect(uncaught).toEqual([]);
    await proxy.start();
    expect(rows(await database.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
    const inTx = await database.db.transaction(async (tx) => rows(await tx.execute(sql`select 2 as two`)));
    expect(inTx).toEqual([{ two: 2 }]);
    expect((await database.jobQueueDb.executeSql('BEGIN; select 3 as three; COMMIT;')).rows).toEqual([{ three: 3 }]);
  }

  /** Cuts the connection under the running work: it fails as "database unavailable", then all recovers. */
  async function cutAndExpectRecovery(outcome: Promise<unknown>): Promise<void> {
    await proxy.stop();
    const err = await outcome;
    expect(err).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(err)).toBe(true);
    await expectRecovered();
  }

  it('fails a transaction cut between two statements, and recovers', async () => {
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`select 1`);
      entered();
      await wait(500);
      await t.execute(sql`select 2`);
    });
    const outcome = tx.then(() => 'committed', (err: unknown) => err);
    await inside;
    // No query is running: the pool's request listener is gone, only the client's own remains.
    await cutAndExpectRecovery(outcome);
  });

  it('fails a transaction whose query hangs and is then cut (a database stalling, then gone), and recovers', async () => {
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const outcome = database.db
      .transaction(async (t) => {
        await t.execute(sql`select 1`);
        // The database stops answering inside the open transaction.
        proxy.blackhole();
        entered();
        await t.execute(sql`select 2`);
      })
      .then(() => 'committed', (err: unknown) => err);
    await inside;
    await wait(1500);
    await cutAndExpectRecovery(outcome);
  });

  it("fails the job queue's BEGIN … COMMIT batch cut in the middle, and recovers", async () => {
    const outcome = database.jobQueueDb.executeSql('BEGIN; select pg_sleep(5); COMMIT;').then(() => 'committed', (err: unknown) => err);
    await wait(300);
    await cutAndExpectRecovery(outcome);
  });
});
