import { cn } from './cn';

/** A 0-100 progress bar that fills in brand colours, green once `done`. */
export function ProgressBar({ label, percent, valueText, done }: { label: string; percent: number; valueText: string; done: boolean }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className="mt-3 h-3 overflow-hidden rounded-full bg-slate-100"
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-700 ease-out', done ? 'bg-green-500' : 'bg-gradient-to-r from-brand-600 to-brand-400')}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
