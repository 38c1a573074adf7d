import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client';

/**
 * Provides TanStack Query to every route below it. It is a lazy route of its own so the
 * marketing pages (the landing page first of all) do not download the query library; the
 * client is a module singleton, so its cache survives moving between pages.
 */
export function QueryLayer() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
