/**
 * The one way to forget what a session cached in this page. Modules that keep a user's data in
 * memory (the query cache, for one) register a reset here; the AuthProvider runs every reset when
 * a session ends, whatever ended it, and whenever the signed-in user id changes, so one user's
 * data can never be shown to the next one in the same tab.
 *
 * Kept tiny and free of imports: it is in the first-paint bundle with the AuthProvider, while
 * the modules that register load later with the pages that need them.
 */

type Reset = () => void;

const resets = new Set<Reset>();

/** Registers a reset for the session's data; returns the unregister function. */
export function onSessionReset(reset: Reset): () => void {
  resets.add(reset);
  return () => {
    resets.delete(reset);
  };
}

/** Runs every registered reset; one that throws does not stop the others. */
export function resetSessionData(): void {
  for (const reset of [...resets]) {
    try {
      reset();
    } catch (err) {
      // A failed reset must not keep the session alive or skip the others; report it.
      console.warn('session reset failed', err);
    }
  }
}
