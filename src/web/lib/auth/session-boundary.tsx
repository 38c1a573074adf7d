import { Fragment, useContext, type ReactNode } from 'react';
import { SessionGenerationContext } from './auth-state';

/**
 * Remounts its children whenever the signed-in user goes away or changes, so component state
 * (a report on screen, a plan, a half-filled form) never carries over to the next user. Wraps
 * the pages, not the toasts: the 'Logged out' toast must survive the remount.
 */
export function SessionBoundary({ children }: { children: ReactNode }) {
  const generation = useContext(SessionGenerationContext);
  return <Fragment key={generation}>{children}</Fragment>;
}
