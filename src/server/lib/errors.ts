/** Errors are data: a status, a stable code and a message safe to show (`detail`). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (detail: string, code = 'bad_request') => new AppError(400, code, detail);
export const unauthorized = (detail = 'Not authenticated', code = 'unauthorized') =>
  new AppError(401, code, detail);
export const forbidden = (detail = 'Forbidden', code = 'forbidden') => new AppError(403, code, detail);
export const notFound = (detail = 'Not found', code = 'not_found') => new AppError(404, code, detail);
export const conflict = (detail: string, code = 'conflict') => new AppError(409, code, detail);
export const tooManyRequests = (detail: string, retryAfterS: number, extra?: Record<string, unknown>) =>
  new AppError(429, 'rate_limited', detail, extra, { 'retry-after': String(retryAfterS) });
export const unavailable = (detail: string, code = 'unavailable') => new AppError(503, code, detail);

/** Seconds a client should wait before retrying while the database is away (the pool reconnects by itself). */
export const DATABASE_RETRY_AFTER_S = 5;
export const databaseUnavailable = (detail: string) =>
  new AppError(503, 'database_unavailable', detail, undefined, { 'retry-after': String(DATABASE_RETRY_AFTER_S) });
