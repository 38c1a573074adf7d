import { cn } from '../../components/ui/cn';
import { t } from '../../lib/i18n';

/** A figure and its caption, both message ids (a figure is written the language's way: '99.9%', '99,9 %'). */
export interface Metric {
  value: string;
  label: string;
}

/** The product's published marketing claims, shown as copy (nothing measures them). */
export const HEADLINE_METRICS: readonly Metric[] = [
  { value: 'home.metrics.accuracyValue', label: 'home.metrics.accuracy' },
  { value: 'home.metrics.resultsValue', label: 'home.metrics.results' },
  { value: 'home.metrics.usersValue', label: 'home.metrics.users' },
  { value: 'home.metrics.riskFactorsValue', label: 'home.metrics.riskFactors' },
];

export const PLATFORM_METRICS: readonly Metric[] = [
  { value: 'marketing.metrics.fasterValue', label: 'marketing.metrics.faster' },
  { value: 'marketing.metrics.perAssessmentValue', label: 'marketing.metrics.perAssessment' },
  { value: 'marketing.metrics.riskFactorsValue', label: 'marketing.metrics.riskFactors' },
  { value: 'marketing.metrics.availabilityValue', label: 'marketing.metrics.availability' },
  { value: 'marketing.metrics.accuracyValue', label: 'marketing.metrics.accuracy' },
  { value: 'marketing.metrics.usersValue', label: 'marketing.metrics.users' },
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
          <dt className={cn('mt-1 text-sm font-medium', dark ? 'text-brand-200' : 'text-slate-600')}>{t(m.label)}</dt>
          <dd className={cn('text-3xl font-bold tracking-tight sm:text-4xl', dark ? 'text-white' : 'text-brand-800')}>{t(m.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
