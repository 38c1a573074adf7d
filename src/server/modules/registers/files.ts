import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import yauzl from 'yauzl';
import { redactUrl } from '../../lib/outgoing-http.js';

/**
 * The files of a register import: local paths or URLs (downloaded to a temporary folder first, as a
 * ZIP is read from its end), ZIP archives opened entry by entry, and text read as a stream of
 * records, never whole.
 */

/** Something wrong with the files themselves: said to the user as it is. */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}

/** One file of the import, on disk. */
export interface InputFile {
  /** The name to show (a URL's last path segment; never the URL, which may carry credentials). */
  name: string;
  path: string;
  /** The file's own date, YYYY-MM-DD: a download's Last-Modified, else the file's modification time. */
  date: string;
}

/** A text inside the import: a plain file, or an entry of a ZIP. */
export interface TextSource {
  name: string;
  /** The date the publisher gave it: the ZIP entry's date, else the file's. */
  date: string;
  open(): Promise<NodeJS.ReadableStream>;
}

/** The largest file downloaded (the registers' full files are a few hundred MB zipped; Estonia's JSON, 5 GB unzipped, comes zipped). */
export const MAX_DOWNLOAD_BYTES = 4 * 2 ** 30;
const isUrl = (s: string) => /^https?:\/\//i.test(s);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export interface FetchedFiles {
  files: InputFile[];
  /** Removes the downloads. */
  cleanup(): Promise<void>;
}

/** Local paths as they are; URLs downloaded (HTTP 200 only, within `timeoutMs` each). */
export async function fetchInputs(inputs: readonly string[], opts: { timeoutMs: number; userAgent: string; signal?: AbortSignal }): Promise<FetchedFiles> {
  let tmp: string | undefined;
  const files: InputFile[] = [];
  const cleanup = async () => {
    if (tmp) await rm(tmp, { recursive: true, force: true });
  };
  try {
    for (const input of inputs) {
      if (!isUrl(input)) {
        const info = await stat(input).catch(() => null);
        if (!info?.isFile()) throw new ImportFileError(`${input} is not a file`);
        files.push({ name: basename(input), path: input, date: isoDay(info.mtime) });
        continue;
      }
      tmp ??= await mkdtemp(join(tmpdir(), 'corisk-register-'));
      const name = basename(new URL(input).pathname) || 'download';
      const path = join(tmp, `${files.length}-${name}`);
      files.push({ name, path, date: await download(input, path, opts) });
    }
    return { files, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

async function download(url: string, path: string, opts: { timeoutMs: number; userAgent: string; signal?: AbortSignal }): Promise<string> {
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  // A mirror behind HTTP Basic authentication is written https://user:password@host/…; fetch takes
  // no credentials in a URL, so they go in the header.
  const target = new URL(url);
  const headers: Record<string, string> = { 'user-agent': opts.userAgent };
  if (target.username || target.password) {
    headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`).toString('base64')}`;
    target.username = '';
    target.password = '';
  }
  let res: Response;
  try {
    res = await fetch(target, { signal, headers });
  } catch {
    throw new ImportFileError(timeout.aborted ? `no answer from ${redactUrl(url)} within ${opts.timeoutMs / 1000} s` : `cannot reach ${redactUrl(url)}`);
  }
  const refuse = async (why: string): Promise<never> => {
    await res.body?.cancel().catch(() => {});
    throw new ImportFileError(why);
  };
  if (res.status !== 200 || !res.body) return refuse(`${redactUrl(url)} answered HTTP ${res.status}`);
  // A sign-in or error page where the file should be (KBO's downloads need a session).
  if (/text\/html/i.test(res.headers.get('content-type') ?? '')) return refuse(`${redactUrl(url)} answered an HTML page, not the file`);
  if (Number(res.headers.get('content-length') ?? 0) > MAX_DOWNLOAD_BYTES) return refuse(`the file at ${redactUrl(url)} is larger than ${MAX_DOWNLOAD_BYTES / 2 ** 30} GB`);
  let bytes = 0;
  const capped = Readable.fromWeb(res.body as WebReadableStream).on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > MAX_DOWNLOAD_BYTES) capped.destroy(new ImportFileError(`the file at ${redactUrl(url)} is larger than ${MAX_DOWNLOAD_BYTES / 2 ** 30} GB`));
  });
  try {
    await pipeline(capped, createWriteStream(path));
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError(`the download from ${redactUrl(url)} broke off before the end of the file`);
  }
  const modified = Date.parse(res.headers.get('last-modified') ?? '');
  return isoDay(Number.isFinite(modified) ? new Date(modified) : new Date());
}

/** The texts of the files: each ZIP's entries (folders skipped), other files as they are. */
export async function textSources(files: readonly InputFile[]): Promise<TextSource[]> {
  const out: TextSource[] = [];
  for (const file of files) {
    if (/\.zip$/i.test(file.name) || (await looksLikeZip(file.path))) out.push(...(await zipEntries(file)));
    else out.push({ name: file.name, date: file.date, open: async () => createReadStream(file.path) });
  }
  return out;
}

async function looksLikeZip(path: string): Promise<boolean> {
  const stream = createReadStream(path, { start: 0, end: 3 });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('latin1') === 'PK\u0003\u0004';
}

const openZip = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip))),
  );

/** A ZIP's entries; each opened from the archive when read (a fresh handle, so several can be read in turn). */
async function zipEntries(file: InputFile): Promise<TextSource[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file.path);
  } catch (err) {
    throw new ImportFileError(`${file.name} is not a readable ZIP archive (${err instanceof Error ? err.message : String(err)}); the file may be truncated`);
  }
  const entries: { name: string; date: string }[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('/')) entries.push({ name: basename(entry.fileName), date: isoDay(entry.getLastModDate()) });
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  zip.close();
  return entries.map((e) => ({ name: e.name, date: e.date, open: () => openZipEntry(file, e.name) }));
}

async function openZipEntry(file: InputFile, name: string): Promise<NodeJS.ReadableStream> {
  const zip = await openZip(file.path);
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (basename(entry.fileName) !== name) return zip.readEntry();
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(err ?? new Error('no stream'));
        stream.on('end', () => zip.close());
        stream.on('error', () => zip.close());
        resolve(stream);
      });
    });
    zip.on('end', () => reject(new ImportFileError(`${name} is missing from ${file.name}`)));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** The source whose name matches, or an error naming what the import needs. */
export function pick(sources: readonly TextSource[], pattern: RegExp, what: string): TextSource {
  const found = sources.find((s) => pattern.test(s.name));
  if (!found) throw new ImportFileError(`${what} is missing: the files hold ${sources.map((s) => s.name).join(', ') || 'nothing'}`);
  return found;
}

/** Text chunks of a byte stream in an encoding ('utf-8' drops a leading BOM; 'windows-1250' …). */
export async function* decode(stream: NodeJS.ReadableStream, encoding = 'utf-8'): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  try {
    for await (const chunk of stream) {
      const text = decoder.decode(chunk as Uint8Array, { stream: true });
      if (text) yield text;
    }
  } catch (err) {
    throw new ImportFileError(`the file could not be read to its end (${err instanceof Error ? err.message : String(err)}); it may be truncated`);
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** Lines of a text (CR LF or LF), the last one without an end of line included. */
export async function* lines(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let carry = '';
  for await (const chunk of chunks) {
    const parts = (carry + chunk).split('\n');
    carry = parts.pop() ?? '';
    for (const p of parts) yield p.endsWith('\r') ? p.slice(0, -1) : p;
  }
  if (carry) yield carry.endsWith('\r') ? carry.slice(0, -1) : carry;
}

/**
 * Records of a delimited text: fields separated by `separator`, optionally "quoted" (a quote inside
 * written twice; separators and line ends inside quotes kept). The first record is the header;
 * each record comes as an object by header name. A record with another number of fields than the
 * header, or a quote left open at the end, means the file is damaged or cut short. Fields are
 * cut out of the text with indexOf and slice, not built a character at a time: a register's file
 * has tens of millions of fields, and the garbage of the latter is most of an import's memory.
 */
export async function* records(chunks: AsyncIterable<string>, separator: string, what: string): AsyncGenerator<Record<string, string>> {
  let header: string[] | undefined;
  let line = 1;
  let text = '';
  let first = true;
  const toObject = (row: string[]): Record<string, string> | undefined => {
    if (row.length === 1 && row[0] === '') return undefined;
    if (!header) {
      header = row.map((h) => h.trim());
      return undefined;
    }
    if (row.length !== header.length) {
      throw new ImportFileError(`${what}: line ${line} has ${row.length} fields where the header has ${header.length}; the file may be damaged or truncated`);
    }
    const out: Record<string, string> = {};
    for (let i = 0; i < header.length; i++) out[header[i]!] = row[i]!;
    return out;
  };
  /** One record from `at`, or null when the text ends before it does (and more may come). */
  const parse = (at: number, final: boolean): { row: string[]; next: number; lines: number } | null => {
    const row: string[] = [];
    let p = at;
    let lines = 0;
    // The record's line end, looked up once (again only after a quoted field that held line ends).
    let nlAt = text.indexOf('\n', p);
    const endOfField = (from: number): number => {
      if (nlAt >= 0 && nlAt < from) nlAt = text.indexOf('\n', from);
      const sep = text.indexOf(separator, from);
      if (sep >= 0 && (nlAt < 0 || sep < nlAt)) return sep;
      return nlAt < 0 ? Infinity : nlAt;
    };
    for (;;) {
      let value: string;
      if (text.charCodeAt(p) === 34 /* " */) {
        let q = text.indexOf('"', p + 1);
        while (q >= 0 && text.charCodeAt(q + 1) === 34) q = text.indexOf('"', q + 2);
        if (q < 0 || (q === text.length - 1 && !final)) {
          if (final) throw new ImportFileError(`${what}: a quoted field is not closed at the end; the file is truncated`);
          return null;
        }
        value = text.slice(p + 1, q);
        if (value.includes('"')) value = value.replaceAll('""', '"');
        for (let n = value.indexOf('\n'); n >= 0; n = value.indexOf('\n', n + 1)) lines++;
        // Text after the closing quote, up to the separator, belongs to the field too.
        p = q + 1;
        const end = endOfField(p);
        if (end === Infinity) {
          if (!final) return null;
          value += text.slice(p).replace(/\r$/, '');
          row.push(value);
          return { row, next: text.length, lines };
        }
        value += text.slice(p, end).replace(/\r$/, '');
        p = end;
      } else {
        const end = endOfField(p);
        if (end === Infinity) {
          if (!final) return null;
          row.push(text.slice(p).replace(/\r$/, ''));
          return { row, next: text.length, lines };
        }
        value = text.slice(p, end);
        if (end === nlAt && value.endsWith('\r')) value = value.slice(0, -1);
        p = end;
      }
      row.push(value);
      if (text.charCodeAt(p) === 10 /* \n */) return { row, next: p + 1, lines };
      p++; // the separator
      if (p >= text.length && !final) return null;
    }
  };
  const drain = function* (final: boolean): Generator<Record<string, string>> {
    let at = 0;
    while (at < text.length) {
      const found = parse(at, final);
      if (!found) break;
      at = found.next;
      const rec = toObject(found.row);
      line += 1 + found.lines;
      if (rec) yield rec;
    }
    text = text.slice(at);
  };
  for await (const chunk of chunks) {
    text += first && chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk;
    first = false;
    yield* drain(false);
  }
  if (text) yield* drain(true);
  if (!header) throw new ImportFileError(`${what} is empty`);
}
