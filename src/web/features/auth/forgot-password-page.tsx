import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { errorDetail, NetworkError } from '../../lib/api-client';
import { requestPasswordRecovery } from '../../lib/auth/auth-api';
import { t } from '../../lib/i18n';
import { usePageMeta } from '../../lib/seo';
import { EmailField } from './email-field';
import { AuthLink, AuthShell } from './auth-shell';

/** 'Reset Your Password' (/auth/forgot-password and /auth/password-recovery): email required, then the reset link is sent. */
export function ForgotPasswordPage() {
  usePageMeta({ title: t('auth.forgot.title'), description: t('auth.forgot.metaDescription') });
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!email.trim()) {
      toast.error(t('auth.forgot.emailRequired'));
      return;
    }
    setBusy(true);
    try {
      await requestPasswordRecovery(email.trim());
      toast.success(t('auth.forgot.sent'));
      setEmail('');
    } catch (err) {
      toast.error(err instanceof NetworkError ? t('auth.forgot.networkError') : errorDetail(err, t('auth.forgot.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthShell
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      icon={KeyRound}
      footer={<AuthLink to="/auth/signin">{t('auth.forgot.backToLogin')}</AuthLink>}
    >
      <form noValidate onSubmit={handleSubmit} className="space-y-5" aria-busy={busy}>
        <EmailField value={email} onChange={setEmail} />
        <Button type="submit" fullWidth size="lg" loading={busy} loadingText={t('auth.forgot.sending')}>
          {t('auth.forgot.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
