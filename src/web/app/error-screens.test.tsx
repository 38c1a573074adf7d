// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPublicConfigForTests } from '../lib/public-config';
import { installPublicConfig } from '../../../test/web/test-config';
import { authErrorToast, classifyRouteError, RouteErrorScreen } from './error-screens';
import { RouteError } from './route-error';

const AUTH_ERROR_TOAST = 'Authentication error occurred. Please refresh the page.';

function Thrower({ error }: { error: unknown }): never {
  throw error;
}

function renderRouteError(error: unknown) {
  const router = createMemoryRouter(
    [{ path: '*', element: <Thrower error={error} />, errorElement: <RouteErrorScreen /> }],
    { initialEntries: ['/dashboard'] },
  );
  return render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
}

beforeEach(() => {
  installPublicConfig();
  // React and the router report caught render errors on the console; they are expected here.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  act(() => toast.dismiss());
  cleanup();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  resetPublicConfigForTests();
});

describe('classifyRouteError', () => {
  it.each([
    [new Error('Authentication failed'), 'auth'],
    [new Error('session expired'), 'auth'],
    [new Error('Invalid TOKEN signature'), 'auth'],
    ['Refresh token rejected', 'auth'],
    [{ message: 'No session' }, 'auth'],
    [new Error('Cannot read properties of undefined'), 'generic'],
    [null, 'generic'],
    [data('Server exploded', { status: 500 }), 'generic'],
  ] as const)('%s → %s', (error, kind) => {
    expect(classifyRouteError(error)).toBe(kind);
  });
});

describe('RouteErrorScreen', () => {
  it('shows the Authentication Error screen with Refresh Page and its toast', async () => {
    renderRouteError(new Error('Session validation failed'));
    expect(await screen.findByRole('heading', { name: 'Authentication Error' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
    expect(await screen.findByText(AUTH_ERROR_TOAST)).toBeTruthy();
    expect(authErrorToast()).toBe(AUTH_ERROR_TOAST);
    expect(screen.getAllByText(AUTH_ERROR_TOAST)).toHaveLength(1);
    expect(document.title).toBe('Authentication Error | Corisk');
  });

  it('shows the generic error screen for other errors, without the auth toast', async () => {
    renderRouteError(new Error('x is not a function'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/home');
    expect(screen.queryByText(AUTH_ERROR_TOAST)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Authentication Error' })).toBeNull();
  });

  it('shows the not-found page for a 404 route error response', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          loader: () => {
            throw data(null, { status: 404, statusText: 'Not Found' });
          },
          element: <p>never</p>,
          errorElement: <RouteErrorScreen />,
        },
      ],
      { initialEntries: ['/missing'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
  });

  it('renders inside its own minimal frame with a way home', async () => {
    renderRouteError(new Error('boom'));
    await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Corisk home' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('main')).toBeTruthy();
  });
});

describe('RouteError (the router\'s errorElement)', () => {
  it('loads the error screen on demand, in its frame', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Thrower error={new Error('boom')} />, errorElement: <RouteError /> }], {
      initialEntries: ['/dashboard'],
    });
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Corisk home' }).getAttribute('href')).toBe('/home');
  });
});
