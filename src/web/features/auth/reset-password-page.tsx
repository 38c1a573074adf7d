import { KeyRound, LinkIcon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { InputField } from '../../components/ui/input-field';
import { LinkButton } from '../../components/ui/link-button';
import { resetPassword } from '../../lib/auth/auth-api';
import { t } from '../../lib/i18n';
import { usePageMeta } from '../../lib/seo';
import { submitOrStay } from './submit-or-stay';
import { AuthShell } from './auth-shell';

/** Without a token the invalid-link screen stays this long before the redirect to sign-in. */
export const INVALID_LINK_REDIRECT_MS = 5000;
const MIN_PASSWORD_LENGTH = 6;

/** Reset checks (required, at least 6 characters, entries match): the message of the first rule that fails, or null. */
export function validateNewPassword(password: string, confirmation: string): string | null {
  if (!password) return t('auth.reset.passwordRequired');
  if (password.length < MIN_PASSWORD_LENGTH) return t('auth.reset.passwordTooShort', { min: MIN_PASSWORD_LENGTH });
  if (password !== confirmation) return t('auth.password.mismatch');
  return null;
}

function InvalidResetLink() {
  const navigate = useNavigate();
  useEffect(() => {
    toast.error(t('auth.reset.missingToken'), { id: 'invalid-reset-token' });
    const timer = window.setTimeout(() => navigate('/auth/signin', { replace: true }), INVALID_LINK_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <AuthShell
      title={t('auth.reset.invalidTitle')}
      subtitle={t('auth.reset.invalidSubtitle')}
      icon={LinkIcon}
    >
      <div className="space-y-4">
        <LinkButton to="/auth/password-recovery" fullWidth size="lg">
          {t('auth.reset.requestNewLink')}
        </LinkButton>
        <p className="text-center text-xs text-slate-500" role="status">
          {t('auth.redirectNotice')}
        </p>
      </div>
    </AuthShell>
  );
}

function NewPasswordField(props: { label: string; name: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  const { onChange, ...field } = props;
  return <InputField type="password" autoComplete="new-password" {...field} onChange={(e) => onChange(e.target.value)} required />;
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const problem = validateNewPassword(password, confirmation);
    if (problem) {
      toast.error(problem);
      return;
    }
    await submitOrStay(setBusy, t('auth.reset.failed'), async () => {
      await resetPassword(token, password);
      toast.success(t('auth.reset.updated'));
      navigate('/auth/signin', { replace: true });
    });
  }

  return (
    <AuthShell title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} icon={KeyRound}>
      <form noValidate onSubmit={handleSubmit} className="space-y-5" aria-busy={busy}>
        <NewPasswordField
          label={t('auth.reset.newPassword')}
          name="password"
          placeholder={t('auth.reset.newPasswordExample')}
          value={password}
          onChange={setPassword}
        />
        <NewPasswordField
          label={t('auth.reset.confirmPassword')}
          name="confirmPassword"
          placeholder={t('auth.reset.confirmPasswordExample')}
          value={confirmation}
          onChange={setConfirmation}
        />
        <Button type="submit" fullWidth size="lg" loading={busy} loadingText={t('auth.reset.updating')}>
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}

/** 'Set New Password' (/auth/reset-password?access_token=…). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('access_token')?.trim() ?? '';
  usePageMeta({ title: token ? t('auth.reset.title') : t('auth.reset.invalidTitle'), noindex: true });
  return token ? <NewPasswordForm token={token} /> : <InvalidResetLink />;
}
