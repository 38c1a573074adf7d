import { expect } from 'vitest';

/** The fairness tests of the portfolio and monitoring queues: a big owner's jobs queued, then a small owner's. */
export const BIG_BOOK = 2_000;
export const SMALL_BOOK = 10;

const WORKERS = 4;
const WORK_MS = 20;
const TIMEOUT_MS = 20_000;

export interface FairQueue<J> {
  fetch: (n: number) => Promise<J[]>;
  complete: (job: J) => Promise<void>;
  ownerOf: (job: J) => string;
}

/**
 * Drives a job queue as an instance's workers would (each takes one job, works WORK_MS, completes
 * it) until the small owner's jobs are all done; answers how long that took and how many of the
 * big owner's jobs were done by then.
 */
async function untilSmallDone<J>(queue: FairQueue<J>, owners: { small: string; big: string }): Promise<{ smallMs: number; bigDone: number }> {
  const started = Date.now();
  let smallDone = 0;
  let bigDone = 0;
  const finished = () => smallDone >= SMALL_BOOK || Date.now() - started > TIMEOUT_MS;
  const worker = async () => {
    while (!finished()) {
      const [job] = await queue.fetch(1);
      if (!job) {
        await new Promise((r) => setTimeout(r, 5));
        continue;
      }
      await new Promise((r) => setTimeout(r, WORK_MS));
      await queue.complete(job);
      if (queue.ownerOf(job) === owners.small) smallDone++;
      else if (queue.ownerOf(job) === owners.big) bigDone++;
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  if (smallDone < SMALL_BOOK) throw new Error(`the small book got ${smallDone} of ${SMALL_BOOK} jobs in ${TIMEOUT_MS} ms`);
  return { smallMs: Date.now() - started, bigDone };
}

/**
 * The small owner's SMALL_BOOK jobs, queued after the big owner's BIG_BOOK, are done within
 * seconds while the big owner's keep running. Oldest first, they would wait for all BIG_BOOK
 * (at 4 × 20 ms: over 10 s).
 */
export async function expectSmallOwnerServedSoon<J>(queue: FairQueue<J>, owners: { small: string; big: string }): Promise<void> {
  const result = await untilSmallDone(queue, owners);
  expect(result.smallMs).toBeLessThan(4_000);
  expect(result.bigDone).toBeGreaterThan(0);
  expect(result.bigDone).toBeLessThan(100);
}
