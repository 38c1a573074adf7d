import { t } from '../../lib/i18n';
import { Spinner } from './spinner';

export interface FullScreenLoaderProps {
  /** Text under the spinner, also announced to screen readers. */
  label?: string;
}

/** A full-screen overlay that blocks the page while something decisive loads (auth state, sign-in call). */
export function FullScreenLoader({ label = t('common.loading.screen') }: FullScreenLoaderProps) {
  return (
    <div
      className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-4 bg-white/80 backdrop-blur-sm"
      role="status"
      aria-live="polite"
      aria-busy="true"
    >
      <Spinner size="lg" className="text-brand-700" label={null} />
      <p className="text-sm font-medium text-slate-600">{label}</p>
    </div>
  );
}
