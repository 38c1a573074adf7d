/**
 * Whether an error means the database cannot be reached right now (refused or cut connection, no
 * answer in time, server shutting down or full) rather than a bug: such requests answer 503 with
 * Retry-After instead of 500, and work again by themselves once the database is back (the pool
 * reconnects). Looks through `cause` chains and AggregateErrors (drizzle and net wrap the original).
 */

const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** PostgreSQL SQLSTATEs: admin/crash shutdown, cannot connect now, too many connections (class 08 is matched by prefix). */
const serverCodes = new Set(['57P01', '57P02', '57P03', '53300']);
const messages = /Connection terminated|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|database did not answer/i;

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 8) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (networkCodes.has(e.code) || serverCodes.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) return true;
  if (typeof e.message === 'string' && messages.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** The innermost cause, for logs: drizzle's wrapper repeats the query and its parameters, the cause does not. */
export function rootCause(err: unknown): { message: string; code?: string } {
  let e: unknown = err;
  for (let i = 0; i < 8 && e && typeof e === 'object' && (e as { cause?: unknown }).cause; i++) e = (e as { cause?: unknown }).cause;
  const code = (e as { code?: unknown } | undefined)?.code;
  return { message: e instanceof Error ? e.message : String(e), ...(typeof code === 'string' ? { code } : {}) };
}
