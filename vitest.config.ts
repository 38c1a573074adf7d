import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each file gets its own database; two workers keep the 2-core machine responsive.
    maxWorkers: 2,
    // setup-fail-on-noise fails a test that logs console.error or leaves a rejection unhandled.
    setupFiles: ['test/setup-dom.ts', 'test/setup-fail-on-noise.ts'],
  },
});
