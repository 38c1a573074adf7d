import { useEffect, useRef } from 'react';
import { errorDetail } from './api-client';
import { isSessionEnded } from './auth-fetch';
import { toast } from './toast';

/** Toasts why a user's action failed, unless the session ended (the sign-in screen says so itself). */
export function toastFailure(err: unknown, fallback: string): void {
  if (!isSessionEnded(err)) toast.error(errorDetail(err, fallback));
}

/**
 * Runs a user's action with its busy flag up until it settles; a failure is toasted (see
 * toastFailure), or in the words `failed` makes of the error.
 */
export async function runBusy(
  setBusy: (busy: boolean) => void,
  failed: string | ((err: unknown) => string),
  action: () => Promise<void>,
): Promise<void> {
  setBusy(true);
  try {
    await action();
  } catch (err) {
    if (typeof failed === 'string') toastFailure(err, failed);
    else if (!isSessionEnded(err)) toast.error(failed(err));
  } finally {
    setBusy(false);
  }
}

/** Toasts each new error of a query once (`message` may read it), unless the session ended. */
export function useErrorToast(error: unknown, message: string | ((err: unknown) => string)): void {
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (!error || reported.current === error || isSessionEnded(error)) return;
    reported.current = error;
    toast.error(typeof message === 'string' ? message : message(error));
  }, [error, message]);
}
