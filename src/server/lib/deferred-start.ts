/**
 * A background loop's start, run `delayMs` later (the server starts its loops once it listens):
 * it subscribes to the loop's wake-up hints (`listen` returns the way to unsubscribe) and, with
 * `pollMs`, also wakes the loop that often. Timers are unref'd so that they keep no process
 * alive; a new start drops the one still waiting and the previous subscription and poll, and
 * cancel() all of them.
 */
export function deferredStart(loop: { listen: () => () => void; wake?: () => void; pollMs?: number }) {
  let timer: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;
  let unlisten: (() => void) | undefined;
  const stopWaking = () => {
    clearInterval(poll);
    unlisten?.();
    unlisten = undefined;
  };
  return {
    schedule(delayMs: number, start: () => void): void {
      clearTimeout(timer);
      timer = setTimeout(() => {
        stopWaking();
        unlisten = loop.listen();
        if (loop.pollMs !== undefined && loop.wake) {
          poll = setInterval(loop.wake, loop.pollMs);
          poll.unref();
        }
        start();
      }, delayMs);
      timer.unref();
    },
    cancel(): void {
      clearTimeout(timer);
      stopWaking();
    },
  };
}
