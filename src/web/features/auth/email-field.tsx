import { InputField } from '../../components/ui/input-field';

/** The 'Email Address' field of the sign-in and password-recovery forms. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <InputField
      label="Email Address"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@company.com"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required
    />
  );
}
