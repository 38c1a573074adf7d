import type { Db } from './client.js';

/**
 * A hot query prepared once per database handle: drizzle builds its SQL once, and on PostgreSQL it
 * runs as a named statement that each pooled connection parses and plans only the first time.
 * `build` must call `.prepare(name)` with a name unique to the query. Keyed weakly by the handle
 * (the app's Db, or a transaction), so handles that go away take their statements with them.
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const cache = new WeakMap<Db, Q>();
  return (db) => {
    let q = cache.get(db);
    if (!q) {
      q = build(db);
      cache.set(db, q);
    }
    return q;
  };
}
