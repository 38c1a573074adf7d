import { cn } from '../../components/ui/cn';

export interface Metric {
  value: string;
  label: string;
}

/** The product's published marketing claims, shown as copy (nothing measures them). */
export const HEADLINE_METRICS: readonly Metric[] = [
  { value: '99.9%', label: 'Accuracy' },
  { value: '< 3 s', label: 'Results delivered' },
  { value: '10,000+', label: 'Users' },
  { value: '15+', label: 'Risk factors analysed' },
];

export const PLATFORM_METRICS: readonly Metric[] = [
  { value: '90%', label: 'Faster than traditional methods' },
  { value: '< 2 min', label: 'Per assessment' },
  { value: '15+', label: 'Risk factors' },
  { value: '24/7', label: 'Availability' },
  { value: '99.9%', label: 'Accuracy' },
  { value: '10,000+', label: 'Users' },
];

export interface MetricsBandProps {
  metrics: readonly Metric[];
  /** Accessible name of the list. */
  label: string;
  tone?: 'light' | 'dark';
  className?: string;
}

/** A row of big figures with their captions. */
export function MetricsBand({ metrics, label, tone = 'light', className }: MetricsBandProps) {
  const dark = tone === 'dark';
  const columns = metrics.length > 4 ? 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-6' : 'grid-cols-2 lg:grid-cols-4';
  return (
    <dl aria-label={label} className={cn('grid gap-x-6 gap-y-8', columns, className)}>
      {metrics.map((m) => (
        <div key={m.label} className="flex flex-col-reverse items-center justify-end text-center">
          <dt className={cn('mt-1 text-sm font-medium', dark ? 'text-brand-200' : 'text-slate-600')}>{m.label}</dt>
          <dd className={cn('text-3xl font-bold tracking-tight sm:text-4xl', dark ? 'text-white' : 'text-brand-800')}>{m.value}</dd>
        </div>
      ))}
    </dl>
  );
}
