/**
 * The transport to the product's API (same origin). It only turns failures into typed errors;
 * callers decide on toasts and redirects.
 *
 * - non-2xx → `ApiError` with the status and, when the body is JSON, its `detail`;
 * - no answer at all → `NetworkError`;
 * - an aborted or timed-out request rejects with the platform's `AbortError`/`TimeoutError`.
 *
 * Response bodies are parsed with the caller's zod schema (from src/shared/contracts). zod is
 * only a type import here, so this module adds nothing to bundles that do not parse.
 */

import { t } from './i18n';

/** A schema that parses unknown data into T (any zod schema fits). */
export interface ResponseSchema<T> {
  /** May be async: a schema whose code loads on first use. */
  parse(data: unknown): T | Promise<T>;
}

export class ApiError extends Error {
  readonly status: number;
  /** The `detail` of a JSON error body, else null. */
  readonly detail: string | null;
  readonly code: string | null;
  /** The parsed JSON body (or null when the body was not JSON). */
  readonly body: unknown;
  /** Whether the error body was JSON (a non-JSON body usually means a proxy or a missing route). */
  readonly isJson: boolean;

  constructor(status: number, body: unknown, isJson: boolean) {
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const detail = typeof record.detail === 'string' && record.detail.trim() ? record.detail : null;
    super(detail ?? t('common.api.requestFailed', { status: String(status) }));
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = typeof record.code === 'string' ? record.code : null;
    this.body = body;
    this.isJson = isJson;
  }
}

export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super(t('common.api.networkError'), { cause });
    this.name = 'NetworkError';
  }
}

/** The server answered 2xx but not with the shape of the contract. */
export class ResponseShapeError extends Error {
  constructor(cause?: unknown) {
    super(t('common.api.unexpectedResponse'), { cause });
    this.name = 'ResponseShapeError';
  }
}

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** Sent as a JSON body with the matching content type. */
  json?: unknown;
  body?: BodyInit | null;
  /** Aborts the request with a `TimeoutError` after this many milliseconds. */
  timeoutMs?: number;
}

const isAbort = (err: unknown) =>
  err instanceof DOMException && (err.name === 'AbortError' || err.name === 'TimeoutError');

function isJsonType(res: Response): boolean {
  return /\bjson\b/i.test(res.headers.get('content-type') ?? '');
}

/** The request init that `fetch` receives (exported for the authenticated fetch). */
export function toRequestInit(init: ApiRequestInit): RequestInit {
  const { json, timeoutMs, headers, body, signal, ...rest } = init;
  const h = new Headers(headers);
  let finalBody: BodyInit | null | undefined = body;
  if (json !== undefined) {
    h.set('content-type', 'application/json');
    finalBody = JSON.stringify(json);
  }
  if (!h.has('accept')) h.set('accept', 'application/json');
  const signals = [signal, timeoutMs !== undefined ? AbortSignal.timeout(timeoutMs) : undefined].filter(
    (s): s is AbortSignal => s instanceof AbortSignal,
  );
  const finalSignal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  return { ...rest, headers: h, body: finalBody, ...(finalSignal ? { signal: finalSignal } : {}) };
}

/** Reads an error response into an ApiError (JSON body when there is one). */
export async function toApiError(res: Response): Promise<ApiError> {
  if (isJsonType(res)) {
    try {
      return new ApiError(res.status, await res.json(), true);
    } catch {
      return new ApiError(res.status, null, false);
    }
  }
  return new ApiError(res.status, null, false);
}

/** fetch + typed failures; resolves with the 2xx Response. */
export async function apiRequest(path: string, init: ApiRequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, toRequestInit(init));
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new NetworkError(err);
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

/** Parses a 2xx response body with the contract's schema. */
export async function parseJson<T>(res: Response, schema: ResponseSchema<T>): Promise<T> {
  let data: unknown;
  try {
    data = await res.json();
  } catch (err) {
    throw new ResponseShapeError(err);
  }
  try {
    return await schema.parse(data);
  } catch (err) {
    throw new ResponseShapeError(err);
  }
}

/** A JSON call: request, typed failure, response parsed by the contract's schema. */
export async function apiJson<T>(path: string, schema: ResponseSchema<T>, init: ApiRequestInit = {}): Promise<T> {
  return parseJson(await apiRequest(path, init), schema);
}

/** The message to show for a failed call: the server's detail, else the screen's fallback. */
export function errorDetail(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.detail ? err.detail : fallback;
}
