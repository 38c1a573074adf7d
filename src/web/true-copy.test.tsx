// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { planCatalogue } from '../shared/plans';
import { installPublicConfig } from '../../test/web/test-config';
import { Footer } from './app/footer';
import { ComingSoonScreen } from './features/billing/coming-soon-page';
import { ToolsList } from './features/dashboard/tools-list';
import { ImprintPage } from './features/legal/imprint-page';
import { PrivacyPage } from './features/legal/privacy-page';
import { SubProcessorsPage } from './features/legal/sub-processors-page';
import { TermsPage } from './features/legal/terms-page';
import { AboutPage } from './features/marketing/about-page';
import { ContactPage } from './features/marketing/contact-page';
import { FeaturesPage } from './features/marketing/features-page';
import { HomePage } from './features/marketing/home-page';
import { AuthContext, type AuthState } from './lib/auth/auth-state';

/**
 * Copy that says what is true: portfolio assessment, multi-location analysis and API access are
 * on every account (not "coming soon"; only the Premium and Enterprise plans are), and the
 * analysis is a published rule set with an optional AI analyst (not "AI-powered").
 */

const signedOut: AuthState = { status: 'unauthenticated', user: null, userId: null, logout: async () => {} };

const pages: [string, ReactNode][] = [
  ['/home', <HomePage key="home" />],
  ['/features', <FeaturesPage key="features" />],
  ['/about-us', <AboutPage key="about" />],
  ['/contact', <ContactPage key="contact" />],
  ['/support/terms-of-service', <TermsPage key="terms" />],
  ['/support/privacy-policy', <PrivacyPage key="privacy" />],
  ['/imprint', <ImprintPage key="imprint" />],
  ['/support/sub-processors', <SubProcessorsPage key="sub" />],
  ['/products/premium-assessment', <ComingSoonScreen key="premium" planName="Premium" />],
  ['/products/enterprise-assessment', <ComingSoonScreen key="enterprise" planName="Enterprise" />],
  [
    '/dashboard',
    <ToolsList
      key="tools"
      tools={{
        kind: 'tools',
        tools: [
          { tier: 'premium', title: 'Premium Assessment', route: '/products/premium-assessment', badge: 'Coming Soon', badgeKind: 'coming-soon', available: false },
          { tier: 'enterprise', title: 'Enterprise Assessment', route: '/products/enterprise-assessment', badge: 'Coming Soon', badgeKind: 'coming-soon', available: false },
        ],
      }}
    />,
  ],
];

function renderPage(path: string, page: ReactNode): HTMLElement {
  const { container } = render(
    <AuthContext.Provider value={signedOut}>
      <MemoryRouter initialEntries={[path]}>
        {page}
        <Footer />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
  return container;
}

const notYet = /coming soon|launching soon|not part of any plan|not yet available|on their way/i;
const capabilities = /portfolio|multi-location|\bAPI\b/i;

const onEveryAccount = /every account|every plan/i;
const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The smallest blocks of text a reader takes as one statement. */
function statementElements(root: HTMLElement): Element[] {
  return [...root.querySelectorAll('p, li, h1, h2, h3, h4, dd, td')].filter((el) => !el.querySelector('p, li, h1, h2, h3, h4, dd, td'));
}
const statements = (root: HTMLElement) => statementElements(root).map(text);

/**
 * Statements that announce portfolio, multi-location or API access as still to come: said in one
 * statement, or a "coming soon" whose card or section shows them without saying every account has them.
 */
function stillToCome(root: HTMLElement): string[] {
  return statementElements(root).flatMap((el) => {
    const said = text(el);
    if (!notYet.test(said)) return [];
    if (capabilities.test(said)) return [said];
    const context = text(el.parentElement?.closest('li, section, main, article') ?? root);
    return capabilities.test(context) && !onEveryAccount.test(context) ? [`${said} … ${context.slice(0, 120)}`] : [];
  });
}

beforeEach(() => {
  installPublicConfig({ outsideServices: [{ id: 'openai-compatible', host: 'api.openai.com' }] });
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(cleanup);

describe('true copy', () => {
  it.each(pages)('%s never says portfolio, multi-location or API access is still to come', (path, page) => {
    expect(stillToCome(renderPage(path, page))).toEqual([]);
  });

  it.each(pages)('%s does not call the analysis AI-powered', (path, page) => {
    expect(renderPage(path, page).textContent).not.toMatch(/AI[- ]powered/i);
  });

  it('the features page and the terms say the three are on every account today', () => {
    const features = statements(renderPage('/features', <FeaturesPage />));
    expect(features).toContain('Available on every account');
    expect(features.some((s) => s.startsWith('Portfolio assessment'))).toBe(true);
    expect(features.some((s) => /published, reproducible rule set/.test(s) && /AI analyst/.test(s))).toBe(true);
    cleanup();
    const terms = renderPage('/support/terms-of-service', <TermsPage />).textContent ?? '';
    expect(terms).toMatch(/portfolio assessment, multi-location analysis and API access are not reserved to them and are available on every account today/);
  });

  it('every plan lists portfolio, multi-location and API access; none sells them as its own', () => {
    for (const plan of Object.values(planCatalogue)) {
      const all = [...plan.baseFeatures, ...plan.additionalFeatures].join(' | ');
      expect(all).toMatch(/Portfolio assessment/);
      expect(all).toMatch(/Multi-location analysis/);
      expect(all).toMatch(/API access/);
      expect(plan.additionalFeatures.join(' ')).not.toMatch(capabilities);
      expect(plan.description).not.toMatch(capabilities);
    }
  });
});
