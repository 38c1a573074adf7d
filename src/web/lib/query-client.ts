import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one TanStack Query client. It is provided to the data routes by
 * app/query-layer.tsx (loaded with those routes, not with the marketing pages), and can be
 * imported directly for work outside React, e.g. `queryClient.clear()` after logout.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
