import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { join } from 'node:path';
import { projectRoot } from './paths.js';
import { WorkerPool, type SerializedError } from './worker-pool.js';

/**
 * The process's pool for the CPU-heavy steps (map render, embedded analysis, report PDF): one
 * worker thread per core, so they no longer hold up the one thread that serves every request.
 * CPU_WORKERS=0 runs them in process instead (as do the workers themselves, and Vitest unless
 * CPU_WORKERS says otherwise: a test file's steps then need no worker start-up).
 *
 * Built, the workers run dist/node/server/cpu-worker.js; from the sources (tsx, Vitest) they
 * run cpu-worker.ts through tsx's loader.
 */

const fromSource = import.meta.url.endsWith('.ts');

export function cpuPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const set = env.CPU_WORKERS?.trim();
  if (set && /^\d{1,2}$/.test(set)) return Number(set);
  return env.VITEST ? 0 : availableParallelism();
}

const revivers = new Map<string, (message: string, fields: Record<string, unknown>) => Error>();

/**
 * Lets a worker's error named `name` come back as the type the in-process code throws: the module
 * that defines the error registers it, so this floor knows no provider.
 */
export function reviveWorkerError(name: string, revive: (message: string, fields: Record<string, unknown>) => Error): void {
  revivers.set(name, revive);
}

/** Errors come back as the types the in-process code throws (by name). */
export function reviveError(e: SerializedError): Error {
  let err: Error;
  const revive = revivers.get(e.name);
  if (revive) err = revive(e.message, e.fields ?? {});
  else if (e.name === 'RangeError') err = new RangeError(e.message);
  else if (e.name === 'TypeError') err = new TypeError(e.message);
  else {
    err = new Error(e.message);
    err.name = e.name;
  }
  if (e.stack) err.stack = e.stack;
  return err;
}

function workerScript(): { script: URL | string; eval?: boolean } {
  // Found from the package root: built, this code is inside a bundle chunk, not next to the worker.
  if (!fromSource) return { script: join(projectRoot, 'dist/node/server/cpu-worker.js') };
  // Node 20 runs no module loader hooks in worker threads: tsx's require hook compiles the sources instead.
  const require = createRequire(import.meta.url);
  const tsx = require.resolve('tsx/cjs');
  const script = fileURLToPath(new URL('../cpu-worker.ts', import.meta.url));
  return { script: `require(${JSON.stringify(tsx)}); require(${JSON.stringify(script)});`, eval: true };
}

/** A pool of `size` CPU workers; `warm`: each loads all the engine's data as it starts (a server's). */
export function createCpuPool(size: number, warm: boolean): WorkerPool {
  return new WorkerPool({ size, ...workerScript(), workerData: { warm }, reviveError });
}

let pool: WorkerPool | null | undefined;

/** The shared pool, or undefined where the steps run in process (a worker, CPU_WORKERS=0). */
export function cpuPool(): WorkerPool | undefined {
  if (pool === undefined) {
    const size = isMainThread ? cpuPoolSize() : 0;
    pool = size > 0 ? createCpuPool(size, !process.env.VITEST) : null;
  }
  return pool ?? undefined;
}

/** Runs a step on the pool when there is one, otherwise here. */
export function onCpuPool<T>(kind: string, payload: unknown, here: () => Promise<T>, transfer?: ArrayBuffer[]): Promise<T> {
  const p = cpuPool();
  return p ? p.run<T>(kind, payload, transfer) : here();
}
