import type { Database } from '../../db/client.js';
import { createLeases, type Leases } from '../../db/leases.js';

/**
 * Who is assessing a portfolio row right now (db/leases.ts): a row marked running whose lease is
 * free was left by a worker that no longer exists, and may be taken over.
 */
export type RowLeases = Leases;

export function createRowLeases(database: Pick<Database, 'engine' | 'url'>, log: { warn(obj: object, msg: string): void }): RowLeases {
  return createLeases(database, { lockClass: 727014, name: 'corisk-row-leases' }, log);
}
