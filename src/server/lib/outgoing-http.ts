/**
 * Calls to outside services (VIES, GLEIF, Nominatim, the AI API): every call has a deadline
 * (its own timeout and the caller's signal, whichever comes first), a cap on the answer's size,
 * and fails with one error type saying what went wrong, so providers can map it to what the
 * user is told.
 */

export type OutgoingFailure = 'timeout' | 'aborted' | 'network' | 'too_large';

export class OutgoingHttpError extends Error {
  constructor(
    readonly failure: OutgoingFailure,
    readonly url: string,
    cause?: unknown,
  ) {
    super(`${failure} calling ${redactUrl(url)}`, { cause });
    this.name = 'OutgoingHttpError';
  }
}

export interface OutgoingRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A JSON body (sent with content-type application/json). */
  json?: unknown;
  /** The caller's deadline; the call also stops after `timeoutMs`. */
  signal?: AbortSignal;
  timeoutMs: number;
  /** Largest answer read (default 2 MB). */
  maxBytes?: number;
}

export interface OutgoingResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: unknown;
}

/** The URL without its query string or user information (either may carry keys or personal data) for logs and errors. */
export function redactUrl(url: string): string {
  const i = url.indexOf('?');
  const bare = i < 0 ? url : `${url.slice(0, i)}?…`;
  return bare.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@?#]*@/i, '$1…@');
}

async function readCapped(res: Response, maxBytes: number, url: string): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new OutgoingHttpError('too_large', url);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function httpRequest(url: string, req: OutgoingRequest): Promise<OutgoingResponse> {
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  if (req.json !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(url, {
      method: req.method ?? 'GET',
      headers,
      body: req.json === undefined ? undefined : JSON.stringify(req.json),
      signal,
      redirect: 'error',
    });
    const text = await readCapped(res, req.maxBytes ?? 2 * 1024 * 1024, url);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, text, body };
  } catch (err) {
    if (err instanceof OutgoingHttpError) throw err;
    if (timeout.aborted) throw new OutgoingHttpError('timeout', url, err);
    if (req.signal?.aborted) {
      const reason: unknown = req.signal.reason;
      const timedOut = reason instanceof DOMException && reason.name === 'TimeoutError';
      throw new OutgoingHttpError(timedOut ? 'timeout' : 'aborted', url, err);
    }
    throw new OutgoingHttpError('network', url, err);
  }
}
