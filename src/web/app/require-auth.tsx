import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { useAuth } from '../lib/auth/auth-state';

/**
 * Guard of the protected routes: a full-screen loading overlay while the auth
 * state is being determined, then the page or a history-replacing redirect to sign-in that
 * remembers the page (sign-in returns there).
 */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullScreenLoader label="Checking your session..." />;
  // The page asked for rides along, so signing in again returns to it.
  if (status !== 'authenticated') return <Navigate to="/auth/signin" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
}
