import { beforeAll, describe, expect, it } from 'vitest';
import { caughtAppError } from '../../../../test/app-error.js';
import { createSignedInUser } from '../../../../test/auth.js';
import { IDEMPOTENCY_STALE_MS, IDEMPOTENCY_TTL_MS, IdempotencyService, idempotencyMessages, readIdempotencyKey } from './idempotency.service.js';
import { useTestApp } from '../../../../test/app.js';

/**
 * Idempotency-Key records on the real database (PGlite, and PostgreSQL with TEST_DB=postgres):
 * first answer kept and replayed, 409 while running, 422 for another request, failures kept
 * nowhere, a record lost with its process taken over, expiry after 24 hours.
 */

const t = useTestApp();
let userId: string;
let clock: Date;
let service: IdempotencyService;
beforeAll(async () => {
  userId = (await createSignedInUser(t.app)).user_id;
  clock = new Date('2026-03-01T10:00:00Z');
  service = new IdempotencyService({ db: t.database.db, now: () => clock });
});

let seq = 0;
const freshKey = () => `key-${++seq}`;
const answer = (body: unknown, status = 201) => async () => ({ status, body });

describe('IdempotencyService', () => {
  it('runs once; a retry of the same request gets the stored answer without running', async () => {
    const key = freshKey();
    let runs = 0;
    const run = async () => ({ status: 201, body: { n: ++runs } });
    expect(await service.once(userId, key, 'fp', run)).toEqual({ status: 201, body: { n: 1 }, replayed: false });
    expect(await service.once(userId, key, 'fp', run)).toEqual({ status: 201, body: { n: 1 }, replayed: true });
    expect(runs).toBe(1);
  });

  it('the same key with another request: 422', async () => {
    const key = freshKey();
    await service.once(userId, key, 'fp-a', answer({ ok: true }));
    const err = await caughtAppError(service.once(userId, key, 'fp-b', answer({ ok: true })));
    expect([err.status, err.code, err.message]).toEqual([422, 'idempotency_key_reused', idempotencyMessages.mismatch]);
  });

  it('a retry while the first is running: 409 with Retry-After; after it finishes, the replay', async () => {
    const key = freshKey();
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const first = service.once(userId, key, 'fp', async () => {
      await gate;
      return { status: 202, body: { id: 'p1' } };
    });
    await new Promise((r) => setTimeout(r, 50));
    const err = await caughtAppError(service.once(userId, key, 'fp', answer({ id: 'p2' })));
    expect([err.status, err.code, err.message]).toEqual([409, 'idempotency_key_in_use', idempotencyMessages.running]);
    expect(err.headers).toEqual({ 'retry-after': '2' });
    finish();
    expect(await first).toEqual({ status: 202, body: { id: 'p1' }, replayed: false });
    expect(await service.once(userId, key, 'fp', answer({ id: 'p3' }))).toEqual({ status: 202, body: { id: 'p1' }, replayed: true });
  });

  it('a failed request keeps nothing: the same key runs again', async () => {
    const key = freshKey();
    const failing = async () => {
      throw new Error('no credits');
    };
    await expect(service.once(userId, key, 'fp', failing)).rejects.toThrow('no credits');
    expect(await service.once(userId, key, 'fp', answer({ second: true }))).toEqual({ status: 201, body: { second: true }, replayed: false });
  });

  it('a record left running by a dead process is taken over after a while', async () => {
    const key = freshKey();
    // Never settles: the process "died" mid-request.
    void service.once(userId, key, 'fp', () => new Promise<never>(() => {}));
    await new Promise((r) => setTimeout(r, 50));
    expect((await caughtAppError(service.once(userId, key, 'fp', answer({ x: 1 })))).status).toBe(409);
    const start = clock;
    clock = new Date(start.getTime() + IDEMPOTENCY_STALE_MS + 1000);
    try {
      expect(await service.once(userId, key, 'fp', answer({ x: 2 }))).toEqual({ status: 201, body: { x: 2 }, replayed: false });
    } finally {
      clock = start;
    }
  });

  it('expires after 24 hours: the key may then be used for a new request', async () => {
    const key = freshKey();
    await service.once(userId, key, 'fp-old', answer({ old: true }));
    const start = clock;
    clock = new Date(start.getTime() + IDEMPOTENCY_TTL_MS + 1000);
    try {
      expect(await service.once(userId, key, 'fp-new', answer({ new: true }))).toEqual({ status: 201, body: { new: true }, replayed: false });
    } finally {
      clock = start;
    }
  });

  it('keys are per user', async () => {
    const other = (await createSignedInUser(t.app)).user_id;
    const key = freshKey();
    await service.once(userId, key, 'fp', answer({ who: 'first' }));
    expect(await service.once(other, key, 'fp', answer({ who: 'other' }))).toEqual({ status: 201, body: { who: 'other' }, replayed: false });
  });
});

describe('readIdempotencyKey', () => {
  it('accepts 1–255 visible ASCII characters, absent is fine, anything else is 400', async () => {
    expect(readIdempotencyKey(undefined)).toBeUndefined();
    expect(readIdempotencyKey(' 4f1c2a9e-8b7d ')).toBe('4f1c2a9e-8b7d');
    expect(readIdempotencyKey('x'.repeat(255))).toBe('x'.repeat(255));
    for (const bad of ['', '   ', 'x'.repeat(256), 'a b', 'é', ['a', 'b']]) {
      expect(() => readIdempotencyKey(bad)).toThrow(idempotencyMessages.badKey);
    }
  });
});
