import { LogIn } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { isConfirmErrorCode, type ConfirmErrorCode } from '../../../shared/contracts/auth';
import { planStatusResponseSchema } from '../../../shared/contracts/billing';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { FullScreenLoader } from '../../components/ui/full-screen-loader';
import { Label } from '../../components/ui/label';
import { apiJson } from '../../lib/api-client';
import { signIn as postSignIn } from '../../lib/auth/auth-api';
import { useSessionActions } from '../../lib/auth/auth-state';
import { clearPlanStatus, writePlanStatus } from '../../entities/billing/plan-status';
import { T, t } from '../../lib/i18n';
import { usePageMeta } from '../../lib/seo';
import { EmailField } from './email-field';
import { AuthLink, AuthShell } from './auth-shell';
import { submitOrStay } from './submit-or-stay';
import { PasswordInput } from './password-input';

/**
 * Call 8 right after sign-in, with the new token: the plan status is stored under plan_status.
 * A failure does not block the sign-in; the previous user's copy is dropped so it cannot show.
 */
async function storePlanStatus(accessToken: string): Promise<void> {
  try {
    const status = await apiJson('/api/stripe/plan-status', planStatusResponseSchema, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    writePlanStatus(status);
  } catch {
    clearPlanStatus();
    toast.error(t('auth.signin.planStatusFailed'));
  }
}

/**
 * The page the guard sent the user from (its `from` state), when it is a path of this site
 * outside the auth screens; null otherwise. Never an absolute or protocol-relative URL, so a
 * crafted link cannot send a user elsewhere after signing in.
 */
export function returnPath(state: unknown): string | null {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(from, 'https://corisk.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://corisk.invalid' || url.pathname.startsWith('/auth/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A confirmation link's error (?error=<code>) as a message id: the contract's confirmErrorMessages, in the reader's language. */
const CONFIRM_ERROR_MESSAGES: Record<ConfirmErrorCode, string> = {
  confirm_invalid: 'domain.confirmError.invalid',
  confirm_used: 'domain.confirmError.used',
  confirm_expired: 'domain.confirmError.expired',
};

/** Sign-in (/auth/signin): to the page the guard came from after a session ran out, else to /dashboard. */
export function SignInPage() {
  usePageMeta({ title: t('auth.signin.metaTitle'), description: t('auth.signin.metaDescription') });
  const navigate = useNavigate();
  const location = useLocation();
  const { signIn } = useSessionActions();
  const [params, setParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const passwordId = useId();
  const rememberId = useId();

  // A confirmation link that could not be used lands here with ?error=<code>.
  const errorCode = params.get('error');
  useEffect(() => {
    if (!errorCode) return;
    if (isConfirmErrorCode(errorCode)) toast.error(t(CONFIRM_ERROR_MESSAGES[errorCode]), { id: `confirm-${errorCode}` });
    setParams(
      (p) => {
        p.delete('error');
        return p;
      },
      { replace: true },
    );
  }, [errorCode, setParams]);

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!email.trim() || !password) {
      toast.error(t('auth.signin.required'));
      return;
    }
    await submitOrStay(setBusy, t('auth.signin.failed'), async () => {
      const session = await postSignIn(email.trim(), password);
      toast.success(t('auth.signin.success'));
      await storePlanStatus(session.access_token);
      signIn(session, remember);
      const back = returnPath(location.state);
      // Back where the session ran out, in place of the sign-in entry (Back does not show sign-in again).
      navigate(back ?? '/dashboard', back ? { replace: true } : undefined);
    });
  }

  return (
    <AuthShell
      title={t('auth.signin.title')}
      subtitle={t('auth.signin.subtitle')}
      icon={LogIn}
      withHighlights
      footer={<T id="auth.signin.newToCorisk" components={{ 0: <AuthLink to="/auth/signup">{null}</AuthLink> }} />}
    >
      {busy && <FullScreenLoader label={t('auth.signin.loading')} />}
      <form noValidate onSubmit={handleSubmit} className="space-y-5" aria-busy={busy}>
        <EmailField value={email} onChange={setEmail} />
        <div>
          <div className="mb-1.5 flex items-baseline justify-between gap-3">
            <Label htmlFor={passwordId} className="mb-0">
              {t('auth.field.password')}
            </Label>
            <AuthLink to="/auth/forgot-password" className="text-sm">
              {t('auth.signin.forgotPassword')}
            </AuthLink>
          </div>
          <PasswordInput
            id={passwordId}
            name="password"
            autoComplete="current-password"
            placeholder={t('auth.signin.passwordExample')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            visible={showPassword}
            onVisibleChange={setShowPassword}
            required
          />
        </div>
        <Checkbox
          id={rememberId}
          label={t('auth.signin.remember')}
          checked={remember}
          onChange={(e) => setRemember(e.target.checked)}
        />
        <Button type="submit" fullWidth size="lg" disabled={busy}>
          {t('auth.signin.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
