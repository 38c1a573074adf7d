import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded the first time it is used rather than at start: Stripe, Redis, SMTP and the map
 * fonts cost hundreds of milliseconds to load, and most deployments use some of them, or none.
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
