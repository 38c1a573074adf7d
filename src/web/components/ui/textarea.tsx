import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { fieldClasses } from './field-styles';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, rows = 5, ...rest }: TextareaProps) {
  return <textarea rows={rows} className={cn(fieldClasses, 'min-h-24 py-2.5 leading-relaxed', className)} {...rest} />;
}
