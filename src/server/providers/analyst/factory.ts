import type { Config } from '../../config.js';
import { loadHazardRasters } from '../../geo/hazard-rasters.js';
import type { Analyst } from './analyst.js';
import { EmbeddedAnalyst } from './embedded.js';
import { OpenAiAnalyst, type OpenAiAnalystLog } from './openai.js';

/**
 * `openai` when OPENAI_API_KEY is set, otherwise the embedded engine. Both read the site through
 * the same features, so HAZARD_DATA_DIR's rasters (when set) serve either.
 */
export function createAnalyst(config: Pick<Config, 'openai' | 'hazardDataDir'>, log: OpenAiAnalystLog): Analyst {
  const rasters = config.hazardDataDir ? loadHazardRasters(config.hazardDataDir) : undefined;
  if (config.openai) {
    return new OpenAiAnalyst({ baseUrl: config.openai.baseUrl, apiKey: config.openai.apiKey, model: config.openai.model, log, rasters });
  }
  return new EmbeddedAnalyst(rasters);
}
