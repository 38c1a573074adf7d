import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { countPageView } from '../lib/analytics-start';
import { t } from '../lib/i18n';
import { usePublicConfig } from '../lib/public-config';
import { useDefaultPageMeta } from '../lib/seo';
import { Footer } from './footer';
import { NavBar } from './nav-bar';
import { RouteProgress } from './route-progress';
import { keepScrollOfHydratedPage, SCROLL_STORAGE_KEY, scrollKey } from './scroll-restoration';

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
      {t('common.layout.skipToContent')}
    </a>
  );
}

/** Counts a page view on every route change (after the page has set its title). */
function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    countPageView(pathname, document.title);
  }, [pathname]);
}

/**
 * Accessible page changes: after a route change, focus moves to the new page's h1 (or, without
 * one, the main landmark), so a screen reader announces the page and Tab continues from its
 * content instead of from a link that no longer exists. Never on the first load, and not when
 * the page has already put focus inside its content.
 */
function useFocusOnRouteChange(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById('main');
    if (!main || (main.contains(document.activeElement) && document.activeElement !== main)) return;
    const heading = main.querySelector('h1');
    if (heading && !heading.hasAttribute('tabindex')) {
      heading.setAttribute('tabindex', '-1');
      // A focus target, not a control: no focus ring around the title.
      heading.classList.add('focus:outline-none');
    }
    (heading ?? main).focus({ preventScroll: true });
  }, [pathname]);
}

/** The app shell around every page: skip link, nav bar, main region, footer, consent banner. */
export function RootLayout() {
  const { gaMeasurementId } = usePublicConfig();
  // The banner reads the stored consent: it comes after the first render, which must match the
  // server-rendered page (the server knows no consent). It is fixed, so nothing moves.
  // After the router's own scroll effects (children's layout effects run first).
  useLayoutEffect(keepScrollOfHydratedPage, []);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    // The page answers clicks from here on (a server-rendered page is hydrated): tests wait for it.
    document.documentElement.dataset.ready = '';
    // The scroll position is restored by now: in-page jumps are smooth again (main.tsx).
    const frame = requestAnimationFrame(() => document.documentElement.style.removeProperty('scroll-behavior'));
    return () => cancelAnimationFrame(frame);
  }, []);
  useDefaultPageMeta();
  usePageViews();
  useFocusOnRouteChange();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <RouteProgress />
      <NavBar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      {gaMeasurementId && mounted && (
        <Suspense fallback={null}>
          <ConsentBanner />
        </Suspense>
      )}
      <ScrollRestoration getKey={scrollKey} storageKey={SCROLL_STORAGE_KEY} />
    </div>
  );
}
