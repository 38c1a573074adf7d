import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { configVariables } from '../src/server/config.js';

/** Helpers to run the real server process (src/server/main.ts through tsx, or the built one). */

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = address && typeof address === 'object' ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** The parent's environment without any Corisk variable, plus `env`: the child sees only what the test sets. */
export function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env };
  for (const key of configVariables) delete out[key];
  return { ...out, ...env };
}

export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function spawnServer(args: string[], env: Record<string, string>, cwd: string): ServerProcess {
  return serverProcess(spawn(process.execPath, args, { cwd, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] }));
}

/** A spawned server with its output (stdout and stderr) collected and its exit awaited. */
export function serverProcess(child: ChildProcess): ServerProcess {
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => out, exited };
}

/** Polls GET /api/health until it answers 200; rejects if the process exits first or time runs out. */
export async function waitHealthy(url: string, server: ServerProcess, timeoutMs = 60_000, pollMs = 25): Promise<void> {
  let exited = false;
  void server.exited.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited before it was healthy:\n${server.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error(`server not healthy within ${timeoutMs} ms:\n${server.output()}`);
}
