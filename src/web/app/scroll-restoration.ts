import type { Location } from 'react-router';

/** Where React Router's ScrollRestoration keeps the positions (sessionStorage). */
export const SCROLL_STORAGE_KEY = 'corisk-scroll-positions';

type Url = Pick<Location, 'pathname' | 'search'>;

/**
 * The key a history entry's scroll position is saved under. React Router uses `location.key`,
 * but a document's first entry has none of its own ('default'): every full page load would share
 * one position, and a page opened anew (the redirect back from checkout or the billing portal)
 * would open scrolled like the last one. That entry is keyed by its URL instead.
 */
export function scrollKey(location: Pick<Location, 'key'> & Url): string {
  return location.key === 'default' ? `page:${location.pathname}${location.search}` : location.key;
}

function navigationType(): string | undefined {
  if (typeof PerformanceNavigationTiming !== 'function') return undefined;
  const [entry] = performance.getEntriesByType('navigation');
  return entry instanceof PerformanceNavigationTiming ? entry.type : undefined;
}

/**
 * Runs before the first render. A page opened anew (a link from elsewhere, a redirect, a typed
 * address) starts at the top like any new page: a position saved for the same URL by an earlier
 * visit is dropped. A reload or Back/Forward keeps it.
 */
export function forgetScrollOfNewPage({
  type = navigationType(),
  storage = sessionStorage,
  url = window.location,
}: { type?: string | undefined; storage?: Storage; url?: Url } = {}): void {
  if (type !== undefined && type !== 'navigate') return;
  try {
    const saved: unknown = JSON.parse(storage.getItem(SCROLL_STORAGE_KEY) ?? 'null');
    if (typeof saved !== 'object' || saved === null) return;
    const key = scrollKey({ key: 'default', pathname: url.pathname, search: url.search });
    if (!(key in saved)) return;
    const rest = Object.fromEntries(Object.entries(saved).filter(([k]) => k !== key));
    storage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(rest));
  } catch {
    // Storage unavailable or not ours to parse: then nothing was restored from it either.
  }
}

let scrollBeforeHydration: number | null = null;

/**
 * Before hydrating a server-rendered page: follows where the visitor scrolls while the app's
 * code loads (the page is readable, and scrollable, before that).
 */
export function followScrollUntilHydrated(): void {
  scrollBeforeHydration = window.scrollY;
  const follow = () => {
    if (scrollBeforeHydration === null) window.removeEventListener('scroll', follow);
    else scrollBeforeHydration = window.scrollY;
  };
  window.addEventListener('scroll', follow, { passive: true });
}

/**
 * Right after hydration, in the same task: the router has scrolled the newly loaded page to the
 * top (it knows no earlier position); the visitor goes back to where they were, before any paint.
 */
export function keepScrollOfHydratedPage(): void {
  const y = scrollBeforeHydration;
  scrollBeforeHydration = null;
  if (y !== null && window.scrollY !== y) window.scrollTo(0, y);
}
