// First: settings zod reads when it loads.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PublicConfig } from '../shared/contracts/common';
import { ToastViewport } from './app/toast-viewport';
import { AuthProvider } from './lib/auth/auth-provider';
import { SessionBoundary } from './lib/auth/session-boundary';
import { providePublicConfig } from './lib/public-config';
import { routes } from './router';

/**
 * Server-side rendering of the public pages (built with `vite build --ssr`, run by the server's
 * web plugin): the page's markup as the browser's first render will produce it, so the browser
 * paints the content from the HTML and main.tsx hydrates it. The session is unknown here: auth-
 * dependent parts render their loading state, as they do in the browser before the session is read.
 */

const handler = createStaticHandler(routes);

/** Sets the runtime config every later render reads (one config per server process). */
export function setRenderConfig(config: PublicConfig): void {
  providePublicConfig(config);
}

/** The markup inside #root for `path`, or null when the path does not render a page of its own (redirect, error). */
export async function renderPage(path: string, origin: string): Promise<string | null> {
  const context = await handler.query(new Request(new URL(path, origin)));
  if (context instanceof Response) return null;
  if (context.statusCode !== 200 || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <AuthProvider>
        <SessionBoundary>
          {/* hydrate={false}: no inline script with router data (the CSP allows none; no route has loaders). */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </SessionBoundary>
        <ToastViewport />
      </AuthProvider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
