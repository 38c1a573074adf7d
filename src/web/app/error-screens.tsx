import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { localised, t } from '../lib/i18n';
import { toast } from '../lib/toast';
import { Container } from '../components/ui/container';
import { getPublicConfig } from '../lib/public-config';
import { LoadFailureBoundary } from './load-failure';
import { LogoMark } from './logo';

/** The toast shown with the authentication error screen. */
export function authErrorToast(): string {
  return t('common.error.authToast');
}
const AUTH_ERROR_PATTERN = /authentication|session|token/i;

export type RouteErrorKind = 'not-found' | 'auth' | 'generic';

/** The text of whatever was thrown: an Error, a route error response, a string or `{ message }`. */
export function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const detail =
      typeof data === 'string'
        ? data
        : typeof data === 'object' && data !== null && 'detail' in data && typeof data.detail === 'string'
          ? data.detail
          : '';
    return `${error.status} ${error.statusText} ${detail}`.trim();
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return '';
}

/** A 404 response is the not-found page; Authentication/Session/Token errors get their own screen. */
export function classifyRouteError(error: unknown): RouteErrorKind {
  if (isRouteErrorResponse(error) && error.status === 404) return 'not-found';
  return AUTH_ERROR_PATTERN.test(errorMessage(error)) ? 'auth' : 'generic';
}

// The screens' bodies load on demand: errors are rare, the landing page should not pay for them.
const AuthErrorScreen = lazy(() => import('./error-screen-bodies').then((m) => ({ default: m.AuthErrorScreen })));
const GenericErrorScreen = lazy(() => import('./error-screen-bodies').then((m) => ({ default: m.GenericErrorScreen })));
const NotFoundContent = lazy(() => import('./not-found-content').then((m) => ({ default: m.NotFoundContent })));

/**
 * A minimal page frame for error screens. The router replaces the whole layout with its error
 * element, and the layout itself may be what crashed, so this uses nothing but plain markup.
 */
function ErrorFrame({ children }: { children: ReactNode }) {
  const { productName } = getPublicConfig();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <Container className="flex h-16 items-center">
          {/* A full page load: the safest way out of a broken state. */}
          <a href={localised('/home')} className="inline-flex items-center gap-2.5 rounded-md" aria-label={t('common.nav.homeLabel', { productName })}>
            <LogoMark />
            <span className="text-xl font-bold tracking-tight text-brand-900">{productName}</span>
          </a>
        </Container>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 items-center justify-center focus:outline-none">
        {children}
      </main>
      <footer className="py-6 text-center text-sm text-slate-500">{t('common.footer.copyright', { year: '2025', productName })}</footer>
    </div>
  );
}

const TITLES: Record<RouteErrorKind, string> = {
  'not-found': 'common.notFound.title',
  auth: 'common.error.authTitle',
  generic: 'common.error.genericTitle',
};

/** The router's errorElement: picks the not-found, authentication or generic screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const kind = classifyRouteError(error);

  useEffect(() => {
    // The id makes a repeat (StrictMode, re-render) update the same toast instead of stacking.
    if (kind === 'auth') toast.error(authErrorToast(), { id: 'auth-error' });
  }, [kind]);

  return (
    <ErrorFrame>
      <LoadFailureBoundary title={t(TITLES[kind])}>
        <Suspense fallback={null}>
          {kind === 'not-found' ? (
            <NotFoundContent />
          ) : kind === 'auth' ? (
            <AuthErrorScreen />
          ) : (
            <GenericErrorScreen message={errorMessage(error)} />
          )}
        </Suspense>
      </LoadFailureBoundary>
    </ErrorFrame>
  );
}
