import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { AuthProvider } from '../../src/web/lib/auth/auth-provider';
import { SessionBoundary } from '../../src/web/lib/auth/session-boundary';

/**
 * Test-only helpers for the account screens: renders a page inside the real AuthProvider and a
 * memory router whose other routes just print their path, plus a scripted fetch.
 */

function Where() {
  const { pathname } = useLocation();
  return <p>route: {pathname}</p>;
}

export function renderRoute(
  path: string,
  element: ReactElement,
  initialEntry: string | { pathname: string; search?: string; state?: unknown } = path,
) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [initialEntry] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <SessionBoundary>
          <RouterProvider router={router} />
        </SessionBoundary>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, router };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface RecordedCall {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** A fetch that answers by 'METHOD /path' and records every call; unknown routes give 404 JSON. */
export function scriptedFetch(routes: Record<string, (call: RecordedCall) => Response | Promise<Response>>) {
  const calls: RecordedCall[] = [];
  const fetchImpl = async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const raw = init.body;
    const call: RecordedCall = {
      method,
      url,
      headers: new Headers(init.headers),
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : null,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.split('?')[0]}`];
    return handler ? handler(call) : jsonResponse(404, { detail: `No route ${method} ${url}` });
  };
  return { calls, fetchImpl };
}

/** A scripted fetch put in place of the global one (resetBrowserEachTest takes it away). */
export function stubFetch(routes: Parameters<typeof scriptedFetch>[0]) {
  const api = scriptedFetch(routes);
  vi.stubGlobal('fetch', api.fetchImpl);
  return api;
}

/** For every test of the file: empty browser storage before; no toast, rendered DOM or stubbed global after. */
export function resetBrowserEachTest(): void {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    toast.dismiss();
    cleanup();
    vi.unstubAllGlobals();
  });
}
