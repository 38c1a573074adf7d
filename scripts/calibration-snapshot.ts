/**
 * Writes src/shared/hazards/calibration-levels.json: Corisk's level for each row of the
 * calibration table (src/shared/hazards/calibration.ts), which /methodology publishes beside the
 * reference levels. Rerun after a rule or data change: `npx tsx scripts/calibration-snapshot.ts`;
 * test/calibration.test.ts fails while the snapshot is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { coriskCalibrationLevels } from '../test/calibration-levels.js';

const out = fileURLToPath(new URL('../src/shared/hazards/calibration-levels.json', import.meta.url));
writeFileSync(out, `${JSON.stringify(coriskCalibrationLevels(), null, 2)}\n`);
console.log(`wrote ${out}`);
