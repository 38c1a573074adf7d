// Starts the BUILT app for the browser tests on a fresh data folder (embedded database, offline
// providers), and removes that folder when Playwright stops it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const main = join(root, 'dist/node/server/main.js');
if (!existsSync(main) || !existsSync(join(root, 'dist/web/index.html'))) {
  console.error('The browser tests serve the built app: run `npm run build` first (npm test and npm run test:e2e do).');
  process.exit(1);
}
const port = process.env.E2E_PORT ?? '4173';
const dataDir = mkdtempSync(join(tmpdir(), 'corisk-e2e-'));

const child = spawn(process.execPath, [main], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: port,
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // The specs' API sign-ups name their own network (X-Forwarded-For), past the per-network sign-up limit.
    TRUST_PROXY: '1',
    COMPANY_SOURCES: 'sample',
    GEOCODERS: 'offline',
    ADMIN_EMAILS: 'admin@e2e.test',
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
