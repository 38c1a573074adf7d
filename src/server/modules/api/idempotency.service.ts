import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { AppError, badRequest } from '../../lib/errors.js';
import * as repo from './idempotency.repo.js';

/** A record answers retries for a day, then the key may be used again. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/**
 * A request still marked running after this long was lost with its process (an assessment gives
 * up well within 3 minutes); a retry takes the key over instead of waiting for ever.
 */
export const IDEMPOTENCY_STALE_MS = 5 * 60 * 1000;
/** Expired records of all users are swept at most this often per process. */
const SWEEP_EVERY_MS = 3600 * 1000;

export const idempotencyMessages = {
  badKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
  mismatch: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  running: 'A request with this Idempotency-Key is still running. Retry in a moment to get its answer.',
} as const;

const keyShape = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header, checked; undefined when the client sent none. */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? undefined : header.trim();
  if (!value || !keyShape.test(value)) throw badRequest(idempotencyMessages.badKey, 'idempotency_key_invalid');
  return value;
}

/** What a POST answers: its status and body, and whether this is a replay of the first answer. */
export interface StoredAnswer<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** The same request is the same method, path and (validated) body. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${JSON.stringify(body)}`).digest('hex');
}

export interface IdempotencyDeps {
  db: Db;
  now?: () => Date;
}

/**
 * Idempotency-Key for POSTs: the first successful answer is stored and returned to every retry of
 * the same request for 24 hours; the same key with another request is refused (422); a retry
 * while the first is still running gets 409. A failed request keeps nothing, so it may be retried
 * with the same key (after buying credits, say).
 */
export class IdempotencyService {
  private readonly now: () => Date;
  private lastSweep = 0;

  constructor(private readonly deps: IdempotencyDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Runs `run` once for (userId, key): a retry of the same request gets the stored answer.
   * `key` is already scoped by the caller (e.g. per API key).
   */
  async once<T>(userId: string, key: string, fingerprint: string, run: () => Promise<{ status: number; body: T }>): Promise<StoredAnswer<T>> {
    const { db } = this.deps;
    const now = this.now();
    await this.sweep(now);
    await repo.deleteExpired(db, new Date(now.getTime() - IDEMPOTENCY_TTL_MS), { userId, key });

    const id = await this.claim(userId, key, fingerprint, now);
    if (typeof id !== 'string') return id as StoredAnswer<T>;
    let answer: { status: number; body: T };
    try {
      answer = await run();
    } catch (err) {
      await repo.release(db, id);
      throw err;
    }
    await repo.complete(db, id, answer.status, answer.body);
    return { ...answer, replayed: false };
  }

  /** The record's id when this request may run; the stored answer when it already ran. */
  private async claim(userId: string, key: string, fingerprint: string, now: Date): Promise<string | StoredAnswer<unknown>> {
    const { db } = this.deps;
    // Twice at most: a record freed by a failing request between the insert and the read is claimed on the second turn.
    for (let turn = 0; turn < 2; turn++) {
      const id = await repo.tryInsert(db, { userId, key, requestHash: fingerprint, createdAt: now });
      if (id) return id;
      const rec = await repo.find(db, userId, key);
      if (!rec) continue;
      if (rec.requestHash !== fingerprint) throw new AppError(422, 'idempotency_key_reused', idempotencyMessages.mismatch);
      if (rec.statusCode !== null) return { status: rec.statusCode, body: rec.response, replayed: true };
      if (now.getTime() - rec.createdAt.getTime() > IDEMPOTENCY_STALE_MS && (await repo.takeOver(db, rec.id, rec.createdAt, now))) {
        return rec.id;
      }
      break;
    }
    throw new AppError(409, 'idempotency_key_in_use', idempotencyMessages.running, undefined, { 'retry-after': '2' });
  }

  private async sweep(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    await repo.deleteExpired(this.deps.db, new Date(now.getTime() - IDEMPOTENCY_TTL_MS));
  }
}
