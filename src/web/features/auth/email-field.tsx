import { useId } from 'react';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

/** The 'Email Address' field of the sign-in and password-recovery forms. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>Email Address</Label>
      <Input
        id={id}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@company.com"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
      />
    </div>
  );
}
