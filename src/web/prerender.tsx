// First: settings zod reads when it loads.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PublicConfig } from '../shared/contracts/common';
import { ToastViewport } from './app/toast-viewport';
import { AuthProvider } from './lib/auth/auth-provider';
import { SessionBoundary } from './lib/auth/session-boundary';
import { getPublicConfig, providePublicConfig } from './lib/public-config';
import { defaultDescription, formatTitle, takeRenderedPageMeta } from './lib/seo';
import { pageLocale } from '../shared/i18n/pages';
import { setLocale } from './lib/i18n';
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

/** A rendered page: the markup inside #root and what its <head> says about it. */
export interface RenderedPage {
  markup: string;
  head: { title: string; description: string; canonical: string; lang: string };
}

let rendering: Promise<unknown> = Promise.resolve();

/**
 * The page for `path`, or null when the path does not render a page of its own (redirect,
 * error). One render at a time: the page's metadata is collected while it renders.
 */
export function renderPage(path: string, origin: string): Promise<RenderedPage | null> {
  const run = rendering.then(() => renderOne(path, origin));
  rendering = run.catch(() => undefined);
  return run;
}

async function renderOne(path: string, origin: string): Promise<RenderedPage | null> {
  // The address names the language (/de/home); one render at a time, so the active one is this page's.
  const locale = pageLocale(path)?.locale ?? 'en';
  await setLocale(locale);
  takeRenderedPageMeta();
  const markup = await renderMarkup(path, origin);
  const meta = takeRenderedPageMeta();
  if (markup === null) return null;
  return {
    markup,
    head: {
      title: formatTitle(meta?.title, getPublicConfig().productName),
      description: meta?.description ?? defaultDescription(),
      canonical: `${origin}${path}`,
      lang: locale,
    },
  };
}

async function renderMarkup(path: string, origin: string): Promise<string | null> {
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
