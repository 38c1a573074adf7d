/**
 * A background loop's start, run `delayMs` later (the server starts its loops once it listens),
 * with the loop's subscription to its wake-up hints (`listen` subscribes and returns the way to
 * unsubscribe). The timer is unref'd so that it keeps no process alive; a new start drops the one
 * still waiting and the previous subscription, and cancel() both.
 */
export function deferredStart(listen: () => () => void) {
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => void) | undefined;
  return {
    schedule(delayMs: number, start: () => void): void {
      clearTimeout(timer);
      timer = setTimeout(() => {
        unlisten?.();
        unlisten = listen();
        start();
      }, delayMs);
      timer.unref();
    },
    cancel(): void {
      clearTimeout(timer);
      unlisten?.();
      unlisten = undefined;
    },
  };
}
