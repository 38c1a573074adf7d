// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installPublicConfig } from '../../../test/web/test-config';
import { countPageView, startAnalyticsWhenConfigured } from './analytics-start';
import { GTAG_SRC, resetAnalyticsForTests } from './analytics';
import { CONSENT_STORAGE_KEY, resetConsentForTests } from './consent';

const gaScripts = () => [...document.head.querySelectorAll('script')].filter((s) => s.src.startsWith(GTAG_SRC));
const pageViews = () => (window.dataLayer ?? []).filter((args) => (args as unknown[])[1] === 'page_view');

beforeEach(() => {
  window.localStorage.clear();
  document.head.innerHTML = '';
  resetConsentForTests();
  resetAnalyticsForTests();
});

describe('analytics start (the landing page loads the analytics code only where it is configured)', () => {
  it('without a measurement id: no script, no page view', async () => {
    installPublicConfig({ gaMeasurementId: null });
    window.localStorage.setItem(CONSENT_STORAGE_KEY, 'accepted');
    startAnalyticsWhenConfigured();
    countPageView('/home', 'Home | Corisk');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gaScripts()).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
  });

  it('with one and consent: loads GA and counts the page view', async () => {
    installPublicConfig({ gaMeasurementId: 'G-TEST123' });
    window.localStorage.setItem(CONSENT_STORAGE_KEY, 'accepted');
    startAnalyticsWhenConfigured();
    countPageView('/home', 'Home | Corisk');
    await vi.waitFor(() => expect(pageViews()).toHaveLength(1));
    expect(gaScripts()).toHaveLength(1);
  });
});
