import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { AuthContext } from '../../src/web/lib/auth/auth-state';
import { PortfolioPage } from '../../src/web/features/portfolio/portfolio-page';
import { signedIn } from './billing-harness';

/** Test support for the portfolio screens: the page under its real route pattern (/portfolio/:id?), signed in. */

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderPortfolio(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/portfolio/:id?', element: <><PortfolioPage /><LocationProbe /></> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={signedIn()}>
        <RouterProvider router={router} />
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
