// First: settings zod reads when it loads.
import './lib/zod-jitless';
import { Fragment, type ReactNode, startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import { followScrollUntilHydrated, forgetScrollOfNewPage } from './app/scroll-restoration';
import { ToastViewport } from './app/toast-viewport';
import { AuthProvider } from './lib/auth/auth-provider';
import { SessionBoundary } from './lib/auth/session-boundary';
import { startAnalyticsWhenConfigured } from './lib/analytics-start';
import { initialLocale, setLocale, useLocale } from './lib/i18n';
import { loadPublicConfig } from './lib/public-config';
import { createRouter, routes } from './router';
import './styles.css';

// The server injects the runtime config into index.html; under `vite` dev it is fetched instead.
void loadPublicConfig();
startAnalyticsWhenConfigured();

// A page opened anew starts at the top, whatever an earlier visit to it left saved.
forgetScrollOfNewPage();

/**
 * Loads the lazy code of the routes that match the current URL and puts it on the routes, so the
 * router's first render is the page itself (as the server rendered it), not its loading fallback.
 */
async function resolveLazyRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Renders the app anew in another language: every text is read again, the router keeps its place. */
function InLocale({ children }: { children: ReactNode }) {
  return <Fragment key={useLocale()}>{children}</Fragment>;
}

const app = (router: ReturnType<typeof createRouter>) => (
  <StrictMode>
    <AuthProvider>
      <SessionBoundary>
        <InLocale>
          <RouterProvider router={router} />
        </InLocale>
      </SessionBoundary>
      <InLocale>
        <ToastViewport />
      </InLocale>
    </AuthProvider>
  </StrictMode>
);

// The page's language and its shared messages come before the first render.
const ready = setLocale(initialLocale(window.location.pathname));

// TanStack Query is provided by app/query-layer.tsx around the data routes (see router.tsx).
// A public page comes rendered by the server (src/web/prerender.tsx): hydrate it in place.
if (root.firstElementChild) {
  // The browser has already put a reloaded page back where it was; the router restores the same
  // position while hydrating, and that jump must be instant: a smooth one would end a few pixels off.
  document.documentElement.style.scrollBehavior = 'auto';
  followScrollUntilHydrated();
  // Should the page's code fail to load, the router tries again and shows its error screen.
  void ready
    .then(resolveLazyRoutes)
    .catch(() => undefined)
    // As a transition, hydration yields to the browser between components instead of one long task.
    .then(() => startTransition(() => void hydrateRoot(root, app(createRouter()))));
} else {
  // Should the messages fail to load, the page shows their ids rather than nothing.
  void ready.catch(() => undefined).then(() => createRoot(root).render(app(createRouter())));
}
