import { UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Input, type InputProps } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { signUp } from '../../lib/auth/auth-api';
import { localised, T, t } from '../../lib/i18n';
import { usePageMeta } from '../../lib/seo';
import { AuthLink, AuthShell } from './auth-shell';
import { submitOrStay } from './submit-or-stay';
import { PasswordInput } from './password-input';

interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  companyName: string;
  fiscalNumber: string;
}

const EMPTY: SignupValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  companyName: '',
  fiscalNumber: '',
};

/**
 * Sign-up checks: the message of the first rule that fails, or null.
 * Confirm Password is required (and must match) only while the password is hidden.
 */
export function validateSignup(v: SignupValues, passwordShown: boolean, agreed: boolean): string | null {
  const required = [v.firstName, v.lastName, v.email, v.companyName, v.fiscalNumber].every((s) => s.trim() !== '');
  if (!required || !v.password || (!passwordShown && !v.confirmPassword)) return t('auth.signup.required');
  if (!passwordShown && v.password !== v.confirmPassword) return t('auth.password.mismatch');
  if (!agreed) return t('auth.signup.mustAgree');
  return null;
}

function Field({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={id} required>
        {label}
      </Label>
      {children}
    </div>
  );
}

function TextField({ label, ...rest }: InputProps & { label: string; id: string }) {
  return (
    <Field label={label} id={rest.id}>
      <Input required {...rest} />
    </Field>
  );
}

/** Sign-up (/auth/signup). */
export function SignUpPage() {
  usePageMeta({ title: t('auth.signup.title'), description: t('auth.signup.metaDescription') });
  const navigate = useNavigate();
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [showPassword, setShowPassword] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const ids = {
    firstName: `${id}-first`,
    lastName: `${id}-last`,
    email: `${id}-email`,
    password: `${id}-password`,
    confirmPassword: `${id}-confirm`,
    companyName: `${id}-company`,
    fiscalNumber: `${id}-fiscal`,
    agree: `${id}-agree`,
    hint: `${id}-hint`,
  };

  const set = (key: keyof SignupValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const problem = validateSignup(values, showPassword, agreed);
    if (problem) {
      toast.error(problem);
      return;
    }
    await submitOrStay(setBusy, t('auth.signup.failed'), async () => {
      await signUp({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
        // While the password is shown in plain text there is no separate confirmation.
        confirmPassword: showPassword ? values.password : values.confirmPassword,
        companyName: values.companyName.trim(),
        fiscalNumber: values.fiscalNumber.trim(),
      });
      toast.success(t('auth.signup.success'));
      navigate('/');
    });
  }

  return (
    <AuthShell
      title={t('auth.signup.title')}
      subtitle={t('auth.signup.subtitle')}
      icon={UserPlus}
      wide
      footer={<T id="auth.signup.haveAccount" components={{ 0: <AuthLink to="/auth/signin">{null}</AuthLink> }} />}
    >
      <form noValidate onSubmit={handleSubmit} className="space-y-5" aria-busy={busy}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t('auth.signup.firstName')} id={ids.firstName} name="firstName" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} />
          <TextField label={t('auth.signup.lastName')} id={ids.lastName} name="lastName" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} />
        </div>
        <TextField
          label={t('auth.field.email')}
          id={ids.email}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('auth.field.emailExample')}
          value={values.email}
          onChange={set('email')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('auth.field.password')} id={ids.password}>
            <PasswordInput
              id={ids.password}
              name="password"
              autoComplete="new-password"
              placeholder={t('auth.signup.passwordExample')}
              aria-describedby={ids.hint}
              value={values.password}
              onChange={set('password')}
              visible={showPassword}
              onVisibleChange={setShowPassword}
              required
            />
            <p id={ids.hint} className="mt-1.5 text-xs text-slate-500">
              {showPassword ? t('auth.signup.passwordVisibleHint') : t('auth.signup.passwordHint')}
            </p>
          </Field>
          {!showPassword && (
            <TextField
              label={t('auth.signup.confirmPassword')}
              id={ids.confirmPassword}
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              placeholder={t('auth.signup.confirmPasswordExample')}
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
            />
          )}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t('auth.signup.companyName')} id={ids.companyName} name="companyName" autoComplete="organization" value={values.companyName} onChange={set('companyName')} />
          <TextField label={t('auth.signup.fiscalNumber')} id={ids.fiscalNumber} name="fiscalNumber" placeholder={t('auth.signup.fiscalNumberExample')} value={values.fiscalNumber} onChange={set('fiscalNumber')} />
        </div>
        <div className="flex items-start gap-2.5 text-sm text-slate-700">
          <input
            id={ids.agree}
            type="checkbox"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
            className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-700"
          />
          <label htmlFor={ids.agree} className="cursor-pointer">
            <T
              id="auth.signup.agree"
              components={{
                0: <AuthLink to={localised('/support/terms-of-service')}>{null}</AuthLink>,
                1: <AuthLink to={localised('/support/privacy-policy')}>{null}</AuthLink>,
              }}
            />
          </label>
        </div>
        <Button type="submit" fullWidth size="lg" loading={busy} loadingText={t('auth.signup.submitting')}>
          {t('auth.signup.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
