import type { IconListLook } from '../../components/ui/icon-list';

/** The looks of the marketing pages' icon lists. */
export const LOOKS = {
  benefit: { list: 'mt-14 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3', item: 'flex gap-4', icon: 'size-5', badge: 'inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-500/10 text-accent-600', body: 'div', title: ['h3', 'font-semibold text-slate-900'], text: ['p', 'mt-1 text-sm leading-relaxed text-slate-600'] },
  value: { list: 'mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4', item: 'rounded-2xl bg-white/5 p-6 ring-1 ring-white/10', icon: 'size-6 text-accent-400', title: ['h3', 'mt-4 text-lg font-semibold'], text: ['p', 'mt-2 text-sm leading-relaxed text-brand-100'] },
  security: { list: 'mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4', item: 'rounded-2xl border border-slate-200 p-6', icon: 'size-6 text-brand-600', title: ['h3', 'mt-4 font-semibold text-slate-900'], text: ['p', 'mt-2 text-sm leading-relaxed text-slate-600'] },
  risk: { list: 'mt-6 grid gap-4 sm:grid-cols-2', item: 'flex gap-3', icon: 'size-4', badge: 'mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700', body: 'div', title: ['p', 'text-sm font-semibold text-slate-900'], text: ['p', 'mt-0.5 text-sm leading-relaxed text-slate-600'] },
  available: { list: 'mt-3 grid gap-4 md:grid-cols-3', item: 'flex gap-3 rounded-2xl bg-white/80 p-5 ring-1 ring-slate-200', icon: 'mt-0.5 size-5 shrink-0 text-brand-600', body: 'div', title: ['p', 'font-semibold text-slate-900'], text: ['p', 'mt-1 text-sm text-slate-600'] },
} satisfies Record<string, IconListLook>;
