// Starts the BUILT app for the browser tests on a fresh data folder (embedded database, offline
// providers, an EU sanctions list from a local list server: sanctions-list.ts), and removes that
// folder when Playwright stops it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const root = new URL('../..', import.meta.url).pathname;
const main = join(root, 'dist/node/server/main.js');
if (!existsSync(main) || !existsSync(join(root, 'dist/web/index.html'))) {
  console.error('The browser tests serve the built app: run `npm run build` first (npm test and npm run test:e2e do).');
  process.exit(1);
}
const port = process.env.E2E_PORT ?? '4173';
const dataDir = mkdtempSync(join(tmpdir(), 'corisk-e2e-'));
// The app downloads the list on start (its refresh job), so the specs find it held.
const { startE2eListServer } = await tsImport('./sanctions-list.ts', import.meta.url);
const listServer = await startE2eListServer();

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
    // One list, current and served here: the UN snapshot is stale and would keep every report from clearing.
    SANCTIONS_EU_URL: listServer.url,
    SANCTIONS_UN_URL: 'off',
    SANCTIONS_UK_URL: 'off',
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
