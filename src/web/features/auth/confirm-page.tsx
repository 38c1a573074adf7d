import { CircleCheckBig } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../components/ui/link-button';
import { usePageMeta } from '../../lib/seo';
import { AuthShell } from './auth-shell';

/** The account-activated notice redirects to sign-in after 4 seconds. */
export const CONFIRM_REDIRECT_MS = 4000;

/** 'Your Account Activated' (/auth/confirm), where the confirmation link lands. */
export function ConfirmPage() {
  usePageMeta({ title: 'Account Activated', noindex: true });
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(CONFIRM_REDIRECT_MS / 1000);

  useEffect(() => {
    const redirect = window.setTimeout(() => navigate('/auth/signin', { replace: true }), CONFIRM_REDIRECT_MS);
    const tick = window.setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => {
      window.clearTimeout(redirect);
      window.clearInterval(tick);
    };
  }, [navigate]);

  return (
    <AuthShell
      title="Your Account Activated"
      subtitle="Your email address is confirmed and your account is ready. You can now sign in."
      icon={CircleCheckBig}
    >
      <div className="space-y-4">
        <LinkButton to="/auth/signin" replace fullWidth size="lg">
          Sign in now
        </LinkButton>
        <p className="text-center text-sm text-slate-500">
          <span aria-hidden="true">
            Redirecting to sign in in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}...
          </span>
          <span className="sr-only">You will be taken to the sign-in page in a few seconds.</span>
        </p>
      </div>
    </AuthShell>
  );
}
