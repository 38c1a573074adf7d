import type { JobQueueDb } from './job-queue-db.js';

/**
 * Claims up to `n` waiting jobs of a pg-boss queue with a fair share per owner (the job data's
 * `userId`; jobs without one form one group): the owners with the fewest jobs in flight are
 * served first, each owner's oldest job first, so one user's 50,000 rows never hold back
 * another's ten by more than a job's time. pg-boss's own fetch takes the oldest jobs of the
 * whole queue, which hands one big book every slot until it is through.
 *
 * The claim itself is pg-boss 10's (plans.js fetchNextJob) for the standard policy: the chosen
 * rows are locked FOR UPDATE SKIP LOCKED (each job to one worker), set active with started_on,
 * and retry_count counts a job's earlier deliveries; complete, fail, retry and expiry stay
 * pg-boss's. Priorities are not used by these queues (a per-user priority cannot express "the
 * user with fewest in flight" as users come and go), so they are ignored here.
 */

export interface ClaimedJob<T> {
  id: string;
  data: T;
  retryCount: number;
  retryLimit: number;
}

/** At most this many waiting jobs per owner are ranked per claim: enough for any batch a worker asks for. */
const PER_OWNER = 64;

const CLAIM_SQL = `
  WITH waiting AS (
    SELECT id, created_on, COALESCE(data->>'userId', '') AS owner
    FROM pgboss.job
    WHERE name = $1 AND state < 'active' AND start_after < now()
  ), ranked AS (
    SELECT id, owner, created_on, row_number() OVER (PARTITION BY owner ORDER BY created_on, id) AS turn
    FROM waiting
  ), busy AS (
    SELECT COALESCE(data->>'userId', '') AS owner, count(*) AS active
    FROM pgboss.job
    WHERE name = $1 AND state = 'active'
    GROUP BY 1
  ), candidates AS (
    SELECT r.id, r.turn + COALESCE(b.active, 0) AS share, r.created_on
    FROM ranked r LEFT JOIN busy b ON b.owner = r.owner
    WHERE r.turn <= ${PER_OWNER}
  ), next AS (
    SELECT j.id
    FROM pgboss.job j JOIN candidates c ON c.id = j.id
    WHERE j.name = $1 AND j.state < 'active'
    ORDER BY c.share, c.created_on, j.id
    LIMIT $2
    FOR UPDATE OF j SKIP LOCKED
  )
  UPDATE pgboss.job j SET
    state = 'active',
    started_on = now(),
    retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
  FROM next
  WHERE j.name = $1 AND j.id = next.id
  RETURNING j.id, j.data, j.retry_count AS "retryCount", j.retry_limit AS "retryLimit"`;

export async function claimFairly<T>(db: JobQueueDb, queue: string, n: number): Promise<ClaimedJob<T>[]> {
  if (n < 1) return [];
  const { rows } = await db.executeSql(CLAIM_SQL, [queue, n]);
  return rows.map((r) => ({ id: String(r.id), data: r.data as T, retryCount: Number(r.retryCount), retryLimit: Number(r.retryLimit) }));
}
