import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './app/root-layout';
import { RouteError } from './app/route-error';
import { InitialLoadProgress } from './app/route-progress';
import { localised, withMessages } from './lib/i18n';
import { BASE_LOCALE, LOCALES } from '../shared/i18n/locales';

/** Every route of the app; pages load lazily so each route ships only its own code. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's lazy code loads (without it React Router warns and renders nothing).
    hydrateFallbackElement: <InitialLoadProgress />,
    children: [
      { index: true, element: <HomeRedirect /> },
      ...publicPages(),
      {
        // Server-state routes: TanStack Query is provided here, loaded with these pages only,
        // so the marketing pages above stay light. A page that calls useQuery belongs below.
        lazy: () => withMessages('app', import('./app/query-layer')).then((m) => ({ Component: m.QueryLayer })),
        children: [
          productsPage(),
          { path: 'checkout/test', lazy: () => import('./features/billing/test-checkout-page').then((m) => ({ Component: m.TestCheckoutPage })) },
          { path: 'auth/signin', lazy: () => import('./features/auth/signin-page').then((m) => ({ Component: m.SignInPage })) },
          { path: 'auth/signup', lazy: () => import('./features/auth/signup-page').then((m) => ({ Component: m.SignUpPage })) },
          { path: 'auth/forgot-password', lazy: () => import('./features/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })) },
          { path: 'auth/password-recovery', lazy: () => import('./features/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })) },
          { path: 'auth/reset-password', lazy: () => import('./features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })) },
          { path: 'auth/confirm', lazy: () => import('./features/auth/confirm-page').then((m) => ({ Component: m.ConfirmPage })) },
          {
            // The guard loads with the signed-in pages, not with the landing page.
            lazy: () => import('./app/require-auth').then((m) => ({ Component: m.RequireAuth })),
            children: [
              { path: 'dashboard', lazy: () => import('./features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })) },
              { path: 'profile', lazy: () => import('./features/profile/profile-page').then((m) => ({ Component: m.ProfilePage })) },
              { path: 'auth/profile', lazy: () => import('./features/profile/auth-profile-page').then((m) => ({ Component: m.AuthProfilePage })) },
              { path: 'events', lazy: () => import('./features/inbox/inbox-page').then((m) => ({ Component: m.InboxPage })) },
              { path: 'portfolio/:id?', lazy: () => import('./features/portfolio/portfolio-page').then((m) => ({ Component: m.PortfolioPage })) },
              { path: 'products/risk-assessment', lazy: () => import('./features/assessment/assessment-page').then((m) => ({ Component: m.AssessmentPage })) },
              { path: 'products/premium-assessment', lazy: () => import('./features/billing/coming-soon-page').then((m) => ({ Component: m.PremiumComingSoonPage })) },
              { path: 'products/enterprise-assessment', lazy: () => import('./features/billing/coming-soon-page').then((m) => ({ Component: m.EnterpriseComingSoonPage })) },
            ],
          },
        ],
      },
      // The public pages again in each other language: /de/home, /fr/products …
      ...LOCALES.filter((l) => l !== BASE_LOCALE).map((locale) => ({
        path: locale,
        children: [...publicPages(), { lazy: () => withMessages('app', import('./app/query-layer')).then((m) => ({ Component: m.QueryLayer })), children: [productsPage()] }],
      })),
      { path: '*', lazy: () => import('./app/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];

/**
 * The public pages, rendered on the server and indexed in every language. A fresh copy per
 * language: the router resolves each route object's lazy code in place.
 */
function publicPages(): RouteObject[] {
  return [
    { path: 'home', lazy: () => withMessages('home', import('./features/marketing/home-page')).then((m) => ({ Component: m.HomePage })) },
    { path: 'features', lazy: () => withMessages(['home', 'marketing'], import('./features/marketing/features-page')).then((m) => ({ Component: m.FeaturesPage })) },
    { path: 'about-us', lazy: () => withMessages('marketing', import('./features/marketing/about-page')).then((m) => ({ Component: m.AboutPage })) },
    { path: 'methodology', lazy: () => withMessages('methodology', import('./features/marketing/methodology-page')).then((m) => ({ Component: m.MethodologyPage })) },
    { path: 'contact', lazy: () => withMessages(['home', 'marketing'], import('./features/marketing/contact-page')).then((m) => ({ Component: m.ContactPage })) },
    { path: 'support/privacy-policy', lazy: () => withMessages('legal', import('./features/legal/privacy-page')).then((m) => ({ Component: m.PrivacyPage })) },
    { path: 'support/terms-of-service', lazy: () => withMessages('legal', import('./features/legal/terms-page')).then((m) => ({ Component: m.TermsPage })) },
    { path: 'support/sub-processors', lazy: () => withMessages('legal', import('./features/legal/sub-processors-page')).then((m) => ({ Component: m.SubProcessorsPage })) },
    { path: 'imprint', lazy: () => withMessages('legal', import('./features/legal/imprint-page')).then((m) => ({ Component: m.ImprintPage })) },
  ];
}

function productsPage(): RouteObject {
  return { path: 'products', lazy: () => import('./features/billing/products-page').then((m) => ({ Component: m.ProductsPage })) };
}

/** `/` opens the landing page in the reader's language. */
function HomeRedirect() {
  return <Navigate to={localised('/home')} replace />;
}

export const createRouter = () => createBrowserRouter(routes);
