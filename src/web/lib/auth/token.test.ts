import { describe, expect, it } from 'vitest';
import { encodeSegment, makeTestToken } from '../../../../test/web/make-test-token';
import { EXPIRY_GRACE_MS, NEAR_EXPIRATION_MS, needsRenewalBeforeRequest, readTokenExpiry, validateToken } from './token';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const EXP = NOW + 3_600_000; // whole seconds

describe('validateToken', () => {
  it('reports no_token for a missing or empty token', () => {
    expect(validateToken(null, NOW).status).toBe('no_token');
    expect(validateToken(undefined, NOW).status).toBe('no_token');
    expect(validateToken('', NOW).status).toBe('no_token');
  });

  it.each([
    ['two parts', `${encodeSegment({ alg: 'HS256', typ: 'JWT' })}.${encodeSegment({ exp: EXP / 1000 })}`],
    ['four parts', `${makeTestToken({ expMs: EXP })}.extra`],
    ['a header without alg', makeTestToken({ expMs: EXP, header: { typ: 'JWT' } })],
    ['a header without typ', makeTestToken({ expMs: EXP, header: { alg: 'HS256' } })],
    ['a payload without exp', makeTestToken({ expMs: EXP, payload: { sub: 'u' } })],
    ['a non-numeric exp', makeTestToken({ expMs: EXP, payload: { exp: 'tomorrow' } })],
    ['an undecodable header', `%%%.${encodeSegment({ exp: EXP / 1000 })}.sig`],
    ['a payload that is not JSON', `${encodeSegment({ alg: 'HS256', typ: 'JWT' })}.${encodeSegment('not json')}.sig`],
    ['a payload that is an array', `${encodeSegment({ alg: 'HS256', typ: 'JWT' })}.${encodeSegment([1])}.sig`],
  ])('reports invalid_token for %s', (_label, token) => {
    expect(validateToken(token, NOW).status).toBe('invalid_token');
  });

  it('accepts a well-formed token and reports the time left', () => {
    const v = validateToken(makeTestToken({ expMs: EXP }), NOW);
    expect(v).toEqual({ status: 'valid', expiresAt: EXP, remainingMs: 3_600_000, nearExpiration: false });
    expect(readTokenExpiry(makeTestToken({ expMs: EXP }))).toBe(EXP);
  });

  it('counts a token as expired only after the 5-minute grace period', () => {
    const token = makeTestToken({ expMs: EXP });
    const atGraceEnd = validateToken(token, EXP + EXPIRY_GRACE_MS);
    expect(atGraceEnd.status).toBe('valid');
    expect(atGraceEnd.status === 'valid' && atGraceEnd.remainingMs).toBe(-EXPIRY_GRACE_MS);
    expect(validateToken(token, EXP + EXPIRY_GRACE_MS + 1).status).toBe('token_expired');
    expect(EXPIRY_GRACE_MS).toBe(300_000);
  });

  it('flags near expiration at 10 minutes or less remaining', () => {
    const token = makeTestToken({ expMs: EXP });
    const at = (remaining: number) => validateToken(token, EXP - remaining);
    expect(at(NEAR_EXPIRATION_MS)).toMatchObject({ status: 'valid', nearExpiration: true });
    expect(at(NEAR_EXPIRATION_MS + 1)).toMatchObject({ status: 'valid', nearExpiration: false });
    expect(NEAR_EXPIRATION_MS).toBe(600_000);
  });
});

describe('needsRenewalBeforeRequest', () => {
  it('renews once the token is past exp, grace or not', () => {
    const token = makeTestToken({ expMs: EXP });
    expect(needsRenewalBeforeRequest(token, EXP - 1)).toBe(false);
    expect(needsRenewalBeforeRequest(token, EXP)).toBe(true);
    expect(needsRenewalBeforeRequest(token, EXP + EXPIRY_GRACE_MS + 1)).toBe(true);
  });
});
