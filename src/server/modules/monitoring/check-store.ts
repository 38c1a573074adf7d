import type { Db } from '../../db/client.js';
import { GroupCommit } from '../../db/group-commit.js';
import type { CheckJobData } from './monitoring-queue.js';
import * as repo from './monitoring.repo.js';
import type { WatchedState } from './watched-state.js';

/** What one row's check came to: its events and new state, or (given up) nothing but its count. */
export type CheckOutcome = { job: CheckJobData; at: Date } & ({ kind: 'checked'; events: repo.NewEvent[]; state: WatchedState } | { kind: 'given_up' });

/**
 * Stores checks' outcomes, those that finish together in one transaction (a group commit): each
 * row's events and state, and the rows counted in their runs. A run ended meanwhile takes no more;
 * a row whose state already names its run was stored by an earlier delivery of the same job.
 */
export class CheckStore {
  private readonly commits: GroupCommit<CheckOutcome>;

  constructor(
    private readonly deps: {
      db: Db;
      /** A run's last row was counted: the portfolio's last and next check move on. */
      runEnded: (tx: Db, job: CheckJobData, at: Date) => Promise<void>;
    },
  ) {
    this.commits = new GroupCommit((outcomes) => this.write(outcomes));
  }

  /** Resolves once the outcome is stored (or found stored before, or its run ended). */
  store(outcome: CheckOutcome): Promise<void> {
    return this.commits.add(outcome);
  }

  settled(): Promise<void> {
    return this.commits.settled();
  }

  private async write(outcomes: CheckOutcome[]): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const running = new Set((await repo.lockRuns(tx, [...new Set(outcomes.map((o) => o.job.runId))])).filter((r) => r.status !== 'done').map((r) => r.id));
      const storedBy = await repo.stateRuns(tx, outcomes.map((o) => o.job.rowId));
      // One outcome per row and run: a check delivered twice (a retried job) is stored once.
      const seen = new Set<string>();
      const kept = outcomes.filter((o) => {
        const key = `${o.job.runId}:${o.job.rowId}`;
        if (!running.has(o.job.runId) || storedBy.get(o.job.rowId) === o.job.runId || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      const checked = kept.flatMap((o) => (o.kind === 'checked' ? [o] : []));
      await repo.insertEvents(
        tx,
        checked.flatMap((o) => o.events.map((e) => ({ ...e, detectedAt: o.at }))),
        new Date(),
      );
      await repo.saveStates(
        tx,
        checked.map((o) => ({ rowId: o.job.rowId, portfolioId: o.job.portfolioId, runId: o.job.runId, state: o.state, at: o.at })),
      );
      for (const runId of new Set(kept.map((o) => o.job.runId))) {
        const ofRun = kept.filter((o) => o.job.runId === runId);
        const last = ofRun.at(-1)!;
        const skipped = ofRun.filter((o) => o.kind === 'given_up').length;
        if (await repo.countRows(tx, runId, { checked: ofRun.length - skipped, skipped }, last.at)) await this.deps.runEnded(tx, last.job, last.at);
      }
    });
  }
}
