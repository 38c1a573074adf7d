import { cn } from '../components/ui/cn';

/** The Corisk mark (shield + check) and word mark. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" fill="#0f2a4a" />
      <path d="M16 5l9 4v6c0 6-4 10.5-9 12-5-1.5-9-6-9-12V9z" fill="#22c55e" />
      <path d="M12 16l3 3 5-6" stroke="#fff" strokeWidth="2.4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Logo({ productName, inverted = false }: { productName: string; inverted?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2.5">
      <LogoMark className={inverted ? 'rounded-[7px] ring-1 ring-white/20' : undefined} />
      <span className={cn('text-xl font-bold tracking-tight', inverted ? 'text-white' : 'text-brand-900')}>{productName}</span>
    </span>
  );
}
