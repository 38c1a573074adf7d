import { AlertTriangle, RefreshCw, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../components/ui/button';
import { Container } from '../components/ui/container';
import { LinkButton } from '../components/ui/link-button';
import { getPublicConfig } from '../lib/public-config';
import { usePageMeta } from '../lib/seo';
import { LogoMark } from './logo';
import { NotFoundContent } from './not-found-content';

export const AUTH_ERROR_TOAST = 'Authentication error occurred. Please refresh the page.';
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

/** SPEC §2: a 404 response is the not-found page; Authentication/Session/Token errors get their own screen. */
export function classifyRouteError(error: unknown): RouteErrorKind {
  if (isRouteErrorResponse(error) && error.status === 404) return 'not-found';
  return AUTH_ERROR_PATTERN.test(errorMessage(error)) ? 'auth' : 'generic';
}

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
          <a href="/home" className="inline-flex items-center gap-2.5 rounded-md" aria-label={`${productName} home`}>
            <LogoMark />
            <span className="text-xl font-bold tracking-tight text-brand-900">{productName}</span>
          </a>
        </Container>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 items-center justify-center focus:outline-none">
        {children}
      </main>
      <footer className="py-6 text-center text-sm text-slate-500">
        © 2025 {productName}. All rights reserved.
      </footer>
    </div>
  );
}

function ScreenBody({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      {icon}
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 text-base leading-relaxed text-slate-600">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}

export function AuthErrorScreen() {
  usePageMeta({ title: 'Authentication Error', noindex: true });
  const toasted = useRef(false);
  useEffect(() => {
    if (toasted.current) return;
    toasted.current = true;
    // The id makes a second call (StrictMode, re-render) update the same toast instead of stacking.
    toast.error(AUTH_ERROR_TOAST, { id: 'auth-error' });
  }, []);
  return (
    <ScreenBody
      icon={
        <span className="grid size-14 place-items-center rounded-2xl bg-amber-50 text-amber-600">
          <ShieldAlert aria-hidden="true" className="size-7" />
        </span>
      }
      title="Authentication Error"
      text="There was a problem with your session. Please refresh the page to continue."
    >
      <Button size="lg" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Refresh Page
      </Button>
    </ScreenBody>
  );
}

export function GenericErrorScreen({ error }: { error: unknown }) {
  usePageMeta({ title: 'Something went wrong', noindex: true });
  const message = errorMessage(error);
  return (
    <ScreenBody
      icon={
        <span className="grid size-14 place-items-center rounded-2xl bg-red-50 text-red-600">
          <AlertTriangle aria-hidden="true" className="size-7" />
        </span>
      }
      title="Something went wrong"
      text="An unexpected error stopped this page from loading. Please try again; if it keeps happening, contact us."
    >
      <Button size="lg" onClick={() => window.location.reload()}>
        Try again
      </Button>
      <LinkButton to="/home" size="lg" variant="outline">
        Go Home
      </LinkButton>
      {import.meta.env.DEV && message && (
        <pre className="mt-4 w-full overflow-auto rounded-lg bg-slate-900 p-4 text-left text-xs text-slate-100">{message}</pre>
      )}
    </ScreenBody>
  );
}

/** The router's errorElement: picks the not-found, authentication or generic screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const kind = classifyRouteError(error);
  return (
    <ErrorFrame>
      {kind === 'not-found' ? (
        <NotFoundContent />
      ) : kind === 'auth' ? (
        <AuthErrorScreen />
      ) : (
        <GenericErrorScreen error={error} />
      )}
    </ErrorFrame>
  );
}
