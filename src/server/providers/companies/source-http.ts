import type { z } from 'zod';
import { httpRequest, OutgoingHttpError, type OutgoingRequest, type OutgoingResponse } from '../../lib/outgoing-http.js';

/** Per call to a company source, unless configured; the search step allows 15 s in all. */
export const SOURCE_TIMEOUT_MS = 12_000;

/** Where an outside company source answers, and how long one call to it may take. */
export interface SourceEndpoint {
  baseUrl: string;
  userAgent: string;
  /** Per call (default SOURCE_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** Why a source cannot answer, as the error the search reports (CompanySourceUnavailableError). */
export type Unavailable = (reason: string) => Error;

/** One HTTP call to a company source; transport failures (down, slow, too large) become "unavailable". */
export async function sourceRequest(url: string, req: OutgoingRequest, unavailable: Unavailable): Promise<OutgoingResponse> {
  try {
    return await httpRequest(url, req);
  } catch (err) {
    if (err instanceof OutgoingHttpError) throw unavailable(err.failure);
    throw err;
  }
}

/** One GET to `endpoint`, with its user agent and per-call timeout (see sourceRequest). */
export function endpointRequest(
  endpoint: SourceEndpoint,
  url: string,
  signal: AbortSignal,
  unavailable: Unavailable,
  headers: Record<string, string> = {},
): Promise<OutgoingResponse> {
  const timeoutMs = endpoint.timeoutMs ?? SOURCE_TIMEOUT_MS;
  return sourceRequest(url, { signal, timeoutMs, headers: { ...headers, 'user-agent': endpoint.userAgent } }, unavailable);
}

/** A source's 200 answer read as `schema`; another status or a body of another shape means it cannot answer. */
export function readAnswer<T>(res: OutgoingResponse, schema: z.ZodType<T>, unavailable: Unavailable): T {
  if (res.status !== 200) throw unavailable(`HTTP ${res.status}`);
  const answer = schema.safeParse(res.body);
  if (!answer.success) throw unavailable('unreadable answer');
  return answer.data;
}

/** The items of a list that read as `schema`: one odd record is skipped, it does not hide the others. */
export function readable<T>(items: readonly unknown[], schema: z.ZodType<T>): T[] {
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
