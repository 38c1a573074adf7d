import { projectRoot } from '../../src/server/lib/paths.js';
import { freePort, spawnServer, waitHealthy, type ServerProcess } from '../../test/server-process.js';

/**
 * A Corisk server in its own process on a free localhost port: the built one
 * (`node dist/node/server/main.js`, what production runs) or the sources through tsx
 * (`src/server/main.ts`, no build needed: the tests use it).
 */

export const builtMain = ['dist/node/server/main.js'];
export const sourceMain = ['--import', 'tsx', 'src/server/main.ts'];

export interface CoriskServer {
  url: string;
  port: number;
  proc: ServerProcess;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL: the process dies on the spot, mid-request. */
  kill(): Promise<void>;
}

export interface StartOptions {
  /** Process arguments: builtMain (default) or sourceMain. */
  main?: string[];
  /** Reuse this port (a restart on the same address). */
  port?: number;
  healthTimeoutMs?: number;
}

export async function startCorisk(env: Record<string, string>, options: StartOptions = {}): Promise<CoriskServer> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const proc = spawnServer(
    options.main ?? builtMain,
    { NODE_ENV: 'production', APP_URL: url, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    projectRoot,
  );
  try {
    await waitHealthy(`${url}/api/health`, proc, options.healthTimeoutMs ?? 90_000, 50);
  } catch (err) {
    proc.child.kill('SIGKILL');
    throw err;
  }
  const alive = () => proc.child.exitCode === null && proc.child.signalCode === null;
  return {
    url,
    port,
    proc,
    stop: async () => {
      if (alive()) proc.child.kill('SIGTERM');
      await proc.exited;
    },
    kill: async () => {
      if (alive()) proc.child.kill('SIGKILL');
      await proc.exited;
    },
  };
}
