import { Check, Hourglass } from 'lucide-react';
import { cn } from '../../components/ui/cn';
import { ProgressBar } from '../../components/ui/progress-bar';
import { t } from '../../lib/i18n';
import { RUN_STEPS, RUN_STEP_ORDER, SLOW_AFTER_SECONDS, SLOW_HINT, stepText, type RunStep } from './assessment-run';

const SHORT_NAMES: Record<RunStep, string> = {
  validating: 'assessment.progress.stepValidating',
  searching: 'assessment.progress.stepSearching',
  scraping: 'assessment.progress.stepScraping',
  mapping: 'assessment.progress.stepMapping',
  analysing: 'assessment.progress.stepAnalysing',
  completed: 'assessment.progress.stepCompleted',
};

export interface ProgressPanelProps {
  step: RunStep;
  elapsedSeconds: number;
  done: boolean;
}

/** The run's progress: step text, percentage bar, elapsed seconds and the slow-run hint. */
export function ProgressPanel({ step, elapsedSeconds, done }: ProgressPanelProps) {
  const progress = RUN_STEPS[step].progress;
  const text = stepText(step, elapsedSeconds);
  const current = RUN_STEP_ORDER.indexOf(step);
  return (
    <section aria-labelledby="progress-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="progress-heading" className="text-sm font-semibold text-slate-900">
          {done ? t('assessment.progress.complete') : t('assessment.progress.generating')}
        </h2>
        <p className="text-sm text-slate-600 tabular-nums">
          <span className="font-semibold text-slate-900">{progress}%</span>
          <span className="mx-2 text-slate-300" aria-hidden>
            |
          </span>
          {t('assessment.progress.elapsed', { seconds: elapsedSeconds })}
        </p>
      </div>
      <p aria-live="polite" className="mt-3 flex items-center gap-2 text-sm font-medium text-brand-800">
        {done ? <Check className="size-4 text-green-600" aria-hidden /> : <Hourglass className="size-4 animate-pulse" aria-hidden />}
        {text}
      </p>
      <ProgressBar label={t('assessment.progress.label')} percent={progress} valueText={t('assessment.progress.valueText', { progress, text })} done={done} />
      <ol className="mt-4 grid grid-cols-3 gap-2 text-xs sm:grid-cols-6" aria-label={t('assessment.progress.steps')}>
        {RUN_STEP_ORDER.map((s, i) => {
          const state = i < current || done ? 'done' : i === current ? 'current' : 'todo';
          return (
            <li
              key={s}
              aria-current={state === 'current' ? 'step' : undefined}
              className={cn(
                'flex items-center gap-1.5 rounded-md px-2 py-1.5',
                state === 'done' && 'bg-green-50 text-green-800',
                state === 'current' && 'bg-brand-50 font-semibold text-brand-800',
                state === 'todo' && 'bg-slate-50 text-slate-500',
              )}
            >
              <span
                className={cn(
                  'flex size-4 shrink-0 items-center justify-center rounded-full text-[10px] font-bold',
                  state === 'done' ? 'bg-green-600 text-white' : state === 'current' ? 'bg-brand-600 text-white' : 'bg-slate-200',
                )}
                aria-hidden
              >
                {state === 'done' ? <Check className="size-3" /> : i + 1}
              </span>
              {t(SHORT_NAMES[s])}
            </li>
          );
        })}
      </ol>
      {!done && elapsedSeconds >= SLOW_AFTER_SECONDS && (
        <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">{t(SLOW_HINT)}</p>
      )}
    </section>
  );
}
