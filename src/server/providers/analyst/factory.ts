import type { Config } from '../../config.js';
import type { Analyst } from './analyst.js';
import { EmbeddedAnalyst } from './embedded.js';
import { OpenAiAnalyst, type OpenAiAnalystLog } from './openai.js';

/** `openai` when OPENAI_API_KEY is set, otherwise the embedded engine. */
export function createAnalyst(config: Pick<Config, 'openai'>, log: OpenAiAnalystLog): Analyst {
  if (config.openai) {
    return new OpenAiAnalyst({ baseUrl: config.openai.baseUrl, apiKey: config.openai.apiKey, model: config.openai.model, log });
  }
  return new EmbeddedAnalyst();
}
