import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import type { PricesResponse } from '../../src/shared/contracts/billing';
import { planCatalogue, planTiers, testPriceId } from '../../src/shared/plans';
import { AuthContext, type AuthState } from '../../src/web/lib/auth/auth-state';
import { makeTestToken } from './make-test-token';

/**
 * Test support for the billing screens (pricing, dashboard, Plan & Billing): real providers
 * (React Query, router, auth context, toasts) around a page, and a `fetch` that answers like
 * the API. Imported by tests only.
 */

export const signedOut: AuthState = { status: 'unauthenticated', user: null, userId: null, logout: async () => {} };

export function signedIn(overrides: { isAdmin?: boolean; firstName?: string } = {}): AuthState {
  localStorage.setItem('access_token', makeTestToken({ expMs: Date.now() + 3_600_000 }));
  return {
    status: 'authenticated',
    user: {
      firstName: overrides.firstName ?? 'Ana',
      lastName: 'Silva',
      email: 'ana@example.eu',
      companyName: 'Silva Seguros',
      fiscalNumber: 'PT123456789',
      isAdmin: overrides.isAdmin ?? false,
    },
    userId: 'user-1',
    logout: async () => {},
  };
}

/** The catalogue as GET /api/stripe/prices serves it in test mode. */
export function pricesFixture(): PricesResponse {
  const data = Object.fromEntries(
    planTiers.map((tier) => {
      const p = planCatalogue[tier];
      return [
        tier,
        {
          title: p.title,
          audience: p.audience,
          description: p.description,
          color: p.color,
          highlight: p.highlight,
          coming_soon: p.comingSoon,
          prices: p.prices,
          price_ids: { month: testPriceId(tier, 'month'), year: testPriceId(tier, 'year') },
          credits: p.credits,
          base_features: p.baseFeatures,
          additional_features: p.additionalFeatures,
          features: [...p.baseFeatures, ...p.additionalFeatures],
          route: p.route,
        },
      ];
    }),
  ) as PricesResponse['data'];
  return { success: true, data, currency: 'EUR', cached_at: '2025-01-01T10:00:00.000Z' };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  auth: string | null;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

/** A fetch that routes 'METHOD /path' to handlers and records every call. */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    const call = { method, path: url.pathname, body, auth: new Headers(init?.headers).get('authorization') };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return json({ detail: `No handler for ${method} ${url.pathname}` }, 404);
    return handler(call);
  };
  return { calls, fetchImpl };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderPage(page: ReactNode, { auth, url = '/' }: { auth: AuthState; url?: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {page}
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
