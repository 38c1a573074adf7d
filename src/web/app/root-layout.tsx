import { lazy, Suspense, useEffect, type MouseEvent } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { analytics } from '../lib/analytics';
import { usePublicConfig } from '../lib/public-config';
import { useDefaultPageMeta } from '../lib/seo';
import { Footer } from './footer';
import { NavBar } from './nav-bar';
import { RouteProgress } from './route-progress';
import { SCROLL_STORAGE_KEY, scrollKey } from './scroll-restoration';

// The banner exists only when analytics is configured; load it only then.
const ConsentBanner = lazy(() => import('./consent-banner').then((m) => ({ default: m.ConsentBanner })));

function SkipLink() {
  const handleClick = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    document.getElementById('main')?.focus();
  };
  return (
    <a
      href="#main"
      onClick={handleClick}
      className="sr-only z-[70] rounded-lg bg-brand-800 px-4 py-2 text-sm font-semibold text-white shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}

/** Counts a page view on every route change (after the page has set its title). */
function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    analytics.pageView(pathname, document.title);
  }, [pathname]);
}

/** The app shell around every page: skip link, nav bar, main region, footer, consent banner. */
export function RootLayout() {
  const { gaMeasurementId } = usePublicConfig();
  useDefaultPageMeta();
  usePageViews();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <RouteProgress />
      <NavBar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      {gaMeasurementId && (
        <Suspense fallback={null}>
          <ConsentBanner />
        </Suspense>
      )}
      <ScrollRestoration getKey={scrollKey} storageKey={SCROLL_STORAGE_KEY} />
    </div>
  );
}
