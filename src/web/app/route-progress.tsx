import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { t } from '../lib/i18n';

/** On every route change a loading indicator shows for 800 ms. */
export const ROUTE_INDICATOR_MS = 800;

/**
 * A thin bar at the top of the window, shown while a navigation is pending (a lazy page is
 * loading) and for 800 ms after each pathname change. Announced politely to screen readers.
 */
export function RouteProgress() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const [changed, setChanged] = useState(0);
  const [holding, setHolding] = useState(false);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setHolding(true);
    setChanged((n) => n + 1);
    const timer = window.setTimeout(() => setHolding(false), ROUTE_INDICATOR_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);

  const active = holding || navigation.state === 'loading';

  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-[3px]">
      {active && (
        <div
          key={changed}
          role="progressbar"
          aria-label={t('common.routeProgress.label')}
          className="route-progress h-full bg-gradient-to-r from-accent-500 via-accent-400 to-brand-400 shadow-[0_0_8px_var(--color-accent-400)]"
        >
          <span className="sr-only">{t('common.routeProgress.label')}</span>
        </div>
      )}
    </div>
  );
}

/**
 * The router's HydrateFallback: while the first page's code loads after a full page load, the
 * same bar on an otherwise empty page (the layout appears with the page, so the page view is
 * counted with the page's own title).
 */
export function InitialLoadProgress() {
  return (
    <div role="progressbar" aria-label={t('common.routeProgress.label')} className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-[3px]">
      <div className="route-progress h-full bg-gradient-to-r from-accent-500 via-accent-400 to-brand-400" />
    </div>
  );
}
