import type { ReactNode } from 'react';
import type { ExternalToast, toast as sonnerToastApi } from 'sonner';

/**
 * Toasts without sonner on the first paint. Screens call `toast.success(…)` etc. exactly as they
 * would sonner's `toast`; the first call loads sonner (its own chunk) and asks the app to mount
 * the Toaster (app/toast-viewport.tsx). Sonner replays toasts created before its Toaster
 * subscribed, so nothing is lost while the chunk arrives. Tests may render sonner's `<Toaster />`
 * themselves: it shares sonner's toast store with this facade.
 */

interface Sonner {
  toast: typeof sonnerToastApi;
}
type ToastVariant = 'message' | 'success' | 'error' | 'info' | 'warning';
type ShowToast = (message: ReactNode, options?: ExternalToast) => void;

let sonner: Promise<Sonner> | null = null;
let requested = false;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    const loading = import('sonner');
    sonner = loading;
    // A failed chunk load (offline, new deploy) must not disable toasts for the whole visit.
    loading.catch(() => {
      if (sonner === loading) sonner = null;
    });
  }
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return sonner;
}

function show(variant: ToastVariant): ShowToast {
  return (message, options) => {
    void loadSonner().then(
      ({ toast: sonnerToast }) => {
        sonnerToast[variant](message, options);
      },
      () => {},
    );
  };
}

export const toast: Record<ToastVariant, ShowToast> & { dismiss: (id?: string | number) => void } = {
  message: show('message'),
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  dismiss: (id) => {
    // Nothing to dismiss before the first toast loaded sonner.
    if (sonner) void sonner.then(({ toast: sonnerToast }) => sonnerToast.dismiss(id), () => {});
  },
};

/** True once a toast has been requested: the app mounts the Toaster from then on. */
export function toastsRequested(): boolean {
  return requested;
}

/** For useSyncExternalStore: notified once, when the first toast is requested. */
export function subscribeToToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
