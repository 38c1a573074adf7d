import type { HTMLAttributes } from 'react';
import { cn } from './cn';

/** The page-width wrapper every screen uses (same gutters as the nav bar and footer). */
export function Container({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8', className)} {...rest} />;
}
