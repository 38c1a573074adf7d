import { analyseSite, SiteNotAssessableError, type HazardRasters } from '../../engine/index.js';
import { onCpuPool, reviveWorkerError } from '../../lib/cpu-pool.js';
import { AnalystError, type AnalysisInput, type Analyst, type AnalystAnswer, type AnalystFailure } from './analyst.js';

// An analysis refused on a CPU worker comes back as the AnalystError it threw there.
reviveWorkerError('AnalystError', (message, f) => new AnalystError(f.failure as AnalystFailure, message, f.retryAfterS as number | undefined));

/**
 * The embedded analyst: the rule engine (src/server/engine) behind the analyst port, deterministic
 * and offline. Same company, same answer.
 */
export class EmbeddedAnalyst implements Analyst {
  readonly name = 'embedded';

  /** `rasters`: the deployment's hazard rasters (HAZARD_DATA_DIR), read at each site when present. */
  constructor(private readonly rasters?: HazardRasters) {}

  /** On a CPU worker (lib/cpu-pool.ts) when the process has them; it never looks at the image. */
  async analyse(input: AnalysisInput, signal?: AbortSignal): Promise<AnalystAnswer> {
    signal?.throwIfAborted();
    return onCpuPool('analysis', { company: input.company, rastersDir: this.rasters?.dir }, async () => {
      const { location, industry, keyTakeaways, keyTakeawayMessages, dataSources } = analyseOrFail(input.company, this.rasters);
      return { location, industry, keyTakeaways, keyTakeawayMessages, dataSources };
    });
  }
}

/** The engine's analysis, its refusals as the port's `unavailable`. */
export function analyseOrFail(...args: Parameters<typeof analyseSite>): ReturnType<typeof analyseSite> {
  try {
    return analyseSite(...args);
  } catch (err) {
    if (err instanceof SiteNotAssessableError) throw new AnalystError('unavailable', err.message);
    throw err;
  }
}
