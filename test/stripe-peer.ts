import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP peer answering the few Stripe API calls Corisk makes, in Stripe's wire format
 * (form-encoded requests, JSON objects, `{error:{type,code,message}}` errors). Tests point the
 * official SDK at it through STRIPE_API_URL (host, port, protocol) and change its state to play
 * Stripe's part (e.g. a renewal or a failed payment) before sending a signed webhook.
 */

export interface PeerPrice {
  id: string;
  lookup_key: string;
  unit_amount: number;
  currency: string;
}

export interface PeerSubscription {
  id: string;
  customer: string;
  status: string;
  metadata: Record<string, string>;
  start_date: number;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  item: { id: string; price: string; current_period_end: number };
}

export interface PeerRequest {
  method: string;
  path: string;
  params: Record<string, string>;
}

export interface StripePeer {
  url: string;
  prices: PeerPrice[];
  subscriptions: Map<string, PeerSubscription>;
  requests: PeerRequest[];
  /** Requests to a path (optionally a method). */
  calls(path: string | RegExp, method?: string): PeerRequest[];
  /** Creates a subscription as a paid Checkout would. */
  addSubscription(init: { customer: string; price: string; userId: string; interval: 'month' | 'year' }): PeerSubscription;
  /** The JSON Stripe would send for a subscription. */
  subscriptionJson(sub: PeerSubscription): Record<string, unknown>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

export async function startStripePeer(prices: PeerPrice[]): Promise<StripePeer> {
  const subscriptions = new Map<string, PeerSubscription>();
  const requests: PeerRequest[] = [];
  const priceJson = (p: PeerPrice) => ({
    id: p.id,
    object: 'price',
    active: true,
    currency: p.currency,
    lookup_key: p.lookup_key,
    unit_amount: p.unit_amount,
    type: 'recurring',
  });
  const subscriptionJson = (s: PeerSubscription): Record<string, unknown> => {
    const price = prices.find((p) => p.id === s.item.price);
    return {
      id: s.id,
      object: 'subscription',
      customer: s.customer,
      status: s.status,
      metadata: s.metadata,
      start_date: s.start_date,
      cancel_at_period_end: s.cancel_at_period_end,
      cancel_at: s.cancel_at,
      items: {
        object: 'list',
        data: [
          {
            id: s.item.id,
            object: 'subscription_item',
            current_period_end: s.item.current_period_end,
            price: price ? priceJson(price) : { id: s.item.price, object: 'price', lookup_key: null },
          },
        ],
      },
    };
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://peer');
      const method = req.method ?? 'GET';
      const params = method === 'GET' ? Object.fromEntries(url.searchParams) : await readForm(req);
      requests.push({ method, path: url.pathname, params });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(body));
      };
      const missing = () =>
        send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' } });

      if (method === 'GET' && url.pathname === '/v1/prices') {
        const keys = Object.entries(params)
          .filter(([k]) => k.startsWith('lookup_keys'))
          .map(([, v]) => v);
        return send(200, {
          object: 'list',
          url: '/v1/prices',
          has_more: false,
          data: prices.filter((p) => keys.includes(p.lookup_key)).map(priceJson),
        });
      }
      if (method === 'POST' && url.pathname === '/v1/customers') {
        return send(200, { id: id('cus'), object: 'customer', email: params.email ?? null, metadata: {} });
      }
      if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const sid = id('cs');
        return send(200, { id: sid, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${sid}` });
      }
      if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        return send(200, { id: id('bps'), object: 'billing_portal.session', url: 'https://billing.stripe.test/p/session/1' });
      }
      const subMatch = /^\/v1\/subscriptions\/([\w]+)$/.exec(url.pathname);
      if (subMatch?.[1]) {
        const sub = subscriptions.get(subMatch[1]);
        if (!sub) return missing();
        if (method === 'POST') {
          if (params.cancel_at_period_end !== undefined) {
            sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
            if (sub.cancel_at_period_end) sub.cancel_at = sub.item.current_period_end;
            else sub.cancel_at = null;
          }
          if (params.cancel_at !== undefined) sub.cancel_at = params.cancel_at === '' ? null : Number(params.cancel_at);
          if (params['items[0][price]']) {
            if (params['items[0][id]'] !== sub.item.id) {
              return send(400, { error: { type: 'invalid_request_error', message: 'No such subscription item' } });
            }
            sub.item.price = params['items[0][price]'];
          }
        }
        return send(200, subscriptionJson(sub));
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname})` } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    prices,
    subscriptions,
    requests,
    calls: (path, method) =>
      requests.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path)) && (!method || r.method === method)),
    addSubscription: ({ customer, price, userId, interval }) => {
      const now = Math.floor(Date.now() / 1000);
      const sub: PeerSubscription = {
        id: id('sub'),
        customer,
        status: 'active',
        metadata: { user_id: userId },
        start_date: now,
        cancel_at_period_end: false,
        cancel_at: null,
        item: { id: id('si'), price, current_period_end: now + (interval === 'year' ? 365 : 30) * 86_400 },
      };
      subscriptions.set(sub.id, sub);
      return sub;
    },
    subscriptionJson,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
