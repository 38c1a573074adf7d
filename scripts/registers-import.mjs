// `npm run registers:import -- --state BE --file …`: builds when the build is missing or stale,
// then runs the import with the settings of .env, as `npm start` does.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, root } from './run-step.mjs';

try {
  buildIfStale();
} catch {
  console.error('\n✖ The build failed (see above).');
  process.exit(1);
}
const envFile = join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(root, 'dist/node/server/registers-import.js')).href);
