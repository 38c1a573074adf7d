import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import { subscribeToToastRequests, toastsRequested } from '../lib/toast';

// A chunk that fails to load (offline, new deploy) costs the toasts, never the page around them.
const AppToaster = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('./toaster').then(
      (m) => ({ default: m.AppToaster }),
      () => ({ default: () => null }),
    ),
);

/**
 * Where toasts appear. The Toaster (and sonner) load with the first toast, not with the page:
 * most visits show none. Toasts raised while it loads are replayed by sonner when it mounts.
 */
export function ToastViewport() {
  const requested = useSyncExternalStore(subscribeToToastRequests, toastsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
