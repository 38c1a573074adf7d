import { t } from '../../lib/i18n';
import { cn } from './cn';

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

export interface SpinnerProps {
  size?: keyof typeof sizes;
  className?: string;
  /** Accessible label; null when the spinner is decorative (e.g. inside a busy button). */
  label?: string | null;
}

export function Spinner({ size = 'md', className, label = t('common.loading.spinner') }: SpinnerProps) {
  const decorative = label === null;
  return (
    <span
      role={decorative ? undefined : 'status'}
      aria-hidden={decorative || undefined}
      className={cn('inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent', sizes[size], className)}
    >
      {!decorative && <span className="sr-only">{label}</span>}
    </span>
  );
}
