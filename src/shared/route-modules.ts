import { localisedPages } from './i18n/pages.js';

/**
 * The page modules (paths under src/web) a full page load of each public path needs, in the
 * order the router loads them. The server turns them into `<link rel="modulepreload">` hints from
 * the build's manifest, so the page's code downloads with the entry instead of after it.
 * `src/web/router.tsx` lazy-loads the same modules for the same paths (route-modules.test.ts).
 */
const home = ['features/marketing/home-page.tsx'];
const queryLayer = 'app/query-layer.tsx';

export const routeModules: Readonly<Record<string, readonly string[]>> = {
  '/': home,
  '/home': home,
  '/features': ['features/marketing/features-page.tsx'],
  '/about-us': ['features/marketing/about-page.tsx'],
  '/methodology': ['features/marketing/methodology-page.tsx'],
  '/contact': ['features/marketing/contact-page.tsx'],
  '/support/privacy-policy': ['features/legal/privacy-page.tsx'],
  '/support/terms-of-service': ['features/legal/terms-page.tsx'],
  '/support/sub-processors': ['features/legal/sub-processors-page.tsx'],
  '/imprint': ['features/legal/imprint-page.tsx'],
  '/products': [queryLayer, 'features/billing/products-page.tsx'],
  '/auth/signin': [queryLayer, 'features/auth/signin-page.tsx'],
  '/auth/signup': [queryLayer, 'features/auth/signup-page.tsx'],
  '/auth/forgot-password': [queryLayer, 'features/auth/forgot-password-page.tsx'],
  '/auth/password-recovery': [queryLayer, 'features/auth/forgot-password-page.tsx'],
  '/auth/reset-password': [queryLayer, 'features/auth/reset-password-page.tsx'],
  '/auth/confirm': [queryLayer, 'features/auth/confirm-page.tsx'],
};

/**
 * The message bundles each public page needs besides `common` (scripts/vite-messages.mjs), as
 * the router loads them: the server preloads them in the page's language with its code.
 */
export const routeMessages: Readonly<Record<string, readonly string[]>> = {
  '/home': ['home'],
  '/features': ['home', 'marketing'],
  '/about-us': ['marketing'],
  '/methodology': ['methodology'],
  '/contact': ['home', 'marketing'],
  '/support/privacy-policy': ['legal'],
  '/support/terms-of-service': ['legal'],
  '/support/sub-processors': ['legal'],
  '/imprint': ['legal'],
  '/products': ['app'],
};

/**
 * Public pages the server renders to HTML (src/web/prerender.tsx): the browser paints them before
 * any script runs, then the app hydrates them. Pages whose content depends on the visitor beyond
 * the signed-in state stay client-rendered.
 */
export const prerenderedPaths: readonly string[] = localisedPages;
