// `npm start`: builds when the build is missing or older than the sources, then serves the product
// (with the settings of .env, when there is one).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale, root } from './run-step.mjs';

try {
  buildIfStale();
} catch {
  console.error('\n✖ The build failed (see above).');
  process.exit(1);
}

// Settings from .env when there is one (the environment wins over the file).
const envFile = join(root, '.env');
const nodeArgs = ['--enable-source-maps', ...(existsSync(envFile) ? [`--env-file=${envFile}`] : [])];

const child = spawn(process.execPath, [...nodeArgs, join(root, 'dist/node/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
