import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { messagesPlugin } from './scripts/vite-messages.mjs';

export default defineConfig({
  plugins: [messagesPlugin(fileURLToPath(new URL('./src/locales', import.meta.url)))],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each file gets its own database. Many files wait on peers, timers and child processes, so
    // four workers keep two cores busy (a third less time than two on the 2-core CI machine).
    maxWorkers: 4,
    // setup-fail-on-noise fails a test that logs console.error or leaves a rejection unhandled.
    setupFiles: ['test/setup-dom.ts', 'test/setup-fail-on-noise.ts', 'test/web/setup-messages.ts'],
  },
});
