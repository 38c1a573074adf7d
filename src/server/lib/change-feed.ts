/** A listener's argument: the id of a user whose rows changed, or null when anything may have changed. */
export type UserChangeListener = (userId: string | null) => void;

/**
 * Committed changes to users, sessions and subscriptions, from every process using the database
 * (PostgreSQL LISTEN/NOTIFY). What a process caches about a user is only trusted while the feed is
 * live: a lost or silent listening connection stops the caching until it is back. The feeds of
 * both engines are in db/change-feed.ts.
 */
export interface ChangeFeed {
  subscribe(listener: UserChangeListener): () => void;
  /** Whether changes are known to reach this process now. */
  live(): boolean;
  /** Resolves once every change committed before the call has reached the listeners. */
  sync(): Promise<void>;
  /** Called when a query on the database failed for want of a connection: stop trusting the feed until it answers again. */
  suspect(): void;
  close(): Promise<void>;
}
