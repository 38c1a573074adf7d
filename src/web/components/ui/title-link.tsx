import { Link } from 'react-router';
import { cn } from './cn';

/** The name of an item in a list, linking to the item. */
export function TitleLink({ to, className, children }: { to: string; className?: string; children: string }) {
  return (
    <Link
      to={to}
      className={cn(
        'font-semibold text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        className,
      )}
    >
      {children}
    </Link>
  );
}
