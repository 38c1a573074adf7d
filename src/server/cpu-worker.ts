import { parentPort, workerData } from 'node:worker_threads';
import { serializeError } from './lib/worker-pool.js';
import { cpuTasks, type CpuTasks } from './cpu-tasks.js';

/**
 * A worker thread of the CPU pool (lib/cpu-pool.ts): loads the engine's data once, then runs the
 * steps it is sent, one at a time, with the same code the main thread would run.
 */

const port = parentPort;
if (!port) throw new Error('cpu-worker.ts runs as a worker thread');

// A server's workers load all the data at once, while the first message is on its way (a pool
// starts all its workers together); under tests each step loads what it needs. A failed warm-up is
// not fatal: each step then loads what it needs when it runs.
const warm = (workerData as { warm?: boolean } | undefined)?.warm ?? false;
const ready: Promise<CpuTasks> = (warm ? cpuTasks.warm(undefined) : Promise.resolve()).then(
  () => cpuTasks,
  () => cpuTasks,
);

port.on('message', (msg: { id: number; kind: keyof CpuTasks; payload: never }) => {
  void (async () => {
    try {
      const t = await ready;
      const { value, transfer } = await t[msg.kind](msg.payload);
      port.postMessage({ id: msg.id, value }, transfer ?? []);
    } catch (err) {
      port.postMessage({ id: msg.id, error: serializeError(err) });
    }
  })();
});
