// `npm run test:e2e [-- playwright args]`: Chromium check, build when stale, Playwright against the built app.
// `--no-build` skips the build check (npm test builds just before).
import { ensureChromium } from './ensure-chromium.mjs';
import { buildIfStale, run } from './run-step.mjs';

const args = process.argv.slice(2);
const noBuild = args.includes('--no-build');
const passThrough = args.filter((a) => a !== '--no-build').map((a) => JSON.stringify(a)).join(' ');

ensureChromium();
try {
  if (!noBuild) buildIfStale();
  run(`npx playwright test ${passThrough}`.trim());
} catch (err) {
  process.exit(typeof err.status === 'number' ? err.status : 1);
}
