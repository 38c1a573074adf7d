import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { onSessionReset } from './auth/session-scope';
import { getUserId } from './storage';

/**
 * Cache entries belong to the signed-in user: the stored user id is part of every key's hash,
 * so an entry loaded for one user can never answer another user's query, whatever the key says.
 */
export function userScopedHash(queryKey: QueryKey): string {
  return hashKey([getUserId(), ...queryKey]);
}

/**
 * The app's one TanStack Query client. It is provided to the data routes by
 * app/query-layer.tsx (loaded with those routes, not with the marketing pages), and can be
 * imported directly for work outside React.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, queryKeyHashFn: userScopedHash } },
});

// Emptied whenever the session ends or the user changes (see auth/session-scope.ts); requests
// still in flight are cancelled so their answers cannot land in the next user's cache.
onSessionReset(() => {
  void queryClient.cancelQueries();
  queryClient.clear();
});
