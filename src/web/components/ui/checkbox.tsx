import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from './cn';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The clickable label next to the box. */
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, className, id, ...rest }: CheckboxProps) {
  return (
    <label htmlFor={id} className={cn('inline-flex cursor-pointer items-start gap-2.5 text-sm text-slate-700', className)}>
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-700"
        {...rest}
      />
      <span>{label}</span>
    </label>
  );
}
