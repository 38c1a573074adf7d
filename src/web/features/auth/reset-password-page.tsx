import { KeyRound, LinkIcon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { InputField } from '../../components/ui/input-field';
import { LinkButton } from '../../components/ui/link-button';
import { resetPassword } from '../../lib/auth/auth-api';
import { usePageMeta } from '../../lib/seo';
import { submitOrStay } from './submit-or-stay';
import { AuthShell } from './auth-shell';

/** Without a token the invalid-link screen stays this long before the redirect to sign-in. */
export const INVALID_LINK_REDIRECT_MS = 5000;
const MIN_PASSWORD_LENGTH = 6;

/** Reset checks (required, at least 6 characters, entries match): the message of the first rule that fails, or null. */
export function validateNewPassword(password: string, confirmation: string): string | null {
  if (!password) return 'Please enter a new password';
  if (password.length < MIN_PASSWORD_LENGTH) return 'Password must be at least 6 characters long';
  if (password !== confirmation) return 'Passwords do not match';
  return null;
}

function InvalidResetLink() {
  const navigate = useNavigate();
  useEffect(() => {
    toast.error('Invalid or missing reset token', { id: 'invalid-reset-token' });
    const timer = window.setTimeout(() => navigate('/auth/signin', { replace: true }), INVALID_LINK_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <AuthShell
      title="Invalid Reset Link"
      subtitle="This password reset link is invalid or has expired. Request a new link to reset your password."
      icon={LinkIcon}
    >
      <div className="space-y-4">
        <LinkButton to="/auth/password-recovery" fullWidth size="lg">
          Request New Reset Link
        </LinkButton>
        <p className="text-center text-xs text-slate-500" role="status">
          You will be taken to the sign-in page in a few seconds.
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
    await submitOrStay(setBusy, 'Failed to update password', async () => {
      await resetPassword(token, password);
      toast.success('Password updated successfully! Please sign in with your new password.');
      navigate('/auth/signin', { replace: true });
    });
  }

  return (
    <AuthShell title="Set New Password" subtitle="Choose a new password for your account." icon={KeyRound}>
      <form noValidate onSubmit={handleSubmit} className="space-y-5" aria-busy={busy}>
        <NewPasswordField label="New Password" name="password" placeholder="At least 8 characters" value={password} onChange={setPassword} />
        <NewPasswordField label="Confirm New Password" name="confirmPassword" placeholder="Repeat the new password" value={confirmation} onChange={setConfirmation} />
        <Button type="submit" fullWidth size="lg" loading={busy} loadingText="Updating...">
          Update Password
        </Button>
      </form>
    </AuthShell>
  );
}

/** 'Set New Password' (/auth/reset-password?access_token=…). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('access_token')?.trim() ?? '';
  usePageMeta({ title: token ? 'Set New Password' : 'Invalid Reset Link', noindex: true });
  return token ? <NewPasswordForm token={token} /> : <InvalidResetLink />;
}
