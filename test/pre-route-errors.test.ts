import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitBytes } from '../src/server/app.js';
import { createTestApp, type TestApp } from './app.js';

/**
 * Requests refused before any route runs — by Node's HTTP parser (oversized request line or
 * headers, malformed HTTP), by the router (bad percent-encoding, an over-long parameter) or by
 * the body parser (bad JSON, 413, 415) — sent as raw bytes over TCP to a listening app, as a
 * client would. Each must answer `{detail, code}` with the same headers as any other API answer.
 */

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` on a fresh connection and reads the answer until the server closes it. */
function exchange(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => {}); // the server may reset after answering; what arrived is judged
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4) });
    });
    socket.setTimeout(10_000, () => socket.destroy());
    socket.write(request);
  });
}

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-resource-policy',
  'strict-transport-security',
  'cache-control',
];

let t: TestApp;
let port: number;
/** The headers an ordinary API answer (a routed 404) carries: the reference. */
let reference: Record<string, string>;

beforeAll(async () => {
  // Production on https, so the reference includes HSTS too.
  t = await createTestApp({ NODE_ENV: 'production', APP_URL: 'https://corisk.example.eu' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  const ordinary = await exchange(port, 'GET /api/no/such/route HTTP/1.1\r\nHost: corisk\r\nConnection: close\r\n\r\n');
  expect(ordinary.status).toBe(404);
  reference = Object.fromEntries(SECURITY_HEADERS.map((h) => [h, ordinary.headers[h] ?? '']));
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, contentType: string, body: string, length = Buffer.byteLength(body)) =>
  `POST ${path} HTTP/1.1\r\nHost: corisk\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n${body}`;

const cases: { name: string; request: () => string; status: number; code: string; detail: string }[] = [
  {
    name: 'an oversized request line',
    request: () => `GET /api/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: corisk\r\n\r\n`,
    status: 431,
    code: 'headers_too_large',
    detail: 'The request line or headers are too large',
  },
  {
    name: 'oversized headers',
    request: () =>
      `GET /api/health HTTP/1.1\r\nHost: corisk\r\n${Array.from({ length: 40 }, (_, i) => `x-filler-${i}: ${'b'.repeat(1000)}`).join('\r\n')}\r\n\r\n`,
    status: 431,
    code: 'headers_too_large',
    detail: 'The request line or headers are too large',
  },
  {
    name: 'bytes that are not HTTP',
    request: () => 'HELLO CORISK\r\n\r\n',
    status: 400,
    code: 'bad_request',
    detail: 'The request is not valid HTTP',
  },
  {
    name: 'a Content-Length that is not a number',
    request: () => post('/api/auth/signin', 'application/json', '{}', Number.NaN),
    status: 400,
    code: 'bad_request',
    detail: 'The request is not valid HTTP',
  },
  {
    name: 'an API URL with bad percent-encoding',
    request: () => 'GET /api/reports/%zz HTTP/1.1\r\nHost: corisk\r\nConnection: close\r\n\r\n',
    status: 400,
    code: 'bad_url',
    detail: 'The URL is not valid (bad percent-encoding)',
  },
  {
    name: 'a page URL with bad percent-encoding',
    request: () => 'GET /%E0%A4%A HTTP/1.1\r\nHost: corisk\r\nConnection: close\r\n\r\n',
    status: 400,
    code: 'bad_url',
    detail: 'The URL is not valid (bad percent-encoding)',
  },
  {
    name: 'a path parameter over the router limit',
    request: () => `GET /api/reports/${'a'.repeat(300)} HTTP/1.1\r\nHost: corisk\r\nConnection: close\r\n\r\n`,
    status: 414,
    code: 'uri_too_long',
    detail: 'A path parameter is too long',
  },
  {
    name: 'a body that is not JSON',
    request: () => post('/api/auth/signin', 'application/json', '{not json'),
    status: 400,
    code: 'invalid_json',
    detail: 'Request body is not valid JSON',
  },
  {
    name: 'an unsupported content type',
    request: () => post('/api/auth/signin', 'text/xml', '<signin/>'),
    status: 415,
    code: 'unsupported_media_type',
    detail: 'Unsupported content type',
  },
  {
    name: `a body over ${bodyLimitBytes} bytes`,
    request: () => post('/api/auth/signin', 'application/json', '{}', bodyLimitBytes + 1),
    status: 413,
    code: 'body_too_large',
    detail: 'Request body is too large',
  },
];

describe('errors raised before a route runs, over TCP', () => {
  it('the reference API answer carries every security header, HSTS included', () => {
    for (const h of SECURITY_HEADERS) expect(reference[h], h).not.toBe('');
    expect(reference['cache-control']).toBe('no-store');
  });

  it.each(cases)('$name answers $status {detail, code} with the headers of every API answer', async ({ request, status, code, detail }) => {
    const res = await exchange(port, request());
    expect(res.status, res.body).toBe(status);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
    expect(JSON.parse(res.body)).toEqual({ detail, code });
    expect(Object.fromEntries(SECURITY_HEADERS.map((h) => [h, res.headers[h] ?? '']))).toEqual(reference);
  });

  it('keeps serving after refusing oversized and malformed requests', async () => {
    const res = await exchange(port, 'GET /api/config HTTP/1.1\r\nHost: corisk\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
  });
});
