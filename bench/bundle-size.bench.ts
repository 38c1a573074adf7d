import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../src/server/lib/paths.js';
import { freePort, spawnServer, waitHealthy } from '../test/server-process.js';
import { builtServer, distWeb, kb, printFigure, printTable, requireBuild, sumSizes } from './support.js';

/**
 * JavaScript the landing page (/home) loads, from the Vite manifest: the entry script and its
 * modulepreloads (as dist/web/index.html lists them) plus the home route's lazy chunk and its
 * imports and its messages in English. Then each route's own cost on top of the entry. Cross-checked
 * in Chromium when present.
 */
const targetKb = 120;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

requireBuild();
const manifest = JSON.parse(readFileSync(join(distWeb, '.vite/manifest.json'), 'utf8')) as Manifest;
const indexHtml = readFileSync(join(distWeb, 'index.html'), 'utf8');

/** Files a chunk needs before it runs: itself and its static imports, recursively. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imp of chunk.imports ?? []) closure(imp, seen);
  return seen;
}
const minus = (a: Set<string>, b: Set<string>) => new Set([...a].filter((x) => !b.has(x)));

// 1. What index.html makes the browser fetch at once.
const htmlScripts = [
  ...[...indexHtml.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)].map((m) => m[1] ?? ''),
  ...[...indexHtml.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map((m) => m[1] ?? ''),
];
const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('no entry in the Vite manifest');
const entry = closure(entryKey);
const mismatch = [...minus(new Set(htmlScripts), entry), ...minus(entry, new Set(htmlScripts))];

// 2. Route path → lazily imported module, read from the router.
const routerSource = readFileSync(join(projectRoot, 'src/web/router.tsx'), 'utf8');
const routeModules = new Map<string, string[]>();
for (const m of routerSource.matchAll(/path:\s*'([^']+)'[^\n]*?import\('\.\/([^']+)'\)/g)) {
  const [, path = '', mod = ''] = m;
  const key = Object.keys(manifest).find((k) => k.replace(/\.(tsx?|jsx?)$/, '') === mod);
  if (key) routeModules.set(`/${path}`, [...(routeModules.get(`/${path}`) ?? []), key]);
}
const homeKey = routeModules.get('/home')?.[0] ?? Object.keys(manifest).find((k) => /home-page\.tsx$/.test(k));
if (!homeKey) throw new Error('the home route chunk is not in the manifest');
const home = minus(closure(homeKey), entry);
// The page's messages (scripts/vite-messages.mjs): JSON data the page fetches, not code; counted
// beside the JavaScript. The shared bundle and the home page's, in English.
const messageFilesByLocale = JSON.parse(readFileSync(join(distWeb, '.vite/messages.json'), 'utf8')) as Record<string, Record<string, string>>;
const messageFiles = ['common', 'home'].map((bundle) => {
  const file = messageFilesByLocale.en?.[bundle];
  if (!file) throw new Error(`the ${bundle} messages are not in .vite/messages.json`);
  return file.replace(/^\//, '');
});
const landing = new Set([...entry, ...home]);
const landingSize = sumSizes(landing);

console.log('\nLanding page JavaScript (/home, first load)');
printFigure('entry + modulepreloads (index.html)', kb(sumSizes(entry).gzip));
printFigure('home route chunk + its imports', kb(sumSizes(home).gzip));

printFigure('total, gzip', kb(landingSize.gzip), `≤ ${targetKb} KB`);
printFigure('messages fetched beside it (JSON: common + home, English)', kb(sumSizes(messageFiles).gzip));
console.log(`  (${landingSize.count} files; ${kb(landingSize.raw)} raw, ${kb(landingSize.brotli)} brotli)`);
if (mismatch.length) console.log(`  note: index.html and the manifest disagree on ${mismatch.join(', ')}`);

// 3. Each route's cost on top of the entry (its chunk and imports the entry does not already have).
console.log('\nPer route (gzip; what the route adds to the entry)');
const rows: string[][] = [];
for (const [path, keys] of routeModules) {
  const own = new Set<string>();
  for (const key of keys) for (const f of closure(key)) own.add(f);
  const extra = minus(own, entry);
  const chunkFiles = keys.map((k) => manifest[k]?.file ?? '');
  rows.push([
    path,
    keys.map((k) => k.replace(/^features\//, '')).join(', '),
    kb(sumSizes(chunkFiles).gzip),
    kb(sumSizes(extra).gzip),
    kb(sumSizes(new Set([...entry, ...extra])).gzip),
  ]);
}
printTable(['route', 'module', 'chunk', 'adds', 'route total'], rows);
const layouts = Object.keys(manifest).filter(
  (k) => manifest[k]?.isDynamicEntry && ![...routeModules.values()].flat().includes(k),
);
if (layouts.length) {
  console.log('\n  Other lazy chunks: layouts (routes nested in one load it too) and on-demand parts; gzip incl. imports beyond the entry:');
  for (const k of layouts) console.log(`    ${k.padEnd(40)} ${kb(sumSizes(minus(closure(k), entry)).gzip).padStart(9)}`);
}

// 4. Cross-check in a real browser: which JavaScript does a first-time visitor of /home fetch?
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromiumPath)) {
  const { chromium } = await import('playwright-core');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dataDir = mkdtempSync(join(tmpdir(), 'corisk-bench-'));
  const port = await freePort();
  const server = spawnServer([builtServer], { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, projectRoot);
  try {
    await waitHealthy(`http://127.0.0.1:${port}/api/health`, server);
    const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
    const page = await browser.newPage();
    const loaded = new Set<string>();
    page.on('response', (res) => {
      const path = new URL(res.url()).pathname;
      if (path.startsWith('/assets/') && path.endsWith('.js')) loaded.add(path.slice(1));
    });
    await page.goto(`http://127.0.0.1:${port}/home`, { waitUntil: 'networkidle' });
    await browser.close();
    const observed = sumSizes(loaded);
    const extra = [...minus(loaded, landing)].map((f) => f.replace(/^assets\//, ''));
    console.log('\nObserved in Chromium (first visit to /home, no consent stored yet)');
    printFigure('JavaScript fetched, gzip', kb(observed.gzip), `≤ ${targetKb} KB`);
    console.log(`  (${observed.count} files${extra.length ? `; beyond the manifest figure: ${extra.join(', ')}` : ''})`);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
} else {
  console.log(`\n(Chromium not found at ${chromiumPath}: browser cross-check skipped.)`);
}
