// Browser tests drive Debian's Chromium: install it when missing and we are root, else say exactly what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(chromiumPath)) return chromiumPath;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      [
        '',
        `✖ The browser tests need Chromium, and there is none at ${chromiumPath}.`,
        '',
        '  Install it (Debian/Ubuntu):   sudo apt-get install -y chromium',
        '  or use another Chromium/Chrome:   CHROMIUM_PATH=/path/to/chrome npm test',
        '',
        '  (Not running as root, so npm test cannot install it for you.)',
        '  Every other step can run without it:   node scripts/test.mjs typecheck lint unit pg build',
        '',
      ].join('\n'),
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  if (!existsSync(chromiumPath)) {
    console.error(`✖ apt-get finished but ${chromiumPath} is still missing; set CHROMIUM_PATH to a Chromium binary.`);
    process.exit(1);
  }
  return chromiumPath;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
