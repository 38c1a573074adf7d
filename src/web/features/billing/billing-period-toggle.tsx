import { useId } from 'react';
import type { BillingPeriod } from '../../../shared/plans';
import { cn } from '../../components/ui/cn';
import { t } from '../../lib/i18n';

export interface BillingPeriodToggleProps {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
  /** Short note next to the yearly option, e.g. 'Save 17%'. */
  yearlyNote?: string | null;
}

/** `label`: a message id. */
const OPTIONS: { value: BillingPeriod; label: string }[] = [
  { value: 'month', label: 'billing.period.monthlyBilling' },
  { value: 'year', label: 'billing.period.yearlyBilling' },
];

/**
 * 'Monthly billing' / 'Yearly billing' as a radio group (native radios: arrow keys, labels and
 * screen readers work without scripting), drawn as a segmented control.
 */
export function BillingPeriodToggle({ value, onChange, yearlyNote }: BillingPeriodToggleProps) {
  const name = useId();
  return (
    <fieldset className="inline-flex rounded-full border border-slate-200 bg-white p-1 shadow-sm">
      <legend className="sr-only">{t('billing.period.legend')}</legend>
      {OPTIONS.map((option) => {
        const checked = option.value === value;
        return (
          <label
            key={option.value}
            className={cn(
              'relative flex cursor-pointer items-center gap-2 rounded-full px-3.5 py-2 text-sm font-semibold whitespace-nowrap transition-colors sm:px-5',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
              checked ? 'bg-brand-700 text-white shadow' : 'text-slate-600 hover:text-brand-800',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={checked}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {t(option.label)}
            {option.value === 'year' && yearlyNote && (
              <span
                className={cn(
                  'hidden rounded-full px-2 py-0.5 text-xs font-bold min-[400px]:inline',
                  checked ? 'bg-accent-500 text-brand-950' : 'bg-accent-500/15 text-accent-600',
                )}
              >
                {yearlyNote}
              </span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
