/**
 * Drives a job queue as an instance's workers would (each takes one job, works `workMs`,
 * completes it) until the small owner's jobs are all done; answers how long that took and how
 * many of the big owner's jobs were still waiting then. Used by the fairness tests of the
 * portfolio and monitoring queues.
 */
export async function untilSmallDone<J>(opts: {
  fetch: (n: number) => Promise<J[]>;
  complete: (job: J) => Promise<void>;
  ownerOf: (job: J) => string;
  small: { owner: string; jobs: number };
  big: { owner: string; jobs: number };
  workers: number;
  workMs: number;
  timeoutMs: number;
}): Promise<{ smallMs: number; bigDone: number }> {
  const started = Date.now();
  let smallDone = 0;
  let bigDone = 0;
  const finished = () => smallDone >= opts.small.jobs || Date.now() - started > opts.timeoutMs;
  const worker = async () => {
    while (!finished()) {
      const [job] = await opts.fetch(1);
      if (!job) {
        await new Promise((r) => setTimeout(r, 5));
        continue;
      }
      await new Promise((r) => setTimeout(r, opts.workMs));
      await opts.complete(job);
      if (opts.ownerOf(job) === opts.small.owner) smallDone++;
      else if (opts.ownerOf(job) === opts.big.owner) bigDone++;
    }
  };
  await Promise.all(Array.from({ length: opts.workers }, worker));
  if (smallDone < opts.small.jobs) throw new Error(`the small book got ${smallDone} of ${opts.small.jobs} jobs in ${opts.timeoutMs} ms`);
  return { smallMs: Date.now() - started, bigDone };
}
