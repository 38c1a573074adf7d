import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { isOwnLogout, useAuth } from '../lib/auth/auth-state';
import { t } from '../lib/i18n';

/**
 * Guard of the protected routes: a full-screen loading overlay while the auth state is being
 * determined, then the page or a history-replacing redirect to sign-in. Unless the user logged
 * out themselves, the redirect carries the page (path, query and hash), so signing in again
 * returns there.
 */
export function RequireAuth() {
  const { status, ended } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullScreenLoader label={t('common.auth.checkingSession')} />;
  if (status !== 'authenticated') {
    const state = isOwnLogout(ended) ? undefined : { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/auth/signin" replace state={state} />;
  }
  return <Outlet />;
}
