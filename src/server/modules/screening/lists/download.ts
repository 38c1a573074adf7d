import type { ListName, SanctionsList } from '../entry.js';
import { parseList, XmlRefused, type ParseLimits } from './parse.js';

/**
 * Downloads one list and parses it as it arrives (never buffered whole). Fails with a
 * `ListDownloadError` saying why in words: the refresh answer shows it and the last good list
 * stays in place.
 */

export class ListDownloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListDownloadError';
  }
}

export interface DownloadOptions extends ParseLimits {
  timeoutMs: number;
  signal?: AbortSignal;
}

/** The URL without its query string (the EU one carries a token) for messages and logs. */
const shown = (url: string) => url.replace(/\?.*$/, '?…');

export async function downloadList(list: ListName, url: string, opts: DownloadOptions): Promise<SanctionsList> {
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { signal, headers: { accept: 'application/xml, text/xml;q=0.9, */*;q=0.1' } });
  } catch {
    throw new ListDownloadError(timeout.aborted ? `no answer from ${shown(url)} within ${opts.timeoutMs / 1000} s` : `cannot reach ${shown(url)}`);
  }
  const stop = () => res.body?.cancel().catch(() => {});
  if (res.status !== 200) {
    await stop();
    throw new ListDownloadError(`${shown(url)} answered HTTP ${res.status}`);
  }
  const type = res.headers.get('content-type') ?? '';
  if (/text\/html/i.test(type)) {
    await stop();
    throw new ListDownloadError(`${shown(url)} answered an HTML page, not the list`);
  }
  const length = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(length) && length > opts.maxBytes) {
    await stop();
    throw new ListDownloadError(`the file is larger than ${opts.maxBytes} bytes`);
  }
  if (!res.body) throw new ListDownloadError(`${shown(url)} answered no body`);
  try {
    return await parseList(list, res.body as unknown as AsyncIterable<Uint8Array>, opts);
  } catch (err) {
    await stop();
    if (err instanceof XmlRefused) throw new ListDownloadError(`refused: ${err.message}`);
    if (timeout.aborted) throw new ListDownloadError(`the download from ${shown(url)} took longer than ${opts.timeoutMs / 1000} s`);
    // A connection cut mid-file ends the body stream with an error: the file is incomplete.
    throw new ListDownloadError(`the download from ${shown(url)} broke off before the end of the file`);
  }
}
