import { InputField } from '../../components/ui/input-field';
import { t } from '../../lib/i18n';

/** The 'Email Address' field of the sign-in and password-recovery forms. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <InputField
      label={t('auth.field.email')}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      placeholder={t('auth.field.emailExample')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required
    />
  );
}
