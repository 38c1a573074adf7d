import { CircleCheckBig } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../components/ui/link-button';
import { t } from '../../lib/i18n';
import { usePageMeta } from '../../lib/seo';
import { AuthShell } from './auth-shell';

/** The account-activated notice redirects to sign-in after 4 seconds. */
export const CONFIRM_REDIRECT_MS = 4000;

/** 'Your Account Activated' (/auth/confirm), where the confirmation link lands. */
export function ConfirmPage() {
  usePageMeta({ title: t('auth.confirm.metaTitle'), noindex: true });
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
      title={t('auth.confirm.title')}
      subtitle={t('auth.confirm.subtitle')}
      icon={CircleCheckBig}
    >
      <div className="space-y-4">
        <LinkButton to="/auth/signin" replace fullWidth size="lg">
          {t('auth.confirm.signIn')}
        </LinkButton>
        <p className="text-center text-sm text-slate-500">
          <span aria-hidden="true">{t('auth.confirm.redirecting', { count: secondsLeft })}</span>
          <span className="sr-only">{t('auth.redirectNotice')}</span>
        </p>
      </div>
    </AuthShell>
  );
}
