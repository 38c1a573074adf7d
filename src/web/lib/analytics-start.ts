import { getPublicConfig, subscribePublicConfig } from './public-config';

// Google Analytics' code (./analytics) loads only where the deployment configures it: without a
// measurement id every call would be a no-op, and the landing page would carry it for nothing.
const loadAnalytics = () => import('./analytics');

/** Starts analytics once the config names a measurement id (at once, or when /api/config answers). */
export function startAnalyticsWhenConfigured(): void {
  let stop = (): void => undefined;
  const start = () => {
    if (!getPublicConfig().gaMeasurementId) return;
    stop();
    loadAnalytics().then((m) => m.initAnalytics(), () => undefined);
  };
  stop = subscribePublicConfig(start);
  start();
}

/** Counts a page view when analytics is configured (the call itself checks consent). */
export function countPageView(path: string, title: string): void {
  if (!getPublicConfig().gaMeasurementId) return;
  loadAnalytics().then((m) => m.analytics.pageView(path, title), () => undefined);
}
