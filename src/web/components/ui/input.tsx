import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from './cn';
import { fieldClasses } from './field-styles';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, type = 'text', ...rest }: InputProps) {
  return <input type={type} className={cn(fieldClasses, 'h-11', className)} {...rest} />;
}
