import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { ChangeFeed, UserChangeListener } from '../lib/change-feed.js';
import { lazyModule } from '../lib/lazy-module.js';

/** The channel the user_changed triggers notify on (migration 0002). */
export const userChangedChannel = 'user_changed';

const syncPrefix = 'sync:';
const pgModule = lazyModule<typeof pg>('pg');

/** The listening connection's application_name (pg_stat_activity tells it apart). */
export const changeFeedApplicationName = 'corisk-change-feed';

/** Listener bookkeeping and sync barriers shared by both engines. */
class Listeners {
  private readonly listeners = new Set<UserChangeListener>();
  private readonly barriers = new Map<string, () => void>();
  private nextBarrier = 0;

  subscribe(listener: UserChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(userId: string | null): void {
    for (const listener of this.listeners) listener(userId);
  }

  /** A notification payload: a user id, or a sync barrier of this process. */
  receive(payload: string): void {
    if (payload.startsWith(syncPrefix)) {
      this.barriers.get(payload)?.();
      this.barriers.delete(payload);
      return;
    }
    this.emit(payload);
  }

  /** A barrier payload whose arrival resolves the promise. */
  barrier(): { payload: string; arrived: Promise<void> } {
    const payload = `${syncPrefix}${process.pid}:${this.nextBarrier++}`;
    const arrived = new Promise<void>((resolve) => this.barriers.set(payload, resolve));
    return { payload, arrived };
  }

  /** Forgets a barrier that did not arrive in time. */
  drop(payload: string): void {
    this.barriers.delete(payload);
  }

  /** Barriers that can no longer arrive (the connection is gone) resolve: nothing is left to wait for. */
  releaseBarriers(): void {
    for (const resolve of this.barriers.values()) resolve();
    this.barriers.clear();
  }
}

/** PGlite runs in this process only; its notifications arrive with the result of the committing query. */
export async function pgliteChangeFeed(client: PGlite): Promise<ChangeFeed> {
  const listeners = new Listeners();
  const unlisten = await client.listen(userChangedChannel, (payload) => listeners.receive(payload));
  return {
    subscribe: (l) => listeners.subscribe(l),
    live: () => true,
    sync: async () => {
      const { payload, arrived } = listeners.barrier();
      await client.query('select pg_notify($1, $2)', [userChangedChannel, payload]);
      await arrived;
    },
    suspect: () => {},
    close: async () => {
      await unlisten().catch(() => {});
      listeners.releaseBarriers();
    },
  };
}

export interface PostgresFeedOptions {
  /** How often the listening connection is asked to answer (it may fail silently). */
  heartbeatMs?: number;
  /** Delay before listening again after the connection failed. */
  reconnectMs?: number;
}

/**
 * One dedicated connection per process LISTENs. It answers a heartbeat every `heartbeatMs`; the
 * feed is live only while it is connected and answered the last heartbeat within two intervals.
 * When it fails, every listener hears null (drop everything) and the connection is made again.
 */
export function postgresChangeFeed(url: string, options: PostgresFeedOptions = {}): ChangeFeed & { started: Promise<void> } {
  const heartbeatMs = options.heartbeatMs ?? 1000;
  const reconnectMs = options.reconnectMs ?? 1000;
  const listeners = new Listeners();
  let client: pg.Client | undefined;
  let connected = false;
  let lastAnswer = 0;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let firstOutcome!: () => void;
  const started = new Promise<void>((resolve) => (firstOutcome = resolve));

  const lose = (c: pg.Client) => {
    firstOutcome();
    if (client !== c) return;
    client = undefined;
    connected = false;
    listeners.emit(null);
    listeners.releaseBarriers();
    c.removeAllListeners('notification');
    c.on('error', () => {});
    void c.end().catch(() => {});
    if (!closed) reconnectTimer = setTimeout(connect, reconnectMs);
  };

  const connect = () => {
    reconnectTimer = undefined;
    if (closed) return;
    const c = new (pgModule().Client)({
      connectionString: url,
      application_name: changeFeedApplicationName,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      query_timeout: 5000,
    });
    client = c;
    c.on('error', () => lose(c));
    c.on('end', () => lose(c));
    c.on('notification', (msg) => {
      if (msg.channel === userChangedChannel) listeners.receive(msg.payload ?? '');
    });
    c.connect()
      .then(() => c.query(`LISTEN ${userChangedChannel}`))
      .then(() => {
        if (client !== c) return;
        // Changes made while nobody listened are unknown: start from nothing.
        listeners.emit(null);
        connected = true;
        lastAnswer = Date.now();
        firstOutcome();
      })
      .catch(() => lose(c));
  };

  // The heartbeat is a notification to ourselves: its return proves the connection answers and
  // that notifications really arrive (a transaction-mode pooler accepts LISTEN but delivers nothing).
  let beating = false;
  const heartbeat = setInterval(() => {
    const c = client;
    if (!c || !connected || beating) return;
    beating = true;
    const { payload, arrived } = listeners.barrier();
    const late = setTimeout(() => {
      listeners.drop(payload);
      beating = false;
    }, 2 * heartbeatMs);
    late.unref();
    arrived.then(() => {
      clearTimeout(late);
      beating = false;
      if (client === c && connected) lastAnswer = Date.now();
    }, () => {});
    c.query('select pg_notify($1, $2)', [userChangedChannel, payload]).catch(() => {
      clearTimeout(late);
      listeners.drop(payload);
      beating = false;
      lose(c);
    });
  }, heartbeatMs);
  heartbeat.unref();

  connect();
  return {
    /** Settles once the first attempt to listen succeeded or failed. */
    started,
    subscribe: (l) => listeners.subscribe(l),
    live: () => connected && Date.now() - lastAnswer < 2 * heartbeatMs + 250,
    sync: async () => {
      const c = client;
      if (!c || !connected) return;
      const { payload, arrived } = listeners.barrier();
      await c.query('select pg_notify($1, $2)', [userChangedChannel, payload]);
      await arrived;
    },
    suspect: () => {
      if (!connected) return;
      lastAnswer = 0;
      listeners.emit(null);
    },
    close: async () => {
      closed = true;
      clearInterval(heartbeat);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const c = client;
      client = undefined;
      connected = false;
      listeners.releaseBarriers();
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
