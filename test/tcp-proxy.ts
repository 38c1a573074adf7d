import net from 'node:net';

/**
 * A TCP proxy in front of a real server, to make it vanish and come back: `stop()` refuses
 * connections and cuts the open ones, `blackhole()` keeps every connection open but forwards
 * nothing (a server that hangs), `start()` forwards again on the same port.
 */
export interface TcpProxy {
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  blackhole(): void;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let mode: 'forward' | 'blackhole' = 'forward';
  let port = 0;
  let server: net.Server | undefined;

  const cutAll = () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const srv = net.createServer((client) => {
        sockets.add(client);
        client.on('close', () => sockets.delete(client));
        client.on('error', () => client.destroy());
        if (mode === 'blackhole') return;
        const upstream = net.connect(target);
        sockets.add(upstream);
        upstream.on('close', () => {
          sockets.delete(upstream);
          client.destroy();
        });
        upstream.on('error', () => upstream.destroy());
        client.on('close', () => upstream.destroy());
        client.on('data', (chunk) => {
          if (mode === 'forward') upstream.write(chunk);
        });
        upstream.on('data', (chunk) => {
          if (mode === 'forward') client.write(chunk);
        });
      });
      srv.once('error', reject);
      srv.listen(port, '127.0.0.1', () => {
        const address = srv.address();
        if (address && typeof address === 'object') port = address.port;
        server = srv;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    start: async () => {
      mode = 'forward';
      if (!server) await listen();
    },
    stop: async () => {
      const srv = server;
      server = undefined;
      cutAll();
      if (srv) await new Promise<void>((resolve) => srv.close(() => resolve()));
    },
    blackhole: () => {
      mode = 'blackhole';
    },
  };
}
