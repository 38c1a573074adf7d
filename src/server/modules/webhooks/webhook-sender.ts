import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { AddressRefusedError, resolvePublicHost } from '../../lib/public-address.js';

/** Standard Webhooks signing and one POST to an endpoint. */

export const SECRET_PREFIX = 'whsec_';

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` keyed with the secret's decoded bytes. */
export function signWebhook(secret: string, id: string, timestampS: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampS}.${body}`).digest('base64')}`;
}

export interface SendRules {
  allowPrivate: boolean;
  requireHttps: boolean;
  timeoutMs: number;
}

/** What an attempt came to: an HTTP status, or no answer (refused address, network, timeout). */
export type SendResult = { kind: 'answer'; status: number } | { kind: 'no_answer'; reason: string };

/** The URL's scheme checked; throws AddressRefusedError for a host that is not public (unless allowed). */
export function checkScheme(url: URL, rules: Pick<SendRules, 'requireHttps'>): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && !rules.requireHttps;
}

/**
 * POSTs `body` signed for `id` to `url`. The host is resolved and checked on every attempt and the
 * connection goes to exactly the addresses checked; redirects are not followed (a 3xx is a failure).
 */
export async function sendWebhook(target: { url: string; secret: string }, id: string, body: string, rules: SendRules, now = new Date()): Promise<SendResult> {
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    return { kind: 'no_answer', reason: 'invalid_url' };
  }
  if (!checkScheme(url, rules)) return { kind: 'no_answer', reason: 'scheme_refused' };
  let addresses;
  try {
    addresses = await resolvePublicHost(url.hostname, rules.allowPrivate);
  } catch (err) {
    return { kind: 'no_answer', reason: err instanceof AddressRefusedError ? err.reason : 'unresolved' };
  }
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, addresses);
    else {
      const first = addresses.find((a) => !options.family || a.family === options.family) ?? addresses[0]!;
      callback(null, first.address, first.family);
    }
  };
  const timestampS = Math.floor(now.getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': 'Corisk-Webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestampS),
    'webhook-signature': signWebhook(target.secret, id, timestampS, body),
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const done = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = client.request(url, { method: 'POST', headers, lookup: pinned, agent: false }, (res) => {
      done({ kind: 'answer', status: res.statusCode ?? 0 });
      // The status is all that counts: the body is never read, so an endless one holds nothing open.
      res.on('error', () => {});
      res.destroy();
    });
    const timer = setTimeout(() => {
      done({ kind: 'no_answer', reason: 'timeout' });
      req.destroy();
    }, rules.timeoutMs);
    req.on('error', (err) => done({ kind: 'no_answer', reason: (err as NodeJS.ErrnoException).code ?? 'network' }));
    req.end(body);
  });
}
