import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/server/lib/paths.js';
import { freePort, spawnServer, waitHealthy } from './server-process.js';

/** The real process: `src/server/main.ts` run by tsx, as `npm run dev` runs it. */
const mainArgs = ['--import', 'tsx', 'src/server/main.ts'];
const dirs: string[] = [];
const tempDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'corisk-main-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('main', () => {
  it('exits 1 naming the variable when the configuration is malformed', async () => {
    const server = spawnServer(mainArgs, { PORT: 'abc', JWT_SECRET: 'hunter2', DATA_DIR: tempDataDir() }, projectRoot);
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain('Invalid configuration:');
    expect(server.output()).toContain('PORT: must be a whole number');
    expect(server.output()).toContain('JWT_SECRET: must be at least 32 characters');
    expect(server.output()).not.toContain('hunter2');
  });

  it('exits 1 with a clear message when PostgreSQL does not answer', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const server = spawnServer(
      mainArgs,
      { DATA_DIR: tempDataDir(), PORT: String(await freePort()), DATABASE_URL: `postgres://corisk:pw-4321@127.0.0.1:${port}/corisk` },
      projectRoot,
    );
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain('Cannot open the PostgreSQL at DATABASE_URL');
    expect(server.output()).not.toContain('pw-4321');
  });

  it('serves until SIGTERM, then shuts down gracefully with exit code 0; restarts on the same data (SIGINT)', async () => {
    const dataDir = tempDataDir();
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const port = await freePort();
      const server = spawnServer(
        mainArgs,
        { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
        projectRoot,
      );
      await waitHealthy(`http://127.0.0.1:${port}/api/health`, server);
      server.child.kill(signal);
      const { code, signal: killedBy } = await server.exited;
      expect({ code, killedBy, signal }).toEqual({ code: 0, killedBy: null, signal });
      expect(server.output()).toContain('shutting down');
      // Logs are written asynchronously: the access lines of the health checks and the last
      // line before exit still reach stdout.
      expect(server.output()).toContain('"route":"/api/health","status":200');
      expect(server.output()).toContain('"msg":"shut down"');
    }
  }, 180_000);
});
