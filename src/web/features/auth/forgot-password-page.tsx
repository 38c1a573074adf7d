import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { errorDetail, NetworkError } from '../../lib/api-client';
import { requestPasswordRecovery } from '../../lib/auth/auth-api';
import { usePageMeta } from '../../lib/seo';
import { EmailField } from './email-field';
import { AuthLink, AuthShell } from './auth-shell';

/** 'Reset Your Password' (/auth/forgot-password and /auth/password-recovery): email required, then the reset link is sent. */
export function ForgotPasswordPage() {
  usePageMeta({ title: 'Reset Your Password', description: 'Get a link to set a new password for your Corisk account.' });
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!email.trim()) {
      toast.error('Please enter your email address');
      return;
    }
    setBusy(true);
    try {
      await requestPasswordRecovery(email.trim());
      toast.success('Password reset link sent! Check your email');
      setEmail('');
    } catch (err) {
      toast.error(err instanceof NetworkError ? 'Network error. Please try again.' : errorDetail(err, 'Failed to send reset email'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthShell
      title="Reset Your Password"
      subtitle="Enter the email address of your account and we will send you a link to set a new password."
      icon={KeyRound}
      footer={<AuthLink to="/auth/signin">Go back to login</AuthLink>}
    >
      <form noValidate onSubmit={handleSubmit} className="space-y-5" aria-busy={busy}>
        <EmailField value={email} onChange={setEmail} />
        <Button type="submit" fullWidth size="lg" loading={busy} loadingText="Sending...">
          Send Reset Link
        </Button>
      </form>
    </AuthShell>
  );
}
