import { CheckCircle2, Clock, Gauge } from 'lucide-react';
import { cn } from '../../components/ui/cn';
import { T, t } from '../../lib/i18n';
import type { UsageColour, UsageMessageType, UsageStatus } from './usage-limiter';

const BAR: Record<UsageColour, string> = {
  green: 'bg-green-500',
  yellow: 'bg-yellow-400',
  orange: 'bg-orange-500',
  red: 'bg-red-600',
};

const MESSAGE: Record<UsageMessageType, { box: string; icon: typeof Gauge }> = {
  success: { box: 'bg-green-50 text-green-800 ring-green-200', icon: CheckCircle2 },
  info: { box: 'bg-sky-50 text-sky-900 ring-sky-200', icon: Clock },
  default: { box: 'bg-slate-50 text-slate-700 ring-slate-200', icon: Gauge },
};

/** The usage panel (refreshed every 10 s): requests used in the rolling hour, bar and message. */
export function UsagePanel({ status }: { status: UsageStatus }) {
  const { icon: Icon, box } = MESSAGE[status.type];
  return (
    <section aria-labelledby="usage-heading" className="flex flex-col gap-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="usage-heading" className="text-sm font-semibold text-slate-900">
          {t('assessment.usage.title')}
        </h2>
        <p className="text-sm text-slate-600 tabular-nums">
          <T id="assessment.usage.used" values={{ used: status.used, limit: status.limit }} components={{ 0: <span className="font-semibold text-slate-900" /> }} />
        </p>
      </div>
      <div
        role="meter"
        aria-label={t('assessment.usage.meterLabel')}
        aria-valuemin={0}
        aria-valuemax={status.limit}
        aria-valuenow={status.used}
        aria-valuetext={t('assessment.usage.meterValue', { used: status.used, limit: status.limit })}
        data-colour={status.colour}
        className="h-2.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn('h-full rounded-full transition-[width] duration-500', BAR[status.colour])}
          style={{ width: `${status.percent}%` }}
        />
      </div>
      <p
        role="status"
        data-type={status.type}
        className={cn('flex items-start gap-2 rounded-lg px-3 py-2.5 text-sm ring-1 ring-inset', box)}
      >
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{status.message}</span>
      </p>
    </section>
  );
}
