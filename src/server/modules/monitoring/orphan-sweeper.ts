import type { JobQueueDb } from '../../db/job-queue-db.js';
import type { Leases } from '../../db/leases.js';
import type { MonitoringLog } from './monitoring-queue.js';

/**
 * Gives back the checks a dead process held. A worker holds the row's lease while it checks the
 * row (index.ts); a check job taken more than `staleSeconds` ago whose row lease is free has no
 * live worker (its process was killed), so it is failed back to the queue at once instead of
 * waiting for pg-boss to expire it minutes later. A check delivered again finds its row already
 * stored for the run when the dead worker got that far (checkRow), so nothing is done twice.
 */
export class OrphanSweeper {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | undefined;

  constructor(
    private readonly deps: {
      db: JobQueueDb;
      queueName: string;
      leases: Pick<Leases, 'tryTake' | 'release'>;
      fail: (jobId: string, reason: string) => Promise<void>;
      staleSeconds: number;
      everyMs: number;
      log: MonitoringLog;
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.sweep(), this.deps.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping?.catch(() => {});
  }

  /** One round; answers how many checks it gave back. */
  sweep(): Promise<number> {
    this.sweeping ??= this.round()
      .catch((err: unknown) => {
        this.deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'monitoring orphan sweep failed');
        return 0;
      })
      .finally(() => {
        this.sweeping = undefined;
      });
    return this.sweeping;
  }

  private async round(): Promise<number> {
    const { db, queueName, leases, staleSeconds } = this.deps;
    const { rows } = await db.executeSql(
      `SELECT id::text AS id, data->>'rowId' AS row_id FROM pgboss.job
       WHERE name = $1 AND state = 'active' AND started_on < now() - make_interval(secs => $2)
       ORDER BY started_on LIMIT 500`,
      [queueName, staleSeconds],
    );
    let given = 0;
    for (const row of rows) {
      const rowId = String(row.row_id);
      if (!(await leases.tryTake(rowId))) continue;
      try {
        await this.deps.fail(String(row.id), 'the worker that took this check is gone');
        given++;
      } finally {
        await leases.release(rowId);
      }
    }
    if (given) this.deps.log.info({ checks: given }, 'monitoring checks of a dead worker queued again');
    return given;
  }
}
