import { describe, expect, it } from 'vitest';
import type { ChangeFeed, UserChangeListener } from './change-feed.js';
import { UserCache } from './user-cache.js';

/** A feed whose announcements and liveness the test drives. */
function controlledFeed() {
  const listeners = new Set<UserChangeListener>();
  let live = true;
  const feed: ChangeFeed = {
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    live: () => live,
    sync: async () => {},
    suspect: () => {},
    close: async () => {},
  };
  return {
    feed,
    announce: (userId: string | null) => listeners.forEach((l) => l(userId)),
    setLive: (v: boolean) => (live = v),
    listenerCount: () => listeners.size,
  };
}

/** A loader that counts its calls and returns the current value of `source`. */
function counter<T>(source: { value: T }) {
  const load = async () => {
    load.calls++;
    return source.value;
  };
  load.calls = 0;
  return load;
}

/** A load of 'before' that waits until released, so the test can change things meanwhile. */
function loadInFlight(cache: UserCache, userId: string) {
  let release!: () => void;
  const slow = new Promise<void>((r) => (release = r));
  const done = cache.get(userId, 'account', async () => {
    await slow;
    return 'before';
  });
  return { done, release };
}

describe('UserCache', () => {
  it('serves a loaded value again until the user changes', async () => {
    const { feed, announce } = controlledFeed();
    const cache = new UserCache(feed);
    const source = { value: { credits: 3 } };
    const load = counter(source);
    expect(await cache.get('u1', 'account', load)).toEqual({ credits: 3 });
    source.value = { credits: 2 };
    expect(await cache.get('u1', 'account', load)).toEqual({ credits: 3 });
    expect(load.calls).toBe(1);
    announce('u2');
    expect(await cache.get('u1', 'account', load)).toEqual({ credits: 3 });
    announce('u1');
    expect(await cache.get('u1', 'account', load)).toEqual({ credits: 2 });
    expect(load.calls).toBe(2);
  });

  it('forgets a user on invalidate, and everything on a null announcement or clear', async () => {
    const { feed, announce } = controlledFeed();
    const cache = new UserCache(feed);
    const source = { value: 1 };
    const load = counter(source);
    await cache.get('u1', 'a', load);
    await cache.get('u2', 'a', load);
    cache.invalidate('u1');
    await cache.get('u1', 'a', load);
    await cache.get('u2', 'a', load);
    expect(load.calls).toBe(3);
    announce(null);
    await cache.get('u1', 'a', load);
    await cache.get('u2', 'a', load);
    expect(load.calls).toBe(5);
    cache.clear();
    await cache.get('u2', 'a', load);
    expect(load.calls).toBe(6);
  });

  it.each([
    ['the user changed', 'u1'],
    ['a full clear', null],
  ] as const)('does not keep a value whose load began before %s', async (_what, announcement) => {
    const { feed, announce } = controlledFeed();
    const cache = new UserCache(feed);
    const { done, release } = loadInFlight(cache, 'u1');
    announce(announcement);
    release();
    expect(await done).toBe('before');
    expect(await cache.get('u1', 'account', async () => 'after')).toBe('after');
  });

  it('keeps nothing and serves nothing while the feed is not live', async () => {
    const { feed, setLive } = controlledFeed();
    const cache = new UserCache(feed);
    const source = { value: 'v1' };
    const load = counter(source);
    await cache.get('u1', 'a', load);
    setLive(false);
    source.value = 'v2';
    expect(await cache.get('u1', 'a', load)).toBe('v2');
    expect(await cache.get('u1', 'a', load)).toBe('v2');
    expect(load.calls).toBe(3);
  });

  it('never keeps undefined or null', async () => {
    const { feed } = controlledFeed();
    const cache = new UserCache(feed);
    const load = counter<string | undefined>({ value: undefined });
    await cache.get('u1', 'a', load);
    await cache.get('u1', 'a', load);
    expect(load.calls).toBe(2);
  });

  it('serves an entry at most ttlMs', async () => {
    const { feed } = controlledFeed();
    let now = 1000;
    const cache = new UserCache(feed, { ttlMs: 500, now: () => now });
    const load = counter({ value: 'v' });
    await cache.get('u1', 'a', load);
    now += 499;
    await cache.get('u1', 'a', load);
    expect(load.calls).toBe(1);
    now += 1;
    await cache.get('u1', 'a', load);
    expect(load.calls).toBe(2);
  });

  it('keeps at most maxUsers users, dropping the oldest, and stays correct past its invalidation memory', async () => {
    const { feed } = controlledFeed();
    const cache = new UserCache(feed, { maxUsers: 3 });
    const load = counter({ value: 'v' });
    for (const u of ['u1', 'u2', 'u3', 'u4']) await cache.get(u, 'a', load);
    await cache.get('u4', 'a', load);
    await cache.get('u2', 'a', load);
    expect(load.calls).toBe(4);
    await cache.get('u1', 'a', load);
    expect(load.calls).toBe(5);
    // More invalidations than it remembers one by one: a load in flight is still not kept.
    const { done, release } = loadInFlight(cache, 'u9');
    for (const u of ['u9', 'x1', 'x2', 'x3', 'x4']) cache.invalidate(u);
    release();
    await done;
    expect(await cache.get('u9', 'account', async () => 'after')).toBe('after');
  });

  it('stops listening on close', () => {
    const { feed, listenerCount } = controlledFeed();
    const cache = new UserCache(feed);
    expect(listenerCount()).toBe(1);
    cache.close();
    expect(listenerCount()).toBe(0);
  });
});
