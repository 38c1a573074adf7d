import { cn } from './cn';

/** A 0-100 bar for screen readers (`role` progressbar or meter) with its fill `width` percent wide. */
export function FilledBar(props: {
  role: 'progressbar' | 'meter';
  label: string;
  value: number;
  valueText?: string;
  width: number;
  className: string;
  fillClassName: string;
}) {
  return (
    <div
      role={props.role}
      aria-label={props.label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={props.value}
      aria-valuetext={props.valueText}
      className={props.className}
    >
      <div className={cn('h-full rounded-full', props.fillClassName)} style={{ width: `${props.width}%` }} />
    </div>
  );
}

/** A 0-100 progress bar that fills in brand colours, green once `done`. */
export function ProgressBar({ label, percent, valueText, done }: { label: string; percent: number; valueText: string; done: boolean }) {
  const fill = done ? 'bg-green-500' : 'bg-gradient-to-r from-brand-600 to-brand-400';
  return (
    <FilledBar
      role="progressbar"
      label={label}
      value={percent}
      valueText={valueText}
      width={percent}
      className="mt-3 h-3 overflow-hidden rounded-full bg-slate-100"
      fillClassName={`transition-[width] duration-700 ease-out ${fill}`}
    />
  );
}
