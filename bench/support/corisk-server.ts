import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { projectRoot } from '../../src/server/lib/paths.js';
import { cleanEnv, freePort, spawnServer, waitHealthy, type ServerProcess } from '../../test/server-process.js';

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
  /**
   * Write the server's output to this file instead of a pipe this process reads: a server logging
   * every request (LOG_LEVEL=info) must never wait for a busy load generator to drain its stdout.
   */
  logFile?: string;
  /**
   * Start it as `npm start` does (scripts/start.mjs): `--enable-source-maps`, NODE_ENV and
   * LOG_LEVEL left at their defaults (development, info: one access line per request).
   */
  asShipped?: boolean;
}

/** Like spawnServer, with stdout and stderr going to a file. */
function spawnToFile(args: string[], env: Record<string, string>, logFile: string): ServerProcess {
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, { cwd: projectRoot, env: cleanEnv(env), stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => readFileSync(logFile, 'utf8'), exited };
}

export async function startCorisk(env: Record<string, string>, options: StartOptions = {}): Promise<CoriskServer> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const defaults: Record<string, string> = options.asShipped
    ? {}
    : {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        // Production refuses to start without an operator identity.
        OPERATOR_NAME: 'Corisk Bench',
        OPERATOR_ADDRESS: 'Benchstraße 1, 10115 Berlin, Germany',
        OPERATOR_EMAIL: 'bench@corisk.example',
      };
  const fullEnv = { ...defaults, APP_URL: url, HOST: '127.0.0.1', ...env, PORT: String(port) };
  const args = [...(options.asShipped ? ['--enable-source-maps'] : []), ...(options.main ?? builtMain)];
  const proc = options.logFile ? spawnToFile(args, fullEnv, options.logFile) : spawnServer(args, fullEnv, projectRoot);
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
