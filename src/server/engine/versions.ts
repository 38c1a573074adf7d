import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HAZARD_RULES } from '../../shared/hazards/index.js';
import { LAYERS_DIR } from '../geo/layers.js';
import { INFORM_FILE } from './inform.js';

/**
 * Which engine and which data made a report, stored with it so a filed report can be traced.
 * Raise RULES_REVISION whenever the engine's rules change what a report says for the same site
 * (a threshold, a rating step, a takeaway); the package version alone moves for any release.
 */
export const RULES_REVISION = 1;

export interface ReportVersions {
  engine_version: string;
  data_version: string;
}

/** '0.1.0+rules.1': the package version and the rules revision. */
export function engineVersion(appVersion: string): string {
  return `${appVersion}+rules.${RULES_REVISION}`;
}

let dataHash: string | undefined;

/**
 * 'sha256:' and the first 12 hex digits of a hash over the bundled hazard layers' manifest, the
 * rule table and the INFORM table: any change to the data or the thresholds gives a new value.
 * Read on first use (the first report), not at start-up.
 */
export function dataVersion(): string {
  if (dataHash === undefined) {
    const hash = createHash('sha256');
    hash.update(readFileSync(join(LAYERS_DIR, 'layers.json')));
    hash.update(JSON.stringify(HAZARD_RULES));
    hash.update(readFileSync(INFORM_FILE));
    dataHash = `sha256:${hash.digest('hex').slice(0, 12)}`;
  }
  return dataHash;
}

export function reportVersions(appVersion: string): ReportVersions {
  return { engine_version: engineVersion(appVersion), data_version: dataVersion() };
}
