// Small helpers shared by the npm scripts: run a command visibly, time it, find out-of-date builds.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const root = new URL('..', import.meta.url).pathname;

/** Runs a shell command in the project root with inherited output; throws on a non-zero exit. */
export function run(cmd, env = {}) {
  const shown = Object.entries(env).map(([k, v]) => `${k}=${v} `).join('');
  console.log(`\n▶ ${shown}${cmd}`);
  execSync(cmd, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const buildInputs = ['src', 'package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.base.json', 'tsconfig.server.json', 'scripts/build-server.mjs'];
const buildOutputs = ['dist/web/index.html', 'dist/prerender/prerender.js', 'dist/node/server/main.js', 'dist/node/server/registers-import.js'];

/** True when a build output is missing or older than any source or build setting. */
export function buildIsStale() {
  const outputs = buildOutputs.map((p) => join(root, p));
  if (!outputs.every(existsSync)) return true;
  const built = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  return Math.max(...buildInputs.map((p) => newestMtime(join(root, p)))) > built;
}

export function buildIfStale() {
  if (buildIsStale()) {
    console.log('Building Corisk (the build is missing or older than the sources)…');
    run('npm run build');
  }
}

/**
 * Builds when stale, then runs a built entry of the server in this process (a second node would
 * cost start-up time) with the settings of .env, when there is one (the environment wins over the
 * file, as with --env-file), and source maps on, as --enable-source-maps would.
 */
export async function runBuilt(entry) {
  try {
    buildIfStale();
  } catch {
    console.error('\n✖ The build failed (see above).');
    process.exit(1);
  }
  const envFile = join(root, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(join(root, 'dist/node/server', entry)).href);
}
