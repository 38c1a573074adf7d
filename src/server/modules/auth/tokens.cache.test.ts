import { afterEach, describe, expect, it, vi } from 'vitest';
import { JwtTokens, TokenError } from './tokens.js';

/** The verified-token cache of JwtTokens.verify must never outlive a token nor accept a forged one. */
const secret = 'cache-test-secret-cache-test-secret-0123456789';
const ids = { sub: '6f1c2b9e-5d3a-4c8e-9f7a-1b2c3d4e5f60', sid: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' };

afterEach(() => {
  vi.useRealTimers();
});

async function failure(p: Promise<unknown>): Promise<TokenError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof TokenError)) throw new Error(`expected a TokenError, got ${String(err)}`);
  return err;
}

describe('JwtTokens verified-token cache', () => {
  it('refuses a token once it expires, even after it was verified (and cached)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const tokens = new JwtTokens(secret);
    const token = await tokens.signAccess(ids, 60);
    expect(await tokens.verifyAccess(token)).toEqual(ids);
    expect(await tokens.verifyAccess(token)).toEqual(ids);
    vi.setSystemTime(new Date('2026-03-01T10:01:01Z'));
    expect((await failure(tokens.verifyAccess(token))).reason).toBe('expired');
  });

  it('still refuses a changed signature and the wrong purpose after the genuine token was cached', async () => {
    const tokens = new JwtTokens(secret);
    const token = await tokens.signAccess(ids, 600);
    await tokens.verifyAccess(token);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await failure(tokens.verifyAccess(forged))).reason).toBe('invalid');
    expect((await failure(tokens.verifyReset(token))).reason).toBe('invalid');
  });

  it('does not share verified tokens between keys', async () => {
    const a = new JwtTokens(secret);
    const b = new JwtTokens(`${secret}-other`);
    const token = await a.signAccess(ids, 600);
    await a.verifyAccess(token);
    expect((await failure(b.verifyAccess(token))).reason).toBe('invalid');
  });
});
