/** Builds unsigned JWT-shaped tokens for unit tests (the browser never checks signatures). */

function base64url(value: unknown): string {
  const json = typeof value === 'string' ? value : JSON.stringify(value);
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface TestTokenOptions {
  /** Expiry in epoch milliseconds (stored as whole seconds in `exp`). */
  expMs: number;
  header?: Record<string, unknown>;
  payload?: Record<string, unknown>;
}

export function makeTestToken({ expMs, header, payload }: TestTokenOptions): string {
  return [
    base64url(header ?? { alg: 'HS256', typ: 'JWT' }),
    base64url(payload ?? { sub: 'user-1', exp: Math.floor(expMs / 1000) }),
    'signature',
  ].join('.');
}

export function encodeSegment(value: unknown): string {
  return base64url(value);
}
