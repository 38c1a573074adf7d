import { getConsent, subscribeConsent } from './consent';
import { getPublicConfig, subscribePublicConfig } from './public-config';

/**
 * Usage analytics: Google Analytics 4, currency EUR, IP anonymisation on.
 *
 * GA is loaded only when the server publishes a measurement id (GA_MEASUREMENT_ID) AND the
 * visitor accepted the cookie banner. The gtag.js script tag is created from this module (the
 * CSP allows no inline script). Calls made before that are dropped, never queued for Google.
 */

export type AnalyticsParams = Record<string, string | number | boolean | undefined | AnalyticsItem[]>;
export interface AnalyticsItem {
  item_id?: string;
  item_name?: string;
  item_variant?: string;
  price?: number;
  quantity?: number;
}

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
    [gaDisable: `ga-disable-${string}`]: boolean | undefined;
  }
}

export const GTAG_SRC = 'https://www.googletagmanager.com/gtag/js';

let loadedId: string | null = null;
let started = false;

function gtag(...args: unknown[]): void {
  window.gtag?.(...args);
}

/** True when events are really sent (id configured, consent given, script requested). */
export function isAnalyticsActive(): boolean {
  const id = getPublicConfig().gaMeasurementId;
  return id !== null && loadedId === id && getConsent() === 'accepted' && window[`ga-disable-${id}`] !== true;
}

function load(id: string): void {
  window[`ga-disable-${id}`] = false;
  if (loadedId === id) {
    gtag('consent', 'update', { analytics_storage: 'granted' });
    return;
  }
  loadedId = id;
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads the `arguments` object itself from the data layer, as Google's snippet does.
  window.gtag = function gtagShim() {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer?.push(arguments);
  };
  gtag('consent', 'default', {
    analytics_storage: 'granted',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  });
  gtag('js', new Date());
  gtag('config', id, { currency: 'EUR', anonymize_ip: true, send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${GTAG_SRC}?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
}

/** The visitor withdrew consent: stop sending and drop GA's cookies. */
function disable(id: string): void {
  window[`ga-disable-${id}`] = true;
  if (loadedId === id) gtag('consent', 'update', { analytics_storage: 'denied' });
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name && (name === '_ga' || name.startsWith('_ga_') || name === '_gid')) {
      const host = window.location.hostname;
      document.cookie = `${name}=; Max-Age=0; path=/`;
      document.cookie = `${name}=; Max-Age=0; path=/; domain=${host}`;
      document.cookie = `${name}=; Max-Age=0; path=/; domain=.${host.split('.').slice(-2).join('.')}`;
    }
  }
}

/** Loads or stops GA to match the current config and consent. */
function sync(): void {
  const id = getPublicConfig().gaMeasurementId;
  if (!id) return;
  const wasActive = isAnalyticsActive();
  if (getConsent() === 'accepted') {
    load(id);
    // Consent given on this page: count the page the visitor is looking at.
    if (!wasActive) analytics.pageView(window.location.pathname + window.location.search, document.title);
  } else if (loadedId === id) {
    disable(id);
  }
}

/** Starts following config and consent changes; safe to call more than once. */
export function initAnalytics(): void {
  if (started) return;
  started = true;
  subscribeConsent(sync);
  subscribePublicConfig(sync);
  const id = getPublicConfig().gaMeasurementId;
  if (id && getConsent() === 'accepted') load(id);
}

export const analytics = {
  /** A page view (the layout calls it on every route change). */
  pageView(path: string, title: string): void {
    if (!isAnalyticsActive()) return;
    gtag('event', 'page_view', {
      page_path: path,
      page_title: title,
      page_location: window.location.origin + path,
    });
  },
  /** A named event, e.g. analytics.track('purchase', { transaction_id, value, currency: 'EUR', items }). */
  track(event: string, params: AnalyticsParams = {}): void {
    if (!isAnalyticsActive()) return;
    gtag('event', event, params);
  },
};

/** Test hook: forget what was loaded. */
export function resetAnalyticsForTests(): void {
  loadedId = null;
  started = false;
  delete window.gtag;
  delete window.dataLayer;
}
