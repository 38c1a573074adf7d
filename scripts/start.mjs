// `npm start`: builds when the build is missing or older than the sources, then serves the product.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfStale, root } from './run-step.mjs';

try {
  buildIfStale();
} catch {
  console.error('\n✖ The build failed (see above).');
  process.exit(1);
}

const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist/node/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
