import { lazy, Suspense } from 'react';
import { t } from '../lib/i18n';
import { LoadFailureBoundary } from './load-failure';

// The error screens load when an error happens: errors are rare, the landing page should not pay for them.
const RouteErrorScreen = lazy(() => import('./error-screens').then((m) => ({ default: m.RouteErrorScreen })));

/** The router's errorElement: the error screen once its code is in, a plain notice if it cannot load. */
export function RouteError() {
  return (
    <LoadFailureBoundary title={t('common.error.genericTitle')}>
      <Suspense fallback={<div className="min-h-dvh bg-slate-50" />}>
        <RouteErrorScreen />
      </Suspense>
    </LoadFailureBoundary>
  );
}
