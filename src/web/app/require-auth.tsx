import { Navigate, Outlet } from 'react-router';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { useAuth } from '../lib/auth/auth-state';

/**
 * Guard of the protected routes: a full-screen loading overlay while the auth
 * state is being determined, then the page or a history-replacing redirect to sign-in.
 */
export function RequireAuth() {
  const { status } = useAuth();
  if (status === 'loading') return <FullScreenLoader label="Checking your session..." />;
  if (status !== 'authenticated') return <Navigate to="/auth/signin" replace />;
  return <Outlet />;
}
