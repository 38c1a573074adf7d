import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn';
import { Container } from '../../components/ui/container';
import type { IconItem } from '../../components/ui/icon-list';
import { t } from '../../lib/i18n';

/** An icon item whose title and text are message ids. */
export interface MessageItem {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** The items in the active language (call it while rendering). */
export const inWords = (items: readonly MessageItem[]): IconItem[] => items.map((i) => ({ ...i, title: t(i.title), text: t(i.text) }));

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
