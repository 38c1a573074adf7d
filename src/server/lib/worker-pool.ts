import { Worker } from 'node:worker_threads';

/**
 * A small pool of worker threads running one script: tasks queue in order and go to the first
 * idle worker. Workers start on the first task and stay; an idle pool does not keep the process
 * alive. A worker that dies fails its task and is replaced on the next one.
 *
 * The script answers each `{ id, kind, payload }` message with `{ id, value }` or
 * `{ id, error: SerializedError }` (see worker-protocol.ts).
 */

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  /** The error's own enumerable fields (an AnalystError's `failure`, …), structured-cloneable. */
  fields?: Record<string, unknown>;
}

export interface WorkerPoolOptions {
  size: number;
  /** The worker's module, or with `eval` its code (CommonJS). */
  script: URL | string;
  eval?: boolean;
  /** Given to each worker as its workerData. */
  workerData?: unknown;
  /** Rebuilds an error thrown in a worker as its original type (by name); plain Error otherwise. */
  reviveError?: (e: SerializedError) => Error;
}

interface Task {
  id: number;
  kind: string;
  payload: unknown;
  transfer: ArrayBuffer[];
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  task?: Task;
}

function plainError(e: SerializedError): Error {
  const err = new Error(e.message);
  err.name = e.name;
  if (e.stack) err.stack = e.stack;
  return err;
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  get size(): number {
    return this.options.size;
  }

  /** Runs `kind` on a worker; `transfer` lists buffers moved (not copied) to it. */
  run<T>(kind: string, payload: unknown, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    this.start();
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, kind, payload, transfer, resolve: resolve as (v: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Starts every worker now (their start-up work begins at once, off the main thread). */
  start(): void {
    while (!this.closed && this.slots.length < this.options.size) this.spawn();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.queue.splice(0)) t.reject(new Error('the worker pool is closed'));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.task);
      if (!slot && this.slots.length < this.options.size) slot = this.spawn();
      if (!slot) return;
      const task = this.queue.shift()!;
      slot.task = task;
      slot.worker.ref();
      slot.worker.postMessage({ id: task.id, kind: task.kind, payload: task.payload }, task.transfer);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(this.options.script, { eval: this.options.eval, workerData: this.options.workerData });
    const slot: Slot = { worker };
    worker.on('message', (msg: { id: number; value?: unknown; error?: SerializedError }) => {
      const task = slot.task;
      if (!task || task.id !== msg.id) return;
      slot.task = undefined;
      worker.unref();
      if (msg.error) task.reject((this.options.reviveError ?? plainError)(msg.error));
      else task.resolve(msg.value);
      this.dispatch();
    });
    const lost = (err: Error) => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      slot.task?.reject(err);
      slot.task = undefined;
      if (!this.closed) this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`a worker thread exited (code ${code})`)));
    // After the listeners (adding a message listener refs the worker again): idle, it keeps no process alive.
    worker.unref();
    this.slots.push(slot);
    return slot;
  }
}

/** An error as a worker sends it back: name, message, stack and its own plain fields. */
export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(err)) {
    if (v === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof v)) fields[k] = v;
  }
  return { name: err.name, message: err.message, stack: err.stack, fields };
}
