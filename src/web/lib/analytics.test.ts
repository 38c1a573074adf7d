// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analytics, GTAG_SRC, initAnalytics, isAnalyticsActive, resetAnalyticsForTests } from './analytics';
import { CONSENT_STORAGE_KEY, resetConsentForTests, setConsent } from './consent';
import { resetPublicConfigForTests } from './public-config';
import { installPublicConfig } from '../../../test/web/test-config';

const gaScripts = () => Array.from(document.querySelectorAll<HTMLScriptElement>('script')).filter((s) => s.src.startsWith(GTAG_SRC));
/** gtag pushes `arguments` objects; turn them into plain arrays. */
const calls = () => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
const events = (name: string) => calls().filter((c) => c[0] === 'event' && c[1] === name);

beforeEach(() => {
  window.localStorage.clear();
  resetConsentForTests();
  resetAnalyticsForTests();
});

afterEach(() => {
  document.head.innerHTML = '';
  resetPublicConfigForTests();
  resetConsentForTests();
  resetAnalyticsForTests();
});

describe('analytics consent gating', () => {
  it('loads nothing when no measurement id is configured, even with consent', () => {
    installPublicConfig({ gaMeasurementId: null });
    window.localStorage.setItem(CONSENT_STORAGE_KEY, 'accepted');
    initAnalytics();
    analytics.pageView('/home', 'Home | Corisk');
    analytics.track('purchase', { value: 10 });
    expect(gaScripts()).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
    expect(isAnalyticsActive()).toBe(false);
  });

  it('loads nothing before the visitor accepts, and drops the events sent meanwhile', () => {
    installPublicConfig({ gaMeasurementId: 'G-TEST123' });
    initAnalytics();
    analytics.pageView('/home', 'Home | Corisk');
    analytics.track('purchase', { value: 99 });
    expect(gaScripts()).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
  });

  it('loads nothing after a rejection', () => {
    installPublicConfig({ gaMeasurementId: 'G-TEST123' });
    initAnalytics();
    setConsent('rejected');
    analytics.pageView('/home', 'Home | Corisk');
    expect(gaScripts()).toHaveLength(0);
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('rejected');
  });

  it('after Accept: adds the gtag.js script and configures EUR, IP anonymisation and manual page views', () => {
    installPublicConfig({ gaMeasurementId: 'G-TEST123' });
    initAnalytics();
    analytics.track('early_event');
    setConsent('accepted');

    const scripts = gaScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(`${GTAG_SRC}?id=G-TEST123`);
    expect(scripts[0]?.async).toBe(true);
    const config = calls().find((c) => c[0] === 'config');
    expect(config).toEqual(['config', 'G-TEST123', { currency: 'EUR', anonymize_ip: true, send_page_view: false }]);
    expect(calls().some((c) => c[0] === 'js')).toBe(true);
    // The event sent before consent was dropped, not queued.
    expect(events('early_event')).toHaveLength(0);
    // The page the visitor accepted on is counted once.
    expect(events('page_view')).toHaveLength(1);
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('accepted');
  });

  it('after Accept: page views and events reach the data layer', () => {
    installPublicConfig({ gaMeasurementId: 'G-TEST123' });
    initAnalytics();
    setConsent('accepted');
    analytics.pageView('/products', 'Plans & Pricing | Corisk');
    analytics.track('purchase', { transaction_id: 't1', value: 490, currency: 'EUR' });
    expect(events('page_view').at(-1)?.[2]).toMatchObject({ page_path: '/products', page_title: 'Plans & Pricing | Corisk' });
    expect(events('purchase')[0]?.[2]).toEqual({ transaction_id: 't1', value: 490, currency: 'EUR' });
  });

  it('with consent stored from an earlier visit, loads at start-up', () => {
    installPublicConfig({ gaMeasurementId: 'G-TEST123' });
    window.localStorage.setItem(CONSENT_STORAGE_KEY, 'accepted');
    initAnalytics();
    expect(gaScripts()).toHaveLength(1);
    expect(isAnalyticsActive()).toBe(true);
  });

  it('stops sending when consent is withdrawn', () => {
    installPublicConfig({ gaMeasurementId: 'G-TEST123' });
    initAnalytics();
    setConsent('accepted');
    setConsent('rejected');
    const before = calls().length;
    analytics.track('after_withdrawal');
    expect(isAnalyticsActive()).toBe(false);
    expect(window['ga-disable-G-TEST123']).toBe(true);
    expect(events('after_withdrawal')).toHaveLength(0);
    expect(calls().length).toBe(before);
  });
});
