import { describe, expect, it } from 'vitest';
import { MonitoringWorkers, type CheckJob } from './monitoring-queue.js';

const job = (id: string, rowId: string): CheckJob => ({
  id,
  retryCount: 0,
  retryLimit: 6,
  data: { runId: 'run-1', userId: 'u', portfolioId: 'p', rowId, fiscalNumber: 'FI01120389', country: 'FI', reportId: 'r' },
});

/** Workers over a queue that hands out `jobs` once, with every call recorded in order. */
function harness(jobs: CheckJob[], heldRows: Set<string>) {
  const calls: string[] = [];
  let handedOut = false;
  const workers = new MonitoringWorkers({
    queue: {
      fetch: async () => (handedOut ? [] : ((handedOut = true), jobs)),
      complete: async (ids) => void calls.push(`complete ${ids.join(',')}`),
      fail: async (id) => void calls.push(`fail ${id}`),
    },
    leases: {
      tryTake: async (rowId) => !heldRows.has(rowId) && (heldRows.add(rowId), calls.push(`take ${rowId}`), true),
      release: async (rowId) => void (heldRows.delete(rowId), calls.push(`release ${rowId}`)),
    },
    concurrency: 2,
    check: async (data) => void calls.push(`check ${data.rowId}`),
    giveUp: async () => {},
    log: { info: () => {}, warn: () => {} },
    pollMs: 50,
  });
  return { workers, calls };
}

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
};

describe('MonitoringWorkers', () => {
  it('gives back, unchecked and not completed, a check whose row is held elsewhere (its run would wait for it)', async () => {
    const held = new Set(['row-b']);
    const { workers, calls } = harness([job('j1', 'row-a'), job('j2', 'row-b')], held);
    workers.start();
    await until(() => calls.includes('release row-a'));
    await workers.stop();
    expect(calls).toContain('fail j2');
    expect(calls).not.toContain('check row-b');
    expect(calls.filter((c) => c.startsWith('complete')).join()).not.toContain('j2');
  });

  it("lets a row's lease go only after its check is marked done (the orphan sweep must not take it for abandoned)", async () => {
    const { workers, calls } = harness([job('j1', 'row-a')], new Set());
    workers.start();
    await until(() => calls.includes('release row-a'));
    await workers.stop();
    expect(calls).toEqual(['take row-a', 'check row-a', 'complete j1', 'release row-a']);
  });
});
