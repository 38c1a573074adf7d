// `npm test`: type-check, lint, unit + integration on PGlite and PostgreSQL, build, browser tests.
import { execSync } from 'node:child_process';
import net from 'node:net';
import { ensureChromium } from './ensure-chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, env = {}) => {
  console.log(`\n▶ ${cmd}${Object.keys(env).length ? `  (${Object.entries(env).map(([k, v]) => `${k}=${v}`).join(' ')})` : ''}`);
  execSync(cmd, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
};

function reachable(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 1500 });
    s.on('connect', () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
    s.on('timeout', () => (s.destroy(), resolve(false)));
  });
}

const only = process.argv[2]; // optional: unit | pg | e2e
try {
  if (!only) {
    run('npm run typecheck');
    run('npm run lint');
  }
  if (!only || only === 'unit') run('npx vitest run', { TEST_DB: 'pglite' });
  if (!only || only === 'pg') {
    const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const u = new URL(pgUrl);
    if (await reachable(u.hostname, Number(u.port || 5432))) {
      run('npx vitest run src/server test', { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl });
    } else if (process.env.CI) {
      console.error(`PostgreSQL is not reachable at ${u.host}; CI runs the database tests against it.`);
      process.exit(1);
    } else {
      console.log(`\n(PostgreSQL not reachable at ${u.host}: database tests ran on PGlite only.)`);
    }
  }
  if (!only || only === 'e2e') {
    ensureChromium();
    run('npm run build');
    run('npx playwright test');
  }
} catch (err) {
  process.exit(typeof err.status === 'number' ? err.status : 1);
}
