import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn';
import { Container } from '../../components/ui/container';
import { LinkButton } from '../../components/ui/link-button';
import type { IconItem, IconListLook } from '../../components/ui/icon-list';

export interface SectionHeadingProps {
  /** Id of the h2, for the section's aria-labelledby. */
  id: string;
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  align?: 'center' | 'left';
  tone?: 'light' | 'dark';
  className?: string;
}

/** The eyebrow, h2 and lead paragraph that open every marketing section. */
export function SectionHeading({ id, eyebrow, title, description, align = 'center', tone = 'light', className }: SectionHeadingProps) {
  const dark = tone === 'dark';
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow && (
        <p className={cn('text-sm font-semibold tracking-wide uppercase', dark ? 'text-accent-400' : 'text-brand-600')}>{eyebrow}</p>
      )}
      <h2
        id={id}
        className={cn('mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl', dark ? 'text-white' : 'text-slate-900')}
      >
        {title}
      </h2>
      {description && (
        <p className={cn('mt-4 text-base leading-relaxed text-pretty sm:text-lg', dark ? 'text-brand-100' : 'text-slate-600')}>
          {description}
        </p>
      )}
    </div>
  );
}

export interface FeatureCardProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  className?: string;
}

/** An icon, a title and a short text: the building block of the marketing grids. */
export function FeatureCard({ icon, title, children, className }: FeatureCardProps) {
  return (
    <div
      className={cn(
        'group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md',
        className,
      )}
    >
      <div className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 ring-inset">
        {icon}
      </div>
      <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{children}</p>
    </div>
  );
}

/** A grid of FeatureCards, one per item. */
export function FeatureGrid({ items, className }: { items: readonly IconItem[]; className: string }) {
  return (
    <div className={className}>
      {items.map(({ icon: Icon, title, text }) => (
        <FeatureCard key={title} icon={<Icon className="size-5" aria-hidden="true" />} title={title}>
          {text}
        </FeatureCard>
      ))}
    </div>
  );
}

const TONES = { white: 'bg-white py-20 sm:py-24', slate: 'bg-slate-50 py-20 sm:py-24' } as const;

/** A marketing section labelled by its SectionHeading, with what follows the heading. */
export function MarketingSection({ heading, tone, children }: { heading: SectionHeadingProps; tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <section aria-labelledby={heading.id} className={TONES[tone]}>
      <Container>
        <SectionHeading {...heading} />
        {children}
      </Container>
    </section>
  );
}

/** A page's closing call to action: a heading, a line, View Plans and the page's own buttons. */
export function CtaSection({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="bg-slate-50 py-20 sm:py-24">
      <Container className="text-center">
        <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-slate-600">{text}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <LinkButton to="/products" size="lg">
            View Plans <ArrowRight className="size-4" aria-hidden="true" />
          </LinkButton>
          {children}
        </div>
      </Container>
    </section>
  );
}

/** The looks of the marketing pages' icon lists. */
export const LOOKS = {
  benefit: { list: 'mt-14 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3', item: 'flex gap-4', icon: 'size-5', badge: 'inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-500/10 text-accent-600', body: 'div', title: ['h3', 'font-semibold text-slate-900'], text: ['p', 'mt-1 text-sm leading-relaxed text-slate-600'] },
  value: { list: 'mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4', item: 'rounded-2xl bg-white/5 p-6 ring-1 ring-white/10', icon: 'size-6 text-accent-400', title: ['h3', 'mt-4 text-lg font-semibold'], text: ['p', 'mt-2 text-sm leading-relaxed text-brand-100'] },
  security: { list: 'mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4', item: 'rounded-2xl border border-slate-200 p-6', icon: 'size-6 text-brand-600', title: ['h3', 'mt-4 font-semibold text-slate-900'], text: ['p', 'mt-2 text-sm leading-relaxed text-slate-600'] },
  risk: { list: 'mt-6 grid gap-4 sm:grid-cols-2', item: 'flex gap-3', icon: 'size-4', badge: 'mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700', body: 'div', title: ['p', 'text-sm font-semibold text-slate-900'], text: ['p', 'mt-0.5 text-sm leading-relaxed text-slate-600'] },
  available: { list: 'mt-3 grid gap-4 md:grid-cols-3', item: 'flex gap-3 rounded-2xl bg-white/80 p-5 ring-1 ring-slate-200', icon: 'mt-0.5 size-5 shrink-0 text-brand-600', body: 'div', title: ['p', 'font-semibold text-slate-900'], text: ['p', 'mt-1 text-sm text-slate-600'] },
} satisfies Record<string, IconListLook>;
