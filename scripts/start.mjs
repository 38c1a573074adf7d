// `npm start`: builds when the build is missing or older than the sources, then serves the product
// (with the settings of .env, when there is one).
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

// Settings from .env when there is one (the environment wins over the file, as with --env-file).
const envFile = join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
// The server runs in this process rather than a second node (start-up time counts): source maps
// on, as --enable-source-maps would; main.js handles SIGINT and SIGTERM itself.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(root, 'dist/node/server/main.js')).href);
