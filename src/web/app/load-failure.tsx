import { Component, type ReactNode } from 'react';
import { t } from '../lib/i18n';

/** Used when even the screen's code cannot be loaded (offline, or a deploy replaced the files). */
function PlainErrorText({ title }: { title: string }) {
  return (
    <section className="px-4 py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-8 rounded-lg bg-brand-700 px-5 py-3 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('common.error.refresh')}
      </button>
    </section>
  );
}

export class LoadFailureBoundary extends Component<{ title: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <PlainErrorText title={this.props.title} /> : this.props.children;
  }
}
