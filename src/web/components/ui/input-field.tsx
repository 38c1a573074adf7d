import { useId, type ReactNode } from 'react';
import { Input, type InputProps } from './input';
import { Label } from './label';

/** An input under its label, joined by an id made here; `className` is the wrapper's. */
export function InputField({ label, className, ...input }: Omit<InputProps, 'id'> & { label: ReactNode }) {
  const id = useId();
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...input} />
    </div>
  );
}
