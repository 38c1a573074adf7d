import { useSyncExternalStore } from 'react';

/** The change listeners of a module-level store, and the hook that reads it and re-renders on change. */
export function createStore<T>(read: () => T) {
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    subscribe,
    notify(): void {
      for (const l of listeners) l();
    },
    clear(): void {
      listeners.clear();
    },
    /** React hook: the current value, re-rendering when notify() runs. */
    use(): T {
      return useSyncExternalStore(subscribe, read, read);
    },
  };
}
