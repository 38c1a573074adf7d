// `npm run registers:import -- --state BE --file …`: builds when the build is missing or stale,
// then runs the import with the settings of .env, as `npm start` does.
import { runBuilt } from './run-step.mjs';

await runBuilt('registers-import.js');
