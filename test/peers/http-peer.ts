import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local HTTP server for protocol peers: each request is recorded and answered by the
 * peer's handler (status, JSON or text, headers, an optional delay to play a slow service).
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, when it is JSON. */
  json: unknown;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface PeerAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow or hanging service). */
  delayMs?: number;
}

export interface HttpPeer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startHttpPeer(handle: (req: RecordedRequest) => PeerAnswer | Promise<PeerAnswer>): Promise<HttpPeer> {
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://peer');
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        json = undefined;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        json,
        at: Date.now(),
      };
      requests.push(recorded);
      void Promise.resolve(handle(recorded)).then((answer) => {
        const send = () => {
          if (res.destroyed) return;
          const headers: Record<string, string> = { ...answer.headers };
          let payload = answer.text ?? '';
          if (answer.json !== undefined) {
            payload = JSON.stringify(answer.json);
            headers['content-type'] ??= 'application/json';
          }
          res.writeHead(answer.status ?? 200, headers);
          res.end(payload);
        };
        if (answer.delayMs) {
          const t = setTimeout(() => {
            timers.delete(t);
            send();
          }, answer.delayMs);
          timers.add(t);
        } else send();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
